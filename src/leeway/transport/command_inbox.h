// Actuator commands that arrive on a transport's threads, held for the stepping thread: each is
// checked as the step will check it (check_command) when it arrives, so that a bad one is told
// about once, on the topic it came on; the step then takes the latest of each actuator.
//
// It is the run's InputSource (RunOptions::input_source): every transport a run is served over
// (gz_server.h, dds_server.h) offers its commands to the same inbox, and the external wrenches
// clients apply to bodies (entity_wrench.h).
//
// A command for an actuator one of the world's controllers drives (gnc/controller.h) lasts until
// that controller's next update, which writes over it; the first such command for each actuator
// is told on stderr, with the way to drive it alone (--no-controllers).
//
// A non-finite or refused command is dropped and a clamped one kept, each with a line on stderr,
// at most one a second per topic and kind (rate_limited_log.h): a client flooding bad commands
// cannot flood the log. So is a message that never becomes a command (a malformed one, one of
// another type, a refused request): the transport tells the inbox with refuse().
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "leeway/gnc/controller.h"
#include "leeway/sim/simulation.h"
#include "leeway/transport/entity_wrench.h"
#include "leeway/transport/rate_limited_log.h"

namespace leeway {

class CommandInbox final : public InputSource, public Observer {
 public:
  /// `controllers`: the run's (Scenario::controllers), whose actuators a client's command
  /// contends with.
  explicit CommandInbox(const Model& model, const std::vector<ControllerModel>& controllers = {});

  /// A command for model.actuators[i], arrived on `topic`. Any thread.
  void offer(std::size_t i, const std::string& topic, double value);

  /// A message on `topic` (or a request to a service) that carries no command: its `kind` (for
  /// the rate limit: rate_limited_log.h) and why. Any thread.
  void refuse(const std::string& topic, const std::string& kind, const std::string& why);

  /// A wrench on model.bodies[body] for the next step only, or (`persistent`) for every step
  /// until clear_wrenches(body). A non-finite one, or one that would take the wrenches held on
  /// the body past its WrenchLimit, is dropped with a line. Any thread.
  void offer_wrench(std::size_t body, const std::string& topic, const WorldWrench& wrench,
                    bool persistent);
  void clear_wrenches(std::size_t body);

  /// A new place for the pinger of model.sensors[i], a range-bearing receiver [m, in W], from
  /// the next step. A non-finite one is dropped with a line. Any thread.
  void move_pinger(std::size_t sensor, const std::string& topic, const Vec3& p_W);

  /// Moves the commands and pinger positions that arrived since the last call into
  /// inputs.commands and inputs.pinger_W, and adds the wrenches due at this step to
  /// inputs.F_ext_Bo_B, turned with the bodies' attitudes now.
  void take_inputs(const Simulation& sim, Inputs& inputs) override;
  /// Attached to the run (served_run.h): says on stderr that a step was refused and the run is
  /// paused, with the persistent wrenches the bodies hold and how to go on.
  void on_refused_step(const Simulation& sim, const std::string& error) override;

 private:
  const Model& model_;
  std::mutex mutex_;
  std::vector<std::optional<double>> pending_;  ///< one per Model::actuators entry
  /// Per Model::actuators entry: the controller that writes over a client's command for it, in
  /// words (empty for none), and whether that was told.
  std::vector<std::string> overridden_by_;
  std::vector<char> told_overridden_;
  bool any_pending_ = false;
  std::vector<std::vector<WorldWrench>> once_, persistent_;  ///< one per Model::bodies entry
  std::vector<WrenchLimit> limits_;                          ///< one per Model::bodies entry
  /// The magnitudes held in once_ and persistent_ (WrenchLimit's force and torque), one per
  /// Model::bodies entry.
  std::vector<WrenchLimit> once_sum_, persistent_sum_;
  bool any_wrench_ = false;                   ///< a wrench in once_ or persistent_
  std::vector<std::optional<Vec3>> pingers_;  ///< one per Model::sensors entry
  bool any_pinger_ = false;                   ///< a position in pingers_
  RateLimitedLog log_;
};

}  // namespace leeway
