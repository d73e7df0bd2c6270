// The server side of the Foxglove WebSocket protocol v1 (`foxglove.websocket.v1`, the protocol
// Foxglove and Lichtblick connect with; docs/viewer.md), on one port of Leeway's web server
// (web/web_server.h), which also serves a folder over HTTP (the built-in page). Whatever feeds
// it (a live run, foxglove_server.h; a recording, mcap_player.h) gives its channels, publishes
// their messages and takes what clients publish.
//
// What a client sees, in order:
//   serverInfo   name "leeway", capabilities clientPublish and time, JSON encoding, metadata
//   advertise    every channel with its JSON Schema
//   then, for each channel it subscribes to, binary message frames (opcode 1: subscription id,
//   log time [ns], the JSON), starting with the last message of a latched channel; time frames
//   (opcode 2 [ns]); status messages for what it sent that was refused.
//
// Bad input (malformed, truncated, oversized or unknown frames and operations, subscriptions to
// channels that do not exist or past a client's limit, client messages the feeder refuses) is
// answered with a status message and logged once a second per client and kind. Whatever is
// queued for a client counts against its 16 MB: what would cross it (messages, replies,
// latched replays) is dropped, and the client told how much when it has room again. Publishing
// never blocks; a client that takes nothing for 10 s is closed; at most 16 clients at once.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "leeway/transport/web/web_server.h"

namespace leeway {

struct FoxgloveServerOptions {
  std::string listen = "127.0.0.1";  ///< the address to listen on (loopback by default)
  int port = 8765;                   ///< 0: any free port (port() says which)
  std::string document_root;         ///< served over HTTP on the same port; empty: none
};

class FoxgloveWebSocket {
 public:
  struct Channel {
    std::string topic, schema_name, schema;
    bool latched = false;  ///< a late subscriber gets its last message
  };
  /// What a client publishes, as the JSON text it sent on `topic`: empty if taken, else why
  /// it was refused (the client gets that as a status). Called on the server's events thread.
  using ClientMessage = std::function<std::string(const std::string& topic, std::string_view json)>;

  /// Starts listening; throws std::runtime_error if the port cannot be had.
  FoxgloveWebSocket(std::vector<Channel> channels, std::map<std::string, std::string> metadata,
                    const FoxgloveServerOptions& options, ClientMessage on_client_message);
  ~FoxgloveWebSocket();
  FoxgloveWebSocket(const FoxgloveWebSocket&) = delete;
  FoxgloveWebSocket& operator=(const FoxgloveWebSocket&) = delete;

  int port() const { return server_->port(); }
  std::size_t clients() const;
  /// Subscriptions of every client, in all.
  std::size_t subscriptions() const;
  /// Whether a client is subscribed to `channel` (or it is latched).
  bool wants(std::size_t channel) const;
  /// A message to every client subscribed to `channel`. Any thread.
  void publish(std::size_t channel, std::uint64_t t_ns, std::string_view json);
  /// A time frame to every client. Any thread.
  void time(std::uint64_t t_ns);
  /// A status (level 0 info, 1 warning, 2 error) to every client. Any thread.
  void status_to_all(int level, const std::string& message);
  /// Forgets the latched channels' messages (a recording played again from its start).
  void clear_latched();

  struct Client;  // one WebSocket connection (foxglove_websocket.cc)

 private:
  using Connection = web::WebServer::Connection;
  void opened(Connection connection, const std::string& peer);
  void closed(Connection connection);
  void take(Connection connection, int opcode, std::string message);
  void handle_text(Client& client, const std::string& text);
  void handle_binary(Client& client, const std::string& bytes);
  /// Sends what the client asked or was told, after a word on what was dropped before it;
  /// counts it dropped if there is no room. Under mutex_.
  void send(Client& client, int opcode, std::string_view payload);
  void status(Client& client, int level, const std::string& kind, const std::string& message);

  std::vector<Channel> channels_;
  std::string server_info_, advertise_;  ///< made once
  ClientMessage on_client_message_;
  std::size_t max_subscriptions_;  ///< a client's, at once

  mutable std::mutex mutex_;  ///< guards the clients, the latched messages and the counts
  std::map<Connection, std::unique_ptr<Client>> clients_;
  std::vector<int> subscribers_;  ///< clients subscribed, per channel
  std::vector<std::string> latched_;
  std::vector<std::uint64_t> latched_t_ns_;

  /// Last, so gone first: its threads end before the rest.
  std::unique_ptr<web::WebServer> server_;
};

}  // namespace leeway
