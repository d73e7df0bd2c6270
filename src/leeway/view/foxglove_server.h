// A run served live over the Foxglove WebSocket protocol v1 (`foxglove.websocket.v1`, the
// protocol Foxglove and Lichtblick connect with; docs/viewer.md), on one port of Debian's
// civetweb, which also serves the built-in viewer page over HTTP from `document_root`.
//
// What a client sees, in order:
//   serverInfo   name "leeway", capabilities clientPublish and time, JSON encoding, the world's
//                name and seed as metadata
//   advertise    every channel of the view (view_channels.h) with its JSON Schema
//   then, for each channel it subscribes to, binary message frames (opcode 1: subscription id,
//   log time [ns], the JSON), starting with the last message of a latched channel; a time frame
//   (opcode 2, simulated time [ns]) with each frame of the view; status messages for what it
//   sent that was refused.
//
// What a client may publish (clientAdvertise, then binary opcode 1 frames), as JSON:
//   /world/W/control, /control   gz-sim's WorldControl as JSON: {"pause": true}, {"multi_step":
//                                10}, {"step": true}, {"reset": {"all": true}, "seed": 3},
//                                {"run_to_sim_time": {"sec": 30, "nsec": 0}}; and Leeway's
//                                {"rate_factor": 2} (simulated seconds per wall second; 0: as
//                                fast as possible) (interfaces/world_control.h)
//   /leeway/command              {"actuator": "wamv/left_engine_propeller_joint", "value": 250}
//   an actuator's own topic      {"data": 250} (ActuatorModel::topic, ignition.msgs.Double's JSON)
//
// Bad input (malformed, truncated, oversized or unknown frames and operations, subscriptions to
// channels that do not exist, a client message with a wrong shape or a NaN) is answered with a
// status message and logged once a second per client and kind; the run goes on. A client that
// reads too slowly has its messages dropped past 16 MB queued, with a status saying so: it
// never holds the simulation back. Sending is done by a thread of the server's own.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "leeway/interfaces/command_inbox.h"
#include "leeway/view/view_channels.h"

struct mg_context;
struct mg_connection;

namespace leeway {

struct FoxgloveServerOptions {
  std::string listen = "127.0.0.1";  ///< the address to listen on (loopback by default)
  int port = 8765;                   ///< 0: any free port (port() says which)
  std::string document_root;         ///< served over HTTP on the same port; empty: none
};

class FoxgloveServer final : public Observer, private MessageSink {
 public:
  /// Starts listening; throws std::runtime_error if the port cannot be had.
  FoxgloveServer(Simulation& sim, CommandInbox& inbox, ViewOptions view,
                 FoxgloveServerOptions options);
  ~FoxgloveServer() override;
  FoxgloveServer(const FoxgloveServer&) = delete;
  FoxgloveServer& operator=(const FoxgloveServer&) = delete;

  int port() const { return port_; }
  const ViewChannels& channels() const { return channels_; }
  std::size_t clients() const;

  void on_start(const Simulation& sim) override;
  void on_step(const Simulation& sim) override;

  struct Client;  // one WebSocket connection (foxglove_server.cc)

 private:
  bool wants(std::size_t channel) const override;
  void take(std::size_t channel, std::uint64_t t_ns, std::string_view json) override;

  // civetweb's callbacks, on its worker threads.
  static int on_connect(const mg_connection* conn, void* self);
  static void on_ready(mg_connection* conn, void* self);
  static int on_data(mg_connection* conn, int bits, char* data, std::size_t size, void* self);
  static void on_close(const mg_connection* conn, void* self);

  void handle_text(Client& client, const std::string& text);
  void handle_binary(Client& client, const std::string& bytes);
  void handle_client_message(Client& client, const std::string& topic, std::string_view json);
  void status(Client& client, int level, const std::string& kind, const std::string& message);
  void send_loop();

  Simulation& sim_;
  CommandInbox& inbox_;
  ViewChannels channels_;
  std::string control_topic_;
  std::map<std::string, std::size_t> actuator_topics_;  ///< an actuator's topic: its index
  std::uint64_t frame_interval_ = 1;
  std::string advertise_;  ///< the advertise message, made once

  mutable std::mutex mutex_;  ///< guards the clients, the latched messages and the counts
  std::map<const mg_connection*, std::shared_ptr<Client>> clients_;
  std::vector<int> subscribers_;      ///< clients subscribed, per channel
  std::vector<std::string> latched_;  ///< the last message of each latched channel
  std::vector<std::uint64_t> latched_t_ns_;
  std::condition_variable wake_sender_;
  bool stopping_ = false;
  std::thread sender_;

  mg_context* context_ = nullptr;
  int port_ = 0;
};

}  // namespace leeway
