#include "leeway/world/step_data.h"

#include "leeway/world/model.h"

namespace leeway {

StepData make_step_data(const Model& model) {
  StepData d;
  d.bodies.resize(model.bodies.size());
  d.actuator_commands.assign(model.actuators.size(), 0.0);
  d.actuator_loads.resize(model.actuators.size());
  d.sensors.resize(model.sensors.size());
  d.draw_sensor.assign(model.sensors.size(), 0);
  // Room for the contacts and events of a busy step, so that the first ones allocate nothing.
  constexpr std::size_t kRoom = 16;
  d.contacts.reserve(kRoom);
  d.contact_points.reserve(kRoom);
  d.events.reserve(kRoom);
  return d;
}

void record(StepData* data, const Event& event) {
  if (!data) return;
  data->events.push_back(event);
  ++data->counts[static_cast<std::size_t>(event.kind)];
}

}  // namespace leeway
