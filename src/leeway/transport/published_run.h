// What every transport reads to publish a run, beside the Simulation: the plan's rows (which it
// carries, each a route of its own), when each is due at the transport's rates, and the sources
// a few rows need kept from step to step (the joints' coordinates, VRX's goals, the
// PosePublishers' frames, the contact sensors). The gz-transport and ROS 2 servers and the
// viewer's channels each keep one; each then only encodes.
#pragma once

#include <cstdint>
#include <vector>

#include "leeway/sim/simulation.h"
#include "leeway/transport/actuator_reports.h"
#include "leeway/transport/pose_publishing.h"
#include "leeway/transport/publication_plan.h"
#include "leeway/transport/vrx_task_topics.h"

namespace leeway {

/// Steps between a transport's publications of each cadence (publication_plan.h).
struct TransportRates {
  std::uint64_t clock = 1;   ///< Cadence::kClock
  std::uint64_t state = 1;   ///< Cadence::kState
  std::uint64_t sea = 0;     ///< Cadence::kSea; 0: never
  std::uint64_t second = 1;  ///< a simulated second, Cadence::kSecond
};

/// `rate_hz` [Hz] as steps of the model's dt; 0 Hz: `fallback` steps.
std::uint64_t steps_at(double rate_hz, double dt, std::uint64_t fallback = 1);

class PublishedRun {
 public:
  /// `sim` must outlive it.
  PublishedRun(const Simulation& sim, const PublicationPlan& plan, Route Publication::*route,
               const TransportRates& rates);

  const Simulation& sim() const { return sim_; }
  const Scenario& scenario() const { return sim_.scenario(); }
  /// The rows this transport carries (indices into the plan), in the plan's order.
  const std::vector<std::size_t>& carried() const { return carried_; }
  const Publication& row(std::size_t k) const { return plan_.rows[k]; }
  const Route& route(std::size_t k) const { return plan_.rows[k].*route_; }
  const TransportRates& rates() const { return rates_; }

  /// At the run's (re)start, and after every step.
  void start();
  void step();
  /// Whether row k is due after the step the run is at (Cadence::kStart, kWall, kEvents and
  /// kReply rows never are: their transport sends them itself).
  bool due(std::size_t k) const;

  /// Marks in `wanted` (one entry per Model::sensors) each camera, lidar and sonar of which a
  /// carried row is listened to: `listened(j)` for the j-th carried row (a subscriber on
  /// gz-transport, a matched reader on DDS). Observer::want_images, for every transport.
  template <class Listened>
  void want_drawn(Listened listened, std::vector<std::uint8_t>& wanted) const {
    for (std::size_t j = 0; j < carried_.size(); ++j) {
      const Publication& p = plan_.rows[carried_[j]];
      if (p.drawn && listened(j)) wanted[static_cast<std::size_t>(p.index)] = 1;
    }
  }

  const ActuatorReports& reports() const { return reports_; }
  /// VRX's goals of the first task (none without a geodetic origin).
  const std::vector<VrxGoal>& goals() const { return goals_; }
  const std::vector<PoseSchedule>& pose_schedules() const { return pose_schedules_; }
  const std::vector<ContactSensor>& contact_sensors() const { return contact_sensors_; }

 private:
  const Simulation& sim_;
  const PublicationPlan& plan_;
  Route Publication::*route_;
  TransportRates rates_;
  std::vector<std::size_t> carried_;
  ActuatorReports reports_;
  std::vector<VrxGoal> goals_;
  std::vector<PoseSchedule> pose_schedules_;
  std::vector<ContactSensor> contact_sensors_;
};

}  // namespace leeway
