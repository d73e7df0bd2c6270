// Leeway's web server (transport/web/): its kernels against the examples of the standards they
// implement (FIPS 180-4's SHA-1 vectors, RFC 4648's base64, RFC 6455's handshake and frames),
// and the live server on the loopback against a raw TCP client that does what a hostile or
// careless one does: reads nothing, sends a frame too large, holds idle sockets, one viewer
// too many.
#include "leeway/transport/web/web_server.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

#include "leeway/transport/web/http_request.h"
#include "leeway/transport/web/static_files.h"
#include "leeway/transport/web/websocket_frame.h"
#include "leeway/transport/web/websocket_handshake.h"

namespace leeway::web {
namespace {

using namespace std::chrono_literals;

std::string hex(const std::array<std::uint8_t, 20>& digest) {
  std::string out;
  for (const std::uint8_t b : digest)
    out += fmt::format("{:02x}", b);
  return out;
}

TEST(Sha1, FipsExamples) {
  // FIPS 180-4's examples (NIST CSRC "SHA1.pdf"): one block, two blocks, and the empty message.
  EXPECT_EQ(hex(sha1("abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(hex(sha1("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
  EXPECT_EQ(hex(sha1("")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  // A million 'a's: padding that spills into a block of its own, and many blocks.
  EXPECT_EQ(hex(sha1(std::string(1000000, 'a'))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

TEST(Base64, Rfc4648Examples) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
}

TEST(WebSocketHandshake, Rfc6455Example) {
  // RFC 6455 §1.3.
  EXPECT_EQ(websocket_accept("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST(WebSocketFrame, Rfc6455Examples) {
  // RFC 6455 §5.7: an unmasked and a masked "Hello", and the two extended lengths.
  const std::string unmasked = "\x81\x05Hello";
  auto f = read_frame_header(unmasked);
  ASSERT_TRUE(f);
  EXPECT_TRUE(f->fin);
  EXPECT_EQ(f->opcode, opcode::kText);
  EXPECT_FALSE(f->masked);
  EXPECT_EQ(f->payload_bytes, 5u);
  EXPECT_EQ(f->header_bytes, 2u);

  std::string masked = "\x81\x85\x37\xfa\x21\x3d\x7f\x9f\x4d\x51\x58";
  f = read_frame_header(masked);
  ASSERT_TRUE(f);
  EXPECT_TRUE(f->masked);
  EXPECT_EQ(f->header_bytes, 6u);
  std::string payload = masked.substr(6);
  // Unmasked in two pieces: the mask continues from where the first piece ended.
  unmask(payload.data(), 2, f->mask, 0);
  unmask(payload.data() + 2, 3, f->mask, 2);
  EXPECT_EQ(payload, "Hello");

  const std::string medium("\x82\x7E\x01\x00", 4);
  f = read_frame_header(medium);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->opcode, opcode::kBinary);
  EXPECT_EQ(f->payload_bytes, 256u);
  EXPECT_EQ(f->header_bytes, 4u);
  const std::string large("\x82\x7F\x00\x00\x00\x00\x00\x01\x00\x00", 10);
  f = read_frame_header(large);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->payload_bytes, 65536u);
  EXPECT_EQ(f->header_bytes, 10u);

  // A header that has not all come yet.
  EXPECT_FALSE(read_frame_header(""));
  EXPECT_FALSE(read_frame_header("\x81"));
  EXPECT_FALSE(read_frame_header(large.substr(0, 9)));
  EXPECT_FALSE(read_frame_header(masked.substr(0, 5)));
}

TEST(WebSocketFrame, HeadersTheRfcForbidsAreRefused) {
  const auto refused = [](std::string_view bytes, std::string_view why) {
    try {
      read_frame_header(bytes);
      ADD_FAILURE() << "accepted " << why;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  refused(std::string("\xC1\x00", 2), "reserved");         // RSV1, no extension
  refused(std::string("\x83\x00", 2), "opcode");           // 3 is reserved
  refused(std::string("\x8B\x00", 2), "opcode");           // so is 0xB
  refused(std::string("\x09\x00", 2), "control");          // a fragmented ping
  refused(std::string("\x89\x7E\x00\x7E", 4), "control");  // a ping of 126 bytes
  refused(std::string("\x82\x7F\x80\0\0\0\0\0\0\0", 10), "most significant");  // top bit
}

TEST(WebSocketFrame, ServerHeadersUseTheShortestLength) {
  for (const std::uint64_t n : {0ull, 125ull, 126ull, 65535ull, 65536ull, 5000000000ull}) {
    const std::string header = frame_header(opcode::kBinary, n);
    const auto f = read_frame_header(header);
    ASSERT_TRUE(f) << n;
    EXPECT_EQ(f->payload_bytes, n);
    EXPECT_EQ(f->header_bytes, header.size());
    EXPECT_EQ(header.size(), n < 126 ? 2u : n < 65536 ? 4u : 10u);
    EXPECT_TRUE(f->fin);
    EXPECT_FALSE(f->masked);
  }
  const std::string close = close_payload(close_code::kTryAgainLater, std::string(300, 'x'));
  EXPECT_EQ(close.size(), 125u);  // a control frame's most: the code and 123 bytes
  EXPECT_EQ(static_cast<std::uint8_t>(close[0]) << 8 | static_cast<std::uint8_t>(close[1]), 1013);
}

TEST(HttpRequest, HeadsAndTheirHeaders) {
  EXPECT_FALSE(read_http_request("GET / HTTP/1.1\r\nHost: x\r\n"));  // no blank line yet
  const std::string head =
      "\r\nGET /index.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive, Upgrade\r\n"
      "UPGRADE:  WebSocket \r\n\r\nleft over";
  const auto read = read_http_request(head);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->head_bytes, head.size() - std::string("left over").size());
  EXPECT_EQ(read->request.method, "GET");
  EXPECT_EQ(read->request.target, "/index.html?x=1");
  EXPECT_EQ(read->request.version, "HTTP/1.1");
  ASSERT_NE(read->request.header("upgrade"), nullptr);
  EXPECT_EQ(*read->request.header("upgrade"), "WebSocket");
  EXPECT_TRUE(read->request.header_lists("connection", "upgrade"));
  EXPECT_TRUE(read->request.header_lists("upgrade", "websocket"));
  EXPECT_FALSE(read->request.header_lists("connection", "close"));
  EXPECT_EQ(read->request.header("sec-websocket-key"), nullptr);
  // Bare LF line ends are taken too (RFC 9112 §2.2).
  EXPECT_TRUE(read_http_request("HEAD / HTTP/1.0\nHost: x\n\n"));

  EXPECT_THROW(read_http_request("GET /\r\n\r\n"), std::invalid_argument);
  EXPECT_THROW(read_http_request("GET / HTTP/1.1 extra\r\n\r\n"), std::invalid_argument);
  EXPECT_THROW(read_http_request("GET / SPDY/3\r\n\r\n"), std::invalid_argument);
  EXPECT_THROW(read_http_request("GET / HTTP/1.1\r\nno colon\r\n\r\n"), std::invalid_argument);
}

/// A folder to serve, with a file beside it that no request may reach.
struct ServedFolder {
  std::filesystem::path base =
      std::filesystem::temp_directory_path() / "leeway_tests" / fmt::format("web_{}", getpid());
  std::filesystem::path root = base / "root";
  ServedFolder() {
    std::filesystem::create_directories(root / "sub");
    std::ofstream(root / "index.html") << "<p>index</p>";
    std::ofstream(root / "app.js") << "export {};";
    std::ofstream(root / "a b.wasm") << "wasm";
    std::ofstream(root / ".hidden") << "secret";
    std::ofstream(root / "sub" / "index.html") << "<p>sub</p>";
    std::ofstream(base / "outside.txt") << "outside";
  }
  ~ServedFolder() { std::filesystem::remove_all(base); }
};

TEST(StaticFiles, OnlyFilesUnderTheRootAreServed) {
  const ServedFolder folder;
  const auto served = [&](std::string_view target) -> std::string {
    const auto file = served_file(folder.root, target);
    return file ? std::filesystem::relative(*file, folder.root).string() : "none";
  };
  EXPECT_EQ(served("/"), "index.html");
  EXPECT_EQ(served("/app.js?v=3#top"), "app.js");
  EXPECT_EQ(served("/a%20b.wasm"), "a b.wasm");
  EXPECT_EQ(served("/sub/"), "sub/index.html");
  EXPECT_EQ(served("/sub"), "sub/index.html");
  EXPECT_EQ(served("/missing.js"), "none");
  EXPECT_EQ(served("/../outside.txt"), "none");
  EXPECT_EQ(served("/%2e%2e/outside.txt"), "none");  // '..' once decoded
  EXPECT_EQ(served("/sub/%2E%2E/%2E%2E/outside.txt"), "none");
  EXPECT_EQ(served("/sub/..%2F..%2Foutside.txt"), "none");  // a '/' decoded inside a segment
  EXPECT_EQ(served("/.hidden"), "none");
  EXPECT_EQ(served("/app.js%00.html"), "none");
  EXPECT_EQ(served("/%zz"), "none");
  EXPECT_EQ(served("/%4"), "none");
  EXPECT_EQ(served("app.js"), "none");  // not an absolute path
  EXPECT_EQ(served("http://host/app.js"), "none");

  EXPECT_EQ(media_type("x/app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(media_type("x/a.wasm"), "application/wasm");
  EXPECT_EQ(media_type("x/index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(media_type("x/blob.bin"), "application/octet-stream");
}

// ---- The live server, on the loopback.

/// A TCP client that speaks WebSocket by hand, so that it can misbehave.
class RawClient {
 public:
  explicit RawClient(int port, int receive_buffer_bytes = 0) {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (receive_buffer_bytes > 0)  // before connect: it sets the window the peer sees
      setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer_bytes, sizeof receive_buffer_bytes);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~RawClient() { ::close(fd_); }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return connected_; }

  void write(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) return;  // the server closed it: what follows will say
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
  }

  /// Reads what arrives within `timeout`; false once the server has closed and all is read.
  bool read_more(std::chrono::milliseconds timeout) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return true;
    char buffer[65536];
    const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    in_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }

  /// The HTTP response's head (through its blank line), or "" if none came within 2 s.
  std::string read_head() {
    const auto deadline = std::chrono::steady_clock::now() + 2s;
    while (in_.find("\r\n\r\n") == std::string::npos && std::chrono::steady_clock::now() < deadline)
      if (!read_more(50ms)) break;
    const std::size_t end = in_.find("\r\n\r\n");
    if (end == std::string::npos) return "";
    std::string head = in_.substr(0, end + 4);
    in_.erase(0, end + 4);
    return head;
  }

  /// Everything until the server closes (within 2 s).
  std::string read_to_end() {
    const auto deadline = std::chrono::steady_clock::now() + 2s;
    while (std::chrono::steady_clock::now() < deadline && read_more(50ms)) {
    }
    return std::exchange(in_, {});
  }

  /// Asks for a WebSocket; the response's status line.
  std::string upgrade() {
    write(
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Protocol: test.v1\r\n\r\n");
    const std::string head = read_head();
    return head.substr(0, head.find("\r\n"));
  }

  /// A client's (masked) frame.
  static std::string frame(std::uint8_t op, std::string_view payload, bool fin = true) {
    std::string header = frame_header(op, payload.size());
    header[0] = static_cast<char>((fin ? 0x80 : 0) | op);
    header[1] = static_cast<char>(header[1] | 0x80);
    const std::array<std::uint8_t, 4> mask{0x12, 0x34, 0x56, 0x78};
    header.append(reinterpret_cast<const char*>(mask.data()), 4);
    std::string body(payload);
    unmask(body.data(), body.size(), mask, 0);
    return header + body;
  }

  struct Frame {
    std::uint8_t opcode;
    std::string payload;
  };
  /// The next frame from the server, or nullopt if none came whole within `timeout`.
  std::optional<Frame> read_frame(std::chrono::milliseconds timeout = 2000ms) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      const auto header = read_frame_header(in_);
      if (header && in_.size() >= header->header_bytes + header->payload_bytes) {
        Frame f{header->opcode, in_.substr(header->header_bytes, header->payload_bytes)};
        in_.erase(0, header->header_bytes + header->payload_bytes);
        return f;
      }
      if (std::chrono::steady_clock::now() > deadline || !read_more(20ms)) return std::nullopt;
    }
  }

 private:
  int fd_ = -1;
  bool connected_ = false;
  std::string in_;
};

/// What a server's Events saw.
struct Seen {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<WebServer::Connection> opened, closed;
  std::vector<std::pair<int, std::string>> messages;
  std::vector<std::uint64_t> oversized;

  WebServer::Events events() {
    return {
        [this](WebServer::Connection c, const std::string&) { note([&] { opened.push_back(c); }); },
        [this](WebServer::Connection, int op, std::string m) {
          note([&] { messages.emplace_back(op, std::move(m)); });
        },
        [this](WebServer::Connection, std::uint64_t bytes) {
          note([&] { oversized.push_back(bytes); });
        },
        [this](WebServer::Connection c) { note([&] { closed.push_back(c); }); },
    };
  }
  template <typename F>
  void note(F f) {
    {
      std::lock_guard lock(mutex);
      f();
    }
    changed.notify_all();
  }
  /// Waits up to 3 s for `done` (called under the lock).
  template <typename F>
  bool wait_for(F done) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, 3s, done);
  }
};

WebServerOptions test_options() {
  WebServerOptions options;
  options.subprotocol = "test.v1";
  return options;
}

TEST(WebServer, EchoesWhatAClientSaysThroughItsEvents) {
  Seen seen;
  WebServer server(test_options(), seen.events());
  RawClient client(server.port());
  ASSERT_TRUE(client.connected());
  EXPECT_EQ(client.upgrade(), "HTTP/1.1 101 Switching Protocols");
  ASSERT_TRUE(seen.wait_for([&] { return seen.opened.size() == 1; }));
  EXPECT_EQ(server.websockets(), 1u);

  // One whole message, one in three fragments with a ping between them (RFC 6455 §5.4).
  client.write(RawClient::frame(opcode::kText, "{\"op\":\"hello\"}"));
  client.write(RawClient::frame(opcode::kBinary, "abc", false));
  client.write(RawClient::frame(opcode::kPing, "are you there"));
  client.write(RawClient::frame(opcode::kContinuation, "def", false));
  client.write(RawClient::frame(opcode::kContinuation, "ghi"));
  ASSERT_TRUE(seen.wait_for([&] { return seen.messages.size() == 2; }));
  EXPECT_EQ(seen.messages[0], std::make_pair(1, std::string("{\"op\":\"hello\"}")));
  EXPECT_EQ(seen.messages[1], std::make_pair(2, std::string("abcdefghi")));
  auto pong = client.read_frame();
  ASSERT_TRUE(pong);
  EXPECT_EQ(pong->opcode, opcode::kPong);
  EXPECT_EQ(pong->payload, "are you there");

  ASSERT_TRUE(server.send(seen.opened[0], opcode::kBinary, std::string(70000, 'z')));
  auto reply = client.read_frame();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->opcode, opcode::kBinary);
  EXPECT_EQ(reply->payload, std::string(70000, 'z'));

  // A close is answered with a close, and the connection is gone.
  client.write(RawClient::frame(opcode::kClose, close_payload(close_code::kNormal, "bye")));
  auto close = client.read_frame();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->opcode, opcode::kClose);
  ASSERT_TRUE(seen.wait_for([&] { return seen.closed.size() == 1; }));
  EXPECT_EQ(server.websockets(), 0u);
  EXPECT_FALSE(server.send(seen.opened[0], opcode::kText, "too late"));
}

TEST(WebServer, AProtocolErrorClosesWith1002AndTheReason) {
  Seen seen;
  WebServer server(test_options(), seen.events());
  RawClient client(server.port());
  ASSERT_EQ(client.upgrade(), "HTTP/1.1 101 Switching Protocols");
  client.write(
      std::string("\x81\x03"
                  "abc",
                  5));  // a client's frame must be masked
  const auto close = client.read_frame();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->opcode, opcode::kClose);
  EXPECT_EQ(close->payload,
            close_payload(close_code::kProtocolError, "a client frame without a mask"));
  EXPECT_TRUE(seen.wait_for([&] { return seen.closed.size() == 1; }));
}

TEST(WebServer, AMessageOverTheLimitIsReadPastNeverKept) {
  Seen seen;
  WebServerOptions options = test_options();
  options.max_message_bytes = 1 << 16;
  WebServer server(options, seen.events());
  RawClient client(server.port());
  ASSERT_EQ(client.upgrade(), "HTTP/1.1 101 Switching Protocols");
  // 64 MiB in one frame (1024 times the limit), then a message that fits: the first is
  // refused with its size, the second is delivered, and the connection stays open.
  const std::uint64_t big = 64ull << 20;
  std::string header = frame_header(opcode::kBinary, big);
  header[1] = static_cast<char>(header[1] | 0x80);
  header.append("\0\0\0\0", 4);  // a zero mask: the payload goes as it is
  client.write(header);
  const std::string chunk(1 << 20, 'x');
  for (std::uint64_t sent = 0; sent < big; sent += chunk.size())
    client.write(chunk);
  client.write(RawClient::frame(opcode::kText, "after"));
  ASSERT_TRUE(seen.wait_for([&] { return !seen.oversized.empty() && !seen.messages.empty(); }));
  EXPECT_EQ(seen.oversized[0], big);
  EXPECT_EQ(seen.messages[0].second, "after");
  EXPECT_TRUE(seen.closed.empty());

  // The limit counts a fragmented message whole: 2 x 40 KiB is over 64 KiB.
  client.write(RawClient::frame(opcode::kBinary, std::string(40 << 10, 'a'), false));
  client.write(RawClient::frame(opcode::kContinuation, std::string(40 << 10, 'b')));
  ASSERT_TRUE(seen.wait_for([&] { return seen.oversized.size() == 2; }));
  EXPECT_EQ(seen.oversized[1], 80u << 10);
}

TEST(WebServer, OneViewerTooManyIsToldWhyWith1013) {
  Seen seen;
  WebServerOptions options = test_options();
  options.max_websockets = 2;
  WebServer server(options, seen.events());
  RawClient a(server.port()), b(server.port()), c(server.port());
  ASSERT_EQ(a.upgrade(), "HTTP/1.1 101 Switching Protocols");
  ASSERT_EQ(b.upgrade(), "HTTP/1.1 101 Switching Protocols");
  ASSERT_EQ(c.upgrade(), "HTTP/1.1 101 Switching Protocols");
  const auto refusal = c.read_frame();
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->opcode, opcode::kClose);
  EXPECT_EQ(refusal->payload,
            close_payload(close_code::kTryAgainLater,
                          "this server takes 2 viewers at once, and has them: try again later"));
  EXPECT_EQ(c.read_to_end(), "");  // then closed
  ASSERT_TRUE(seen.wait_for([&] { return seen.opened.size() == 2; }));
  EXPECT_EQ(server.websockets(), 2u);
  // A place freed is a place taken.
  a.write(RawClient::frame(opcode::kClose, ""));
  ASSERT_TRUE(seen.wait_for([&] { return seen.closed.size() == 1; }));
  RawClient d(server.port());
  EXPECT_EQ(d.upgrade(), "HTTP/1.1 101 Switching Protocols");
  EXPECT_TRUE(seen.wait_for([&] { return seen.opened.size() == 3; }));
}

TEST(WebServer, IdleSocketsCannotLockClientsOut) {
  Seen seen;
  WebServerOptions options = test_options();
  options.max_http = 8;
  options.head_timeout = 0.3;
  WebServer server(options, seen.events());
  // Forty connections that say nothing, and ten that send half a request head.
  std::vector<std::unique_ptr<RawClient>> idle;
  for (int i = 0; i < 50; ++i) {
    idle.push_back(std::make_unique<RawClient>(server.port()));
    if (i >= 40) idle.back()->write("GET / HTTP/1.1\r\nHost: x\r\n");
  }
  // A viewer still gets in, at once: the oldest idle ones made room.
  RawClient viewer(server.port());
  EXPECT_EQ(viewer.upgrade(), "HTTP/1.1 101 Switching Protocols");
  // And the idle ones are closed within the head timeout (with a margin for a loaded machine).
  std::this_thread::sleep_for(1s);
  for (auto& client : idle)
    EXPECT_EQ(client->read_to_end(), "");
}

TEST(WebServer, AClientThatReadsNothingDelaysNoOther) {
  Seen seen;
  WebServerOptions options = test_options();
  options.max_queued_bytes = 1 << 20;
  options.stall_timeout = 1.0;
  WebServer server(options, seen.events());
  RawClient stalled(server.port(), 4096);  // a small window, and it never reads
  RawClient reader(server.port());
  ASSERT_EQ(stalled.upgrade(), "HTTP/1.1 101 Switching Protocols");
  ASSERT_EQ(reader.upgrade(), "HTTP/1.1 101 Switching Protocols");
  ASSERT_TRUE(seen.wait_for([&] { return seen.opened.size() == 2; }));
  const WebServer::Connection stalled_id = seen.opened[0], reader_id = seen.opened[1];

  // 200 messages of 64 KiB (12.5 MiB, past the stalled one's window, kernel buffers and
  // budget) to each, one every 2 ms, as a run's frames go to its viewers.
  constexpr int kMessages = 200;
  std::atomic<int> read_count = 0;
  std::thread reading([&] {
    while (read_count < kMessages) {
      const auto f = reader.read_frame(3000ms);
      if (!f || f->payload.size() != 65536) return;
      ++read_count;
    }
  });
  int taken_for_stalled = 0, taken_for_reader = 0;
  const std::string message(65536, 'm');
  for (int i = 0; i < kMessages; ++i) {
    taken_for_stalled += server.send(stalled_id, opcode::kBinary, message);
    taken_for_reader += server.send(reader_id, opcode::kBinary, message);
    std::this_thread::sleep_for(2ms);
  }
  reading.join();
  EXPECT_EQ(taken_for_reader, kMessages);
  EXPECT_EQ(read_count, kMessages);
  // The stalled one's budget filled, and what did not fit was refused, not queued.
  EXPECT_LT(taken_for_stalled, kMessages);
  // Taking nothing for stall_timeout, it is closed; the reader is not.
  ASSERT_TRUE(seen.wait_for([&] { return seen.closed.size() == 1; }));
  EXPECT_EQ(seen.closed[0], stalled_id);
  EXPECT_TRUE(server.send(reader_id, opcode::kText, "still here"));
}

TEST(WebServer, ServesFilesAndRefusesTheRest) {
  const ServedFolder folder;
  Seen seen;
  WebServerOptions options = test_options();
  options.document_root = folder.root.string();
  WebServer server(options, seen.events());
  const auto ask = [&](std::string request) {
    RawClient client(server.port());
    client.write(request);
    return client.read_to_end();
  };
  const std::string page = ask("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_TRUE(page.starts_with("HTTP/1.1 200 OK\r\n")) << page;
  EXPECT_NE(page.find("Content-Type: text/html; charset=utf-8\r\n"), std::string::npos);
  EXPECT_NE(page.find("Content-Length: 12\r\n"), std::string::npos);
  EXPECT_TRUE(page.ends_with("\r\n\r\n<p>index</p>"));
  const std::string head = ask("HEAD /app.js HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_TRUE(head.starts_with("HTTP/1.1 200 OK\r\n"));
  EXPECT_TRUE(head.ends_with("\r\n\r\n"));  // no body
  EXPECT_TRUE(ask("GET /../outside.txt HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404 Not Found"));
  EXPECT_TRUE(ask("GET /.hidden HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404 Not Found"));
  EXPECT_TRUE(ask("POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405 Method Not Allowed"));
  EXPECT_TRUE(ask("NONSENSE\r\n\r\n").starts_with("HTTP/1.1 400 Bad Request"));
  EXPECT_TRUE(ask("GET / HTTP/1.1\r\nX: " + std::string(20000, 'y') + "\r\n\r\n")
                  .starts_with("HTTP/1.1 431"));
  // An upgrade without the key is no WebSocket.
  EXPECT_TRUE(ask("GET / HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
                  .starts_with("HTTP/1.1 400 Bad Request"));
  EXPECT_TRUE(seen.opened.empty());
}

TEST(WebServer, StoppingTellsEveryViewer) {
  Seen seen;
  auto server = std::make_unique<WebServer>(test_options(), seen.events());
  RawClient client(server->port());
  ASSERT_EQ(client.upgrade(), "HTTP/1.1 101 Switching Protocols");
  ASSERT_TRUE(seen.wait_for([&] { return seen.opened.size() == 1; }));
  server.reset();
  const auto close = client.read_frame();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->opcode, opcode::kClose);
  EXPECT_EQ(close->payload, close_payload(close_code::kGoingAway, "the server is stopping"));
  EXPECT_EQ(seen.closed.size(), 1u);  // delivered before the server was gone
}

TEST(WebServer, ATakenPortIsNamedInTheError) {
  Seen seen;
  WebServer first(test_options(), seen.events());
  WebServerOptions options = test_options();
  options.port = first.port();
  try {
    WebServer second(options, seen.events());
    ADD_FAILURE() << "two servers on one port";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              fmt::format("cannot listen on 127.0.0.1:{}: Address already in use", first.port()));
  }
}

}  // namespace
}  // namespace leeway::web
