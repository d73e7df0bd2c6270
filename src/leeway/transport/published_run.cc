#include "leeway/transport/published_run.h"

namespace leeway {

std::uint64_t steps_at(double rate_hz, double dt, std::uint64_t fallback) {
  return rate_hz > 0.0 ? steps_between(rate_hz, dt) : fallback;
}

PublishedRun::PublishedRun(const Simulation& sim, const PublicationPlan& plan,
                           Route Publication::*route, const TransportRates& rates)
    : sim_(sim),
      plan_(plan),
      route_(route),
      rates_(rates),
      reports_(sim.model()),
      contact_sensors_(leeway::contact_sensors(sim.scenario())) {
  for (std::size_t k = 0; k < plan.rows.size(); ++k) {
    if ((plan.rows[k].*route).carried()) carried_.push_back(k);
  }
  const Scenario& scenario = sim.scenario();
  if (!scenario.tasks.empty() && scenario.model.origin)
    goals_ = vrx_goals(scenario.tasks.front(), *scenario.model.origin);
  for (const PosePublisherModel& p : scenario.wiring.pose_publishers)
    pose_schedules_.emplace_back(scenario.model, p);
}

void PublishedRun::start() {
  reports_.start(sim_.state());
}

void PublishedRun::step() {
  reports_.step(sim_.model(), sim_.state(), sim_.data());
}

bool PublishedRun::due(std::size_t k) const {
  const Publication& p = plan_.rows[k];
  const std::uint64_t n = sim_.state().step_count;
  switch (p.cadence) {
    case Cadence::kClock:
      return n % rates_.clock == 0;
    case Cadence::kState:
      return n % rates_.state == 0;
    case Cadence::kSample:
      return sim_.data().sensors[static_cast<std::size_t>(p.index)].sampled;
    case Cadence::kOwn:
      return n % p.interval == 0;
    case Cadence::kSea:
      return rates_.sea > 0 && n % rates_.sea == 0;
    case Cadence::kSecond: {
      const VrxTaskDue due = vrx_task_due(sim_.task_states().front(), n, rates_.second);
      if (p.what == Output::kTaskInfo) return due.info;
      if (p.what == Output::kTaskGoals) return due.goals && !goals_.empty();
      return due.errors;
    }
    case Cadence::kStart:
    case Cadence::kWall:
    case Cadence::kEvents:
    case Cadence::kReply:
      break;
  }
  return false;
}

}  // namespace leeway
