#include "leeway/gnc/controller.h"

#include "leeway/core/overloaded.h"

namespace leeway {

ControllerState initial_controller_state(const ControllerModel& controller) {
  return std::visit(
      Overloaded{[](const AutopilotModel&) -> ControllerState { return AutopilotState{}; },
                 [](const StationKeeperModel& law) -> ControllerState {
                   // The steering starts straight, where the model's steering joints start.
                   StationKeepingState state;
                   state.azimuth_angle.assign(law.commander.thrusters.size(), 0.0);
                   return state;
                 },
                 [](const DivePilotModel&) -> ControllerState { return DivePilotState{}; },
                 [](const RovPilotModel&) -> ControllerState { return RovPilotState{}; }},
      controller.law);
}

void controller_update(const ControllerModel& controller, ControllerState& state,
                       const NavigationSolution& navigation, double dt,
                       std::vector<std::optional<double>>& commands) {
  const BodyState& body = navigation.body;
  const double t = navigation.t;
  std::visit(
      Overloaded{[&](const AutopilotModel& law) {
                   autopilot_update(law, std::get<AutopilotState>(state), body, t, dt, commands);
                 },
                 [&](const StationKeeperModel& law) {
                   station_keeper_update(law, std::get<StationKeepingState>(state), body, dt,
                                         commands);
                 },
                 [&](const DivePilotModel& law) {
                   dive_pilot_update(law, std::get<DivePilotState>(state), body, dt, commands);
                 },
                 [&](const RovPilotModel& law) {
                   rov_pilot_update(law, std::get<RovPilotState>(state), body, dt, commands);
                 }},
      controller.law);
}

}  // namespace leeway
