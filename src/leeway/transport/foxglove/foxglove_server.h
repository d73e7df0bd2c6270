// A live run served to viewers (`leeway run --view`, docs/viewer.md): the view's channels
// (view_channels.h) over the Foxglove WebSocket protocol (foxglove_websocket.h), a time frame
// with each frame of the view, and what clients may publish:
//
//   /world/W/control, /control   gz-sim's WorldControl as JSON: {"pause": true}, {"multi_step":
//                                10}, {"step": true}, {"reset": {"all": true}, "seed": 3},
//                                {"run_to_sim_time": {"sec": 30, "nsec": 0}}; and Leeway's
//                                {"rate_factor": 2} (simulated seconds per wall second; 0: as
//                                fast as possible; else 1e-3 to 1e6, sim/rate_factor.h)
//                                (interfaces/world_control.h)
//   /leeway/command              {"actuator": "wamv/left_engine_propeller_joint", "value": 250}
//   an actuator's own topic      {"data": 250} (its gz-transport command topic, input_plan.h;
//                                ignition.msgs.Double's JSON)
//
// A client message with a wrong shape, a non-finite number or an unknown name is refused with a
// status; commands go through the run's CommandInbox, checked as every command is.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "leeway/transport/command_inbox.h"
#include "leeway/transport/foxglove/foxglove_websocket.h"
#include "leeway/transport/foxglove/view_channels.h"
#include "leeway/transport/served_plans.h"

namespace leeway {

class FoxgloveServer final : public Observer, private MessageSink {
 public:
  /// Starts listening; throws std::runtime_error if the port cannot be had.
  /// `plans` (made here if null) must outlive it.
  FoxgloveServer(Simulation& sim, CommandInbox& inbox, ViewOptions view,
                 const FoxgloveServerOptions& options, const ServedPlans* plans = nullptr);

  int port() const { return socket_->port(); }
  const ViewChannels& channels() const { return channels_; }

  void on_start(const Simulation& sim) override { channels_.start(sim, *this); }
  void on_step(const Simulation& sim) override;
  /// Every client hears it as an error status (the run is paused, and takes a reset).
  void on_refused_step(const Simulation& sim, const std::string& error) override;
  /// Every sample of each camera, lidar and sonar a client subscribes to.
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override {
    channels_.want_images(sim, *this, 0.0, wanted);
  }

 private:
  bool wants(std::size_t channel) const override { return socket_->wants(channel); }
  void take(std::size_t channel, std::uint64_t t_ns, std::string_view json) override {
    socket_->publish(channel, t_ns, json);
  }
  /// A client's message on `topic`: empty if taken, else why not.
  std::string client_message(const std::string& topic, std::string_view json);

  Simulation& sim_;
  CommandInbox& inbox_;
  std::unique_ptr<ServedPlans> own_plans_;
  const ServedPlans& plans_;
  ViewChannels channels_;
  std::string control_topic_;
  /// An actuator's topic: the actuators it commands.
  std::map<std::string, std::vector<std::size_t>> actuator_topics_;
  std::optional<FoxgloveWebSocket> socket_;  ///< last: it calls back into the above
};

}  // namespace leeway
