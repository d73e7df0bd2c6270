#include "leeway/transport/web/web_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "leeway/transport/web/http_request.h"
#include "leeway/transport/web/static_files.h"
#include "leeway/transport/web/websocket_frame.h"
#include "leeway/transport/web/websocket_handshake.h"

namespace leeway::web {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxHeadBytes = 16 << 10;
constexpr std::size_t kReadChunk = 64 << 10;
constexpr std::size_t kMaxReadPerTurn = 1 << 20;   // per connection and poll: a fast one shares
constexpr auto kLinger = std::chrono::seconds(1);  // for a closed HTTP connection's peer to end
constexpr auto kStopFlush = std::chrono::milliseconds(200);

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

std::string peer_name(const sockaddr_storage& address) {
  char host[INET6_ADDRSTRLEN] = "?";
  int port = 0;
  if (address.ss_family == AF_INET) {
    const auto& a = reinterpret_cast<const sockaddr_in&>(address);
    inet_ntop(AF_INET, &a.sin_addr, host, sizeof host);
    port = ntohs(a.sin_port);
    return fmt::format("{}:{}", host, port);
  }
  const auto& a = reinterpret_cast<const sockaddr_in6&>(address);
  inet_ntop(AF_INET6, &a.sin6_addr, host, sizeof host);
  port = ntohs(a.sin6_port);
  return fmt::format("[{}]:{}", host, port);
}

std::string http_response(int status, std::string_view reason, std::string_view type,
                          std::size_t length, std::string_view extra_headers = {}) {
  return fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\n"
      "Connection: close\r\n{}\r\n",
      status, reason, type, length, extra_headers);
}

}  // namespace

/// One TCP connection: an HTTP request being read or answered, or a WebSocket.
struct Socket {
  enum class Kind { kHttp, kWebSocket, kLingering };
  int fd = -1;
  WebServer::Connection id = 0;
  std::string peer;
  Kind kind = Kind::kHttp;
  Clock::time_point opened_at, last_progress;
  std::string in;  ///< bytes read and not yet taken
  std::string out;
  std::size_t out_at = 0;  ///< out[out_at..] is still to send
  bool close_after_flush = false;
  bool dead = false;
  bool announced = false;  ///< Events::opened was queued: Events::closed will be
  // A WebSocket's reading: the frame in progress and the message it belongs to.
  std::optional<FrameHeader> frame;
  std::uint64_t frame_done = 0;  ///< payload bytes of the frame read
  bool in_message = false, oversized = false, close_sent = false;
  int message_opcode = 0;
  std::string message, control;
  std::uint64_t message_bytes = 0;  ///< the message's size so far, kept or not
  std::size_t waiting_bytes = 0;    ///< in Events not yet delivered

  std::size_t queued() const { return out.size() - out_at; }
  void queue(std::string_view bytes, Clock::time_point now) {
    if (queued() == 0) last_progress = now;
    out += bytes;
  }
};

class WebServer::Impl {
 public:
  Impl(const WebServerOptions& options, Events events);
  ~Impl();

  WebServerOptions options;
  Events events;
  int listener = -1, wake = -1, port = 0;

  mutable std::mutex mutex;  ///< guards what follows
  std::map<Connection, Socket> sockets;
  std::size_t websocket_count = 0;
  Connection next_id = 1;

  std::mutex events_mutex;
  std::condition_variable events_ready;
  std::deque<std::function<void()>> event_queue;
  bool events_done = false;

  std::atomic<bool> stopping = false;
  std::thread io_thread, events_thread;

  void wake_io() const {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = write(wake, &one, sizeof one);
  }
  void post(std::function<void()> event) {
    {
      std::lock_guard lock(events_mutex);
      event_queue.push_back(std::move(event));
    }
    events_ready.notify_one();
  }

  void io_loop();
  void events_loop();
  void accept_all(Clock::time_point now);
  void read_from(Socket& s, Clock::time_point now);
  void flush(Socket& s, Clock::time_point now);
  void take_http(Socket& s, Clock::time_point now);
  void upgrade(Socket& s, const HttpRequest& request, Clock::time_point now);
  void serve(Socket& s, const HttpRequest& request, Clock::time_point now);
  void take_frames(Socket& s, Clock::time_point now);
  void end_frame(Socket& s, Clock::time_point now);
  void close_websocket(Socket& s, std::uint16_t code, std::string_view reason,
                       Clock::time_point now);
  void respond_error(Socket& s, int status, std::string_view reason, std::string_view why,
                     Clock::time_point now);
  void remove(Socket& s);
};

WebServer::Impl::Impl(const WebServerOptions& opts, Events evs)
    : options(opts), events(std::move(evs)) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  const std::string where = fmt::format("{}:{}", options.listen, options.port);
  if (const int e =
          getaddrinfo(options.listen.c_str(), std::to_string(options.port).c_str(), &hints, &found);
      e != 0)
    throw std::runtime_error(fmt::format("cannot listen on {}: {}", where, gai_strerror(e)));
  std::string failure = "no address";
  for (addrinfo* a = found; a != nullptr && listener < 0; a = a->ai_next) {
    const int fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      failure = std::strerror(errno);
      continue;
    }
    const int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
      failure = std::strerror(errno);
      ::close(fd);
      continue;
    }
    listener = fd;
  }
  freeaddrinfo(found);
  if (listener < 0)
    throw std::runtime_error(fmt::format("cannot listen on {}: {}", where, failure));
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  getsockname(listener, reinterpret_cast<sockaddr*>(&bound), &length);
  port = ntohs(bound.ss_family == AF_INET ? reinterpret_cast<const sockaddr_in&>(bound).sin_port
                                          : reinterpret_cast<const sockaddr_in6&>(bound).sin6_port);
  wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  events_thread = std::thread([this] { events_loop(); });
  io_thread = std::thread([this] { io_loop(); });
}

WebServer::Impl::~Impl() {
  stopping = true;
  wake_io();
  io_thread.join();
  {
    std::lock_guard lock(events_mutex);
    events_done = true;
  }
  events_ready.notify_one();
  events_thread.join();
  ::close(listener);
  ::close(wake);
}

void WebServer::Impl::events_loop() {
  std::unique_lock lock(events_mutex);
  while (true) {
    events_ready.wait(lock, [&] { return events_done || !event_queue.empty(); });
    if (event_queue.empty()) return;
    std::function<void()> event = std::move(event_queue.front());
    event_queue.pop_front();
    lock.unlock();
    event();
    lock.lock();
  }
}

void WebServer::Impl::io_loop() {
  std::vector<pollfd> fds;
  std::vector<Connection> ids;
  while (!stopping) {
    fds.clear();
    ids.clear();
    fds.push_back({listener, POLLIN, 0});
    fds.push_back({wake, POLLIN, 0});
    {
      std::lock_guard lock(mutex);
      for (const auto& [id, s] : sockets) {
        short wanted = 0;
        // A client whose messages wait for the Events thread is not read: backpressure.
        if (s.waiting_bytes <= 2 * options.max_message_bytes) wanted |= POLLIN;
        if (s.queued() > 0) wanted |= POLLOUT;
        fds.push_back({s.fd, wanted, 0});
        ids.push_back(id);
      }
    }
    if (poll(fds.data(), fds.size(), 100) < 0 && errno != EINTR) break;
    if (stopping) break;
    if ((fds[1].revents & POLLIN) != 0) {
      std::uint64_t count = 0;
      [[maybe_unused]] const ssize_t n = read(wake, &count, sizeof count);
    }
    const Clock::time_point now = Clock::now();
    std::lock_guard lock(mutex);
    if ((fds[0].revents & POLLIN) != 0) accept_all(now);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const auto it = sockets.find(ids[i]);
      if (it == sockets.end()) continue;
      Socket& s = it->second;
      const short revents = fds[i + 2].revents;
      if ((revents & (POLLIN | POLLHUP | POLLERR)) != 0) read_from(s, now);
      if (!s.dead && s.queued() > 0) flush(s, now);
    }
    // Timeouts, and what is done.
    for (auto& [id, s] : sockets) {
      if (s.dead) continue;
      if (s.kind == Socket::Kind::kHttp && s.queued() == 0 && !s.close_after_flush &&
          now - s.opened_at > seconds(options.head_timeout)) {
        s.dead = true;  // its head never came whole: nothing to answer
      } else if (s.queued() > 0 && now - s.last_progress > seconds(options.stall_timeout)) {
        fmt::print(stderr, "leeway: web client {}: took nothing for {:g} s: closed\n", s.peer,
                   options.stall_timeout);
        s.dead = true;
      } else if (s.kind == Socket::Kind::kLingering && now - s.last_progress > kLinger) {
        s.dead = true;
      } else if (s.close_after_flush && s.queued() == 0) {
        // Our side is said: the peer reads it all before the socket is closed (a close with
        // its bytes unread would reset the connection and could lose the response).
        shutdown(s.fd, SHUT_WR);
        s.kind = Socket::Kind::kLingering;
        s.close_after_flush = false;
        s.last_progress = now;
      }
    }
    for (auto it = sockets.begin(); it != sockets.end();) {
      if (!it->second.dead) {
        ++it;
        continue;
      }
      remove(it->second);
      it = sockets.erase(it);
    }
  }
  // Stopping: every WebSocket told, a moment for what is queued to go, then all closed.
  std::unique_lock lock(mutex);
  const Clock::time_point begun = Clock::now();
  for (auto& [id, s] : sockets) {
    if (s.kind == Socket::Kind::kWebSocket && !s.close_sent && !s.dead)
      close_websocket(s, close_code::kGoingAway, "the server is stopping", begun);
  }
  while (Clock::now() - begun < kStopFlush) {
    bool waiting = false;
    for (auto& [id, s] : sockets) {
      if (!s.dead && s.queued() > 0) flush(s, Clock::now());
      waiting = waiting || (!s.dead && s.queued() > 0);
    }
    if (!waiting) break;
    lock.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    lock.lock();
  }
  for (auto& [id, s] : sockets)
    remove(s);
  sockets.clear();
}

void WebServer::Impl::accept_all(Clock::time_point now) {
  while (true) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    const int fd = accept4(listener, reinterpret_cast<sockaddr*>(&address), &length,
                           SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: no more; EMFILE and the like: the next poll tries again
    const int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    // Room for it among the connections that are not WebSockets (requests being read,
    // answered, or closing): the oldest goes, so neither idle sockets nor unread answers add up.
    std::size_t pending = 0;
    Socket* oldest = nullptr;
    for (auto& [id, s] : sockets) {
      if (s.kind == Socket::Kind::kWebSocket || s.dead) continue;
      ++pending;
      if (oldest == nullptr || s.opened_at < oldest->opened_at) oldest = &s;
    }
    if (pending >= options.max_http && oldest != nullptr) oldest->dead = true;
    Socket& s = sockets[next_id];
    s.fd = fd;
    s.id = next_id++;
    s.peer = peer_name(address);
    s.opened_at = s.last_progress = now;
  }
}

void WebServer::Impl::read_from(Socket& s, Clock::time_point now) {
  char buffer[kReadChunk];
  std::size_t taken = 0;
  bool ended = false;  // the peer closed its side, or the connection failed
  while (taken < kMaxReadPerTurn) {
    const ssize_t n = recv(s.fd, buffer, sizeof buffer, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
      break;
    }
    taken += static_cast<std::size_t>(n);
    if (s.kind == Socket::Kind::kLingering) continue;
    s.in.append(buffer, static_cast<std::size_t>(n));
    if (s.kind == Socket::Kind::kHttp && !s.close_after_flush) take_http(s, now);
    if (s.kind == Socket::Kind::kWebSocket) take_frames(s, now);
  }
  // A request sent whole before its sender closed its side is still answered.
  if (ended) s.dead = !(s.kind == Socket::Kind::kHttp && s.close_after_flush);
}

void WebServer::Impl::flush(Socket& s, Clock::time_point now) {
  while (s.queued() > 0) {
    const ssize_t n = ::send(s.fd, s.out.data() + s.out_at, s.queued(), MSG_NOSIGNAL);
    if (n > 0) {
      s.out_at += static_cast<std::size_t>(n);
      s.last_progress = now;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      if (errno != EAGAIN && errno != EWOULDBLOCK) s.dead = true;
      break;
    }
  }
  if (s.queued() == 0) {
    s.out.clear();
    s.out_at = 0;
  } else if (s.out_at > (1u << 20)) {
    s.out.erase(0, s.out_at);
    s.out_at = 0;
  }
}

void WebServer::Impl::respond_error(Socket& s, int status, std::string_view reason,
                                    std::string_view why, Clock::time_point now) {
  const std::string body = fmt::format("{} {}: {}\n", status, reason, why);
  s.queue(http_response(status, reason, "text/plain; charset=utf-8", body.size()) + body, now);
  s.close_after_flush = true;
}

void WebServer::Impl::take_http(Socket& s, Clock::time_point now) {
  std::optional<ReadRequest> read;
  try {
    read = read_http_request(s.in);
  } catch (const std::invalid_argument& e) {
    respond_error(s, 400, "Bad Request", e.what(), now);
    return;
  }
  if (!read) {
    if (s.in.size() > kMaxHeadBytes)
      respond_error(s, 431, "Request Header Fields Too Large",
                    fmt::format("a request head over {} bytes", kMaxHeadBytes), now);
    return;
  }
  if (read->head_bytes > kMaxHeadBytes) {
    respond_error(s, 431, "Request Header Fields Too Large",
                  fmt::format("a request head over {} bytes", kMaxHeadBytes), now);
    return;
  }
  s.in.erase(0, read->head_bytes);
  const HttpRequest& request = read->request;
  if (request.header_lists("upgrade", "websocket")) {
    upgrade(s, request, now);
  } else if (request.method == "GET" || request.method == "HEAD") {
    serve(s, request, now);
  } else {
    const std::string body =
        fmt::format("405 Method Not Allowed: {}: this server takes GET and HEAD\n",
                    request.method.substr(0, 40));
    s.queue(http_response(405, "Method Not Allowed", "text/plain; charset=utf-8", body.size(),
                          "Allow: GET, HEAD\r\n") +
                body,
            now);
    s.close_after_flush = true;
  }
}

void WebServer::Impl::serve(Socket& s, const HttpRequest& request, Clock::time_point now) {
  const std::optional<std::filesystem::path> file =
      options.document_root.empty() ? std::nullopt
                                    : served_file(options.document_root, request.target);
  std::string content;
  bool read = false;
  if (file) {
    std::ifstream in(*file, std::ios::binary);
    content.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    read = !in.bad();
  }
  if (!read) {
    respond_error(s, 404, "Not Found",
                  fmt::format("no file {} here", request.target.substr(0, 200)), now);
    return;
  }
  s.queue(http_response(200, "OK", media_type(*file), content.size()), now);
  if (request.method == "GET") s.queue(content, now);
  s.close_after_flush = true;
}

void WebServer::Impl::upgrade(Socket& s, const HttpRequest& request, Clock::time_point now) {
  const std::string* key = request.header("sec-websocket-key");
  const std::string* version = request.header("sec-websocket-version");
  if (request.method != "GET" || !request.header_lists("connection", "upgrade") || key == nullptr ||
      key->empty() || version == nullptr || *version != "13") {
    respond_error(s, 400, "Bad Request",
                  "a WebSocket upgrade needs GET, Connection: Upgrade, a Sec-WebSocket-Key and "
                  "Sec-WebSocket-Version: 13",
                  now);
    return;
  }
  std::string protocol;
  if (!options.subprotocol.empty() &&
      request.header_lists("sec-websocket-protocol", options.subprotocol))
    protocol = fmt::format("Sec-WebSocket-Protocol: {}\r\n", options.subprotocol);
  s.queue(fmt::format("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Accept: {}\r\n{}\r\n",
                      websocket_accept(*key), protocol),
          now);
  s.kind = Socket::Kind::kWebSocket;
  if (websocket_count >= options.max_websockets) {
    const std::string why =
        fmt::format("this server takes {} viewers at once, and has them: try again later",
                    options.max_websockets);
    fmt::print(stderr, "leeway: web client {}: refused: {}\n", s.peer, why);
    close_websocket(s, close_code::kTryAgainLater, why, now);
    return;
  }
  ++websocket_count;
  s.announced = true;
  post([this, id = s.id, peer = s.peer] {
    if (events.opened) events.opened(id, peer);
  });
  take_frames(s, now);  // what came with the head
}

void WebServer::Impl::close_websocket(Socket& s, std::uint16_t code, std::string_view reason,
                                      Clock::time_point now) {
  if (s.close_sent) return;
  const std::string payload = close_payload(code, reason);
  s.queue(frame_header(opcode::kClose, payload.size()) + payload, now);
  s.close_sent = true;
  s.close_after_flush = true;
  s.in.clear();
}

void WebServer::Impl::take_frames(Socket& s, Clock::time_point now) {
  while (!s.close_after_flush) {
    if (!s.frame) {
      try {
        s.frame = read_frame_header(s.in);
      } catch (const std::invalid_argument& e) {
        close_websocket(s, close_code::kProtocolError, e.what(), now);
        return;
      }
      if (!s.frame) return;
      s.in.erase(0, s.frame->header_bytes);
      s.frame_done = 0;
      const FrameHeader& f = *s.frame;
      std::string_view error;
      if (!f.masked) {
        error = "a client frame without a mask";
      } else if (f.opcode == opcode::kContinuation && !s.in_message) {
        error = "a continuation frame with no message begun";
      } else if ((f.opcode == opcode::kText || f.opcode == opcode::kBinary) && s.in_message) {
        error = "a new message before the last one's final frame";
      }
      if (!error.empty()) {
        close_websocket(s, close_code::kProtocolError, error, now);
        return;
      }
      if (f.opcode == opcode::kText || f.opcode == opcode::kBinary) {
        s.in_message = true;
        s.oversized = false;
        s.message_opcode = f.opcode;
        s.message.clear();
        s.message_bytes = 0;
      }
      if (f.opcode < opcode::kClose) {
        s.message_bytes += f.payload_bytes;
        if (s.message_bytes > options.max_message_bytes) {
          s.oversized = true;  // from here on its bytes are read past, never kept
          s.message.clear();
          s.message.shrink_to_fit();
        }
      } else {
        s.control.clear();
      }
    }
    FrameHeader& f = *s.frame;
    const std::size_t n = static_cast<std::size_t>(
        std::min<std::uint64_t>(f.payload_bytes - s.frame_done, s.in.size()));
    if (f.opcode >= opcode::kClose || !s.oversized) {
      std::string& into = f.opcode >= opcode::kClose ? s.control : s.message;
      const std::size_t at = into.size();
      into.append(s.in, 0, n);
      unmask(into.data() + at, n, f.mask, s.frame_done);
    }
    s.in.erase(0, n);
    s.frame_done += n;
    if (s.frame_done < f.payload_bytes) return;
    end_frame(s, now);
  }
}

void WebServer::Impl::end_frame(Socket& s, Clock::time_point now) {
  const FrameHeader f = *s.frame;
  s.frame.reset();
  if (f.opcode == opcode::kPing) {
    // Answered within the budget: a flood of pings from a client that reads nothing is not.
    if (s.queued() + s.control.size() + 2 <= options.max_queued_bytes)
      s.queue(frame_header(opcode::kPong, s.control.size()) + s.control, now);
  } else if (f.opcode == opcode::kClose) {
    std::uint16_t code = close_code::kNormal;
    if (s.control.size() >= 2)
      code = static_cast<std::uint16_t>((static_cast<std::uint8_t>(s.control[0]) << 8) |
                                        static_cast<std::uint8_t>(s.control[1]));
    close_websocket(s, code, "", now);
  } else if (f.opcode < opcode::kClose && f.fin) {
    s.in_message = false;
    if (s.oversized) {
      post([this, id = s.id, bytes = s.message_bytes] {
        if (events.oversized) events.oversized(id, bytes);
      });
    } else {
      s.waiting_bytes += s.message.size();
      post([this, id = s.id, code = s.message_opcode, message = std::move(s.message)]() mutable {
        const std::size_t size = message.size();
        if (events.message) events.message(id, code, std::move(message));
        std::lock_guard lock(mutex);
        const auto it = sockets.find(id);
        if (it == sockets.end()) return;
        it->second.waiting_bytes -= size;
        if (it->second.waiting_bytes <= 2 * options.max_message_bytes) wake_io();
      });
      s.message = std::string();
    }
  }
}

void WebServer::Impl::remove(Socket& s) {
  ::close(s.fd);
  if (s.announced) {
    --websocket_count;
    post([this, id = s.id] {
      if (events.closed) events.closed(id);
    });
  }
}

WebServer::WebServer(const WebServerOptions& options, Events events)
    : impl_(std::make_unique<Impl>(options, std::move(events))) {}

WebServer::~WebServer() = default;

int WebServer::port() const {
  return impl_->port;
}

std::size_t WebServer::websockets() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->websocket_count;
}

bool WebServer::send(Connection connection, int code, std::string_view payload) {
  const std::string header = frame_header(static_cast<std::uint8_t>(code), payload.size());
  std::lock_guard lock(impl_->mutex);
  const auto it = impl_->sockets.find(connection);
  if (it == impl_->sockets.end()) return false;
  Socket& s = it->second;
  if (!s.announced || s.close_sent || s.dead ||
      s.queued() + header.size() + payload.size() > impl_->options.max_queued_bytes)
    return false;
  const bool idle = s.queued() == 0;
  const Clock::time_point now = Clock::now();
  s.queue(header, now);
  s.queue(payload, now);
  if (idle) impl_->wake_io();
  return true;
}

void WebServer::close(Connection connection, std::uint16_t code, std::string_view reason) {
  std::lock_guard lock(impl_->mutex);
  const auto it = impl_->sockets.find(connection);
  if (it == impl_->sockets.end() || it->second.dead) return;
  impl_->close_websocket(it->second, code, reason, Clock::now());
  impl_->wake_io();
}

}  // namespace leeway::web
