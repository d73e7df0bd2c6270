// How fast the viewer's server gets messages to its clients: FoxgloveWebSocket (the Foxglove
// WebSocket protocol on Leeway's web server, transport/web/) on the loopback, with clients of this
// file's own that speak WebSocket with nothing but POSIX sockets, so that the benchmark builds
// against any revision of the server (civetweb's before e57b340):
//
//   scripts/bench-baseline.sh e57b340^ '^WebDeliver'
//
//   WebDeliver/SIZE/CLIENTS   a batch of messages of SIZE bytes of JSON published on a channel
//                             CLIENTS clients subscribe to, and the time until every client has
//                             read the whole batch. A batch is at most 4 MB, within the 16 MB a
//                             client may have queued: nothing is dropped.
//
// Throughput: messages each client received per second (items_per_second) and the bytes all
// received (bytes_per_second), WebSocket and Foxglove framing not counted.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "leeway/transport/foxglove/foxglove_websocket.h"

namespace leeway {
namespace {

/// A client that subscribes to channel 0 and counts the messageData frames (Foxglove's binary
/// opcode 1) it reads, on a thread of its own.
class CountingClient {
 public:
  explicit CountingClient(int port) {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ok_ = connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    send_all(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Protocol: foxglove.websocket.v1\r\n\r\n");
    // The response's head, then the subscription as a client's (masked) text frame.
    while (ok_ && in_.find("\r\n\r\n") == std::string::npos)
      ok_ = receive();
    in_.erase(0, in_.find("\r\n\r\n") + 4);
    send_all(masked_text(R"({"op":"subscribe","subscriptions":[{"id":1,"channelId":0}]})"));
    reader_ = std::thread([this] { read_frames(); });
  }
  ~CountingClient() {
    shutdown(fd_, SHUT_RDWR);
    reader_.join();
    ::close(fd_);
  }
  CountingClient(const CountingClient&) = delete;
  CountingClient& operator=(const CountingClient&) = delete;

  bool ok() const { return ok_; }
  /// Waits until `count` messages have come, up to 10 s: whether they did.
  bool wait_for(std::uint64_t count) {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, std::chrono::seconds(10), [&] { return received_ >= count; });
  }

 private:
  void send_all(std::string_view bytes) {
    while (ok_ && !bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) ok_ = false;
      bytes.remove_prefix(n > 0 ? static_cast<std::size_t>(n) : bytes.size());
    }
  }
  bool receive() {
    char buffer[1 << 16];
    const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    in_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }
  /// RFC 6455 5.2: a final text frame of under 126 bytes, masked (with a zero mask: one).
  static std::string masked_text(std::string_view text) {
    std::string frame{'\x81', static_cast<char>(0x80 | text.size()), 0, 0, 0, 0};
    return frame.append(text);
  }
  void read_frames() {
    std::size_t at = 0;      // the next frame's first byte in in_
    std::uint64_t read = 0;  // messages read since the last count
    while (true) {
      // A server frame's header: 2 bytes, then 0, 2 or 8 bytes of length; never masked.
      while (in_.size() - at >= 2) {
        const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(in_[at + k]); };
        std::uint64_t length = byte(1) & 0x7f;
        std::size_t header = 2;
        if (length >= 126) {
          header += length == 126 ? 2 : 8;
          if (in_.size() - at < header) break;
          length = 0;
          for (std::size_t k = 2; k < header; ++k)
            length = length << 8 | byte(k);
        }
        if (in_.size() - at < header + length) break;
        if ((byte(0) & 0x0f) == 2 && length > 0 && byte(header) == 1) ++read;
        at += header + length;
      }
      if (read > 0) {
        std::lock_guard lock(mutex_);
        received_ += std::exchange(read, 0);
        arrived_.notify_one();
      }
      in_.erase(0, at);
      at = 0;
      if (!receive()) return;
    }
  }

  int fd_ = -1;
  bool ok_ = false;
  std::string in_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::uint64_t received_ = 0;  ///< messageData frames read; guarded by mutex_
  std::thread reader_;
};

void WebDeliver(benchmark::State& bs) {
  const auto size = static_cast<std::size_t>(bs.range(0));
  const auto clients = static_cast<std::size_t>(bs.range(1));
  const std::size_t batch = std::clamp<std::size_t>((4u << 20) / size, 1, 256);
  FoxgloveServerOptions options;
  options.port = 0;
  FoxgloveWebSocket server({{"/bench", "bench", "{}", false}}, {}, options,
                           [](const std::string&, std::string_view) { return std::string(); });
  std::vector<std::unique_ptr<CountingClient>> connected;
  for (std::size_t k = 0; k < clients; ++k) {
    connected.push_back(std::make_unique<CountingClient>(server.port()));
    if (!connected.back()->ok()) return bs.SkipWithError("a client could not connect");
  }
  const auto subscribed_by = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (server.subscriptions() < clients) {
    if (std::chrono::steady_clock::now() > subscribed_by)
      return bs.SkipWithError("the clients did not subscribe within 5 s");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // A JSON object of `size` bytes.
  std::string json = "{\"v\":\"";
  json.append(size - std::min(size, json.size() + 2), 'x').append("\"}");
  std::uint64_t sent = 0;
  for (auto _ : bs) {
    for (std::size_t m = 0; m < batch; ++m)
      server.publish(0, ++sent, json);
    for (const auto& c : connected) {
      if (!c->wait_for(sent))
        return bs.SkipWithError("a client missed messages (dropped by the server?)");
    }
  }
  bs.SetItemsProcessed(static_cast<std::int64_t>(bs.iterations() * batch));
  bs.SetBytesProcessed(static_cast<std::int64_t>(bs.iterations() * batch * json.size() * clients));
}
BENCHMARK(WebDeliver)
    ->ArgsProduct({{64, 4096, 256 << 10}, {1, 4}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace leeway
