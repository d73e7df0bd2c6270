// An HTTP/1.1 and WebSocket server on one port (RFC 9112, RFC 6455) that no client can take
// down, starve the others through or grow without bound. It serves a folder's files (GET,
// HEAD) and upgrades requests that ask for a WebSocket; what the WebSockets say is handed to
// Events, and anything may send to them.
//
// How it bounds its clients (docs/viewer.md, "Limits"):
//   - One thread polls every socket, none blocking: a client that reads slowly, or not at all,
//     or went away without a word, delays no other.
//   - Every byte queued for a connection counts against its budget (max_queued_bytes): send()
//     refuses what would cross it (the caller says what it dropped), and a connection that has
//     taken no byte for stall_timeout while bytes wait is closed.
//   - A client's message is taken up to max_message_bytes, reassembled from its fragments; the
//     header of a larger one is enough to refuse it: its bytes are read and discarded, never
//     buffered, and Events::oversized says so.
//   - A request's head must arrive whole within head_timeout and fit in 16 KiB; connections
//     that are not WebSockets (reading a request, answering it, closing) are at most
//     max_http (the oldest is dropped for a new one), so idle or half-open sockets cannot
//     lock clients out, nor unread answers add up.
//   - At most max_websockets WebSockets at once: one more is told why (close code 1013, "try
//     again later", with the reason) and closed.
//   - A client that stops reading what it sent (events waiting for the Events thread past
//     twice max_message_bytes) is not read until they are taken: its TCP window fills instead.
// Events run on a second thread of the server's, one at a time and in order per connection,
// so a slow handler delays no socket.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace leeway::web {

struct WebServerOptions {
  std::string listen = "127.0.0.1";  ///< the address to listen on (loopback by default)
  int port = 0;                      ///< 0: any free port (port() says which)
  std::string document_root;         ///< served over HTTP; empty: every file is 404
  std::string subprotocol;           ///< the WebSocket subprotocol spoken, echoed when asked
  std::size_t max_websockets = 16;
  std::size_t max_http = 64;                ///< connections that are not WebSockets
  std::size_t max_message_bytes = 1 << 20;  ///< a client's message, reassembled
  std::size_t max_queued_bytes = 16 << 20;  ///< a connection's bytes not yet sent
  double head_timeout = 2.0;                ///< s, for a request's head to arrive
  double stall_timeout = 10.0;              ///< s, without a byte taken while bytes wait
};

class WebServer {
 public:
  using Connection = std::uint64_t;  ///< a WebSocket, never reused
  struct Events {
    std::function<void(Connection, const std::string& peer)> opened;  ///< peer: address:port
    /// A whole text (opcode 1) or binary (2) message.
    std::function<void(Connection, int opcode, std::string message)> message;
    /// A message refused unread for its size, which it had reached when refused.
    std::function<void(Connection, std::uint64_t bytes)> oversized;
    std::function<void(Connection)> closed;
  };

  /// Starts listening; throws std::runtime_error, saying why, if it cannot.
  WebServer(const WebServerOptions& options, Events events);
  /// Sends every WebSocket a close (1001, going away), waits up to 0.2 s for them to go out,
  /// then closes everything; the Events already queued are delivered first.
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  int port() const;
  std::size_t websockets() const;

  /// Queues a message (opcode 1 text, 2 binary) for a WebSocket; false, and nothing queued, if
  /// it is closed or the message would take its queue past max_queued_bytes. Any thread.
  bool send(Connection connection, int opcode, std::string_view payload);
  /// Closes a WebSocket once what is queued has gone, with that code and reason. Any thread.
  void close(Connection connection, std::uint16_t code, std::string_view reason);

  class Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace leeway::web
