#include "leeway/transport/actuator_reports.h"

#include <numbers>

namespace leeway {

ActuatorReports::ActuatorReports(const Model& model)
    : kinds_(model.actuators.size(), Kind::kNone),
      scales_(model.actuators.size(), 1.0),
      thrusters_(model.actuators.size(), false),
      joints_(model.actuators.size()),
      last_(model.actuators.size(), 0.0) {
  for (const BodyModel& b : model.bodies) {
    for (const Thruster& t : b.thrusters)
      thrusters_[static_cast<std::size_t>(t.actuator)] = true;
  }
  for (std::size_t i = 0; i < model.actuators.size(); ++i) {
    const ActuatorModel& a = model.actuators[i];
    if (a.unit == "rad" || a.unit == "m") {
      kinds_[i] = Kind::kPosition;
    } else if (a.unit == "rad/s" || a.unit == "m/s" || a.unit == "rpm") {
      kinds_[i] = Kind::kRate;
      if (a.unit == "rpm") scales_[i] = 2.0 * std::numbers::pi / 60.0;
    }
    if (kinds_[i] == Kind::kNone) continue;
    if (models_.empty() || models_.back().model_name != a.model_name)
      models_.push_back({a.model_name, {}});
    models_.back().actuators.push_back(i);
  }
}

void ActuatorReports::start(const State& state) {
  for (std::size_t i = 0; i < kinds_.size(); ++i) {
    last_[i] = scales_[i] * state.actuators[i];
    joints_[i] = {};
    if (kinds_[i] == Kind::kPosition) joints_[i].position = last_[i];
    if (kinds_[i] == Kind::kRate) joints_[i].velocity = last_[i];
  }
}

void ActuatorReports::step(const Model& model, const State& state, const StepData& data) {
  for (std::size_t i = 0; i < kinds_.size(); ++i) {
    if (kinds_[i] == Kind::kNone) continue;
    const double x = scales_[i] * state.actuators[i];
    JointCoordinates& j = joints_[i];
    if (kinds_[i] == Kind::kPosition) {
      j.velocity = (x - last_[i]) / model.dt;
      j.position = x;
    } else {
      j.position += 0.5 * (x + last_[i]) * model.dt;
      j.velocity = x;
    }
    j.effort = thrusters_[i] ? data.actuator_loads[i].torque : 0.0;
    last_[i] = x;
  }
}

double ActuatorReports::output(const State& state, const StepData& data, std::size_t i) const {
  return thrusters_[i] ? data.actuator_loads[i].thrust : state.actuators[i];
}

}  // namespace leeway
