// A run served to other processes: the CLI's `leeway run --serve` / `--view` and Python's
// Simulation.serve() both make one. It makes the run's plans once (served_plans.h), the inbox
// the commands arrive in (command_inbox.h) and the servers asked for: gz-transport
// (gz/gz_server.h), ROS 2 over DDS (ros2/dds_server.h) and the viewer over the Foxglove
// WebSocket protocol (foxglove/foxglove_server.h); it attaches them to the Simulation, and
// detaches them when it goes.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "leeway/sim/simulation.h"
#include "leeway/transport/command_inbox.h"
#include "leeway/transport/foxglove/foxglove_server.h"
#include "leeway/transport/gz/gz_server.h"
#include "leeway/transport/ros2/dds_server.h"
#include "leeway/transport/served_plans.h"

namespace leeway {

struct ServeOptions {
  bool gz = true;                    ///< over gz-transport
  bool dds = true;                   ///< to ROS 2 over DDS
  std::string listen = "127.0.0.1";  ///< the address every transport uses (IGN_IP)
  int ros_domain = 0;                ///< the DDS domain (ROS_DOMAIN_ID)
  double clock_rate_hz = 0.0;        ///< /clock per simulated second; 0: every step
  /// The viewer, on this port of `listen` (0: any free one); none: not served.
  std::optional<int> view_port;
  std::string document_root;  ///< the viewer's page, served on its port; empty: none
  ViewOptions view;
};

class ServedRun {
 public:
  /// Serves `sim` (which must outlive it) as `options` say. Sets IGN_IP to `listen` before the
  /// first gz-transport node is made (ign-transport reads it then). Throws LoadError for plans
  /// that do not hold (a topic two outputs share: publication_plan.h), std::runtime_error if a
  /// transport refuses.
  ServedRun(Simulation& sim, const ServeOptions& options);
  ~ServedRun();
  ServedRun(const ServedRun&) = delete;
  ServedRun& operator=(const ServedRun&) = delete;

  /// What clients send, for the run's options (RunOptions::input_source).
  CommandInbox& inbox() { return inbox_; }
  const ServedPlans& plans() const { return plans_; }
  const GzServer* gz() const { return gz_.get(); }
  const DdsServer* dds() const { return dds_.get(); }
  const FoxgloveServer* view() const { return view_.get(); }

 private:
  void serve(const ServeOptions& options);
  void detach();

  Simulation& sim_;
  ServedPlans plans_;
  CommandInbox inbox_;
  // After what they use, so that they go first.
  std::unique_ptr<GzServer> gz_;
  std::unique_ptr<DdsServer> dds_;
  std::unique_ptr<FoxgloveServer> view_;
};

}  // namespace leeway
