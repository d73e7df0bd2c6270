#include "leeway/gnc/controller.h"

#include <algorithm>

#include "leeway/core/overloaded.h"

namespace leeway {

namespace {

void add_driven(const ThrustCommander& commander, std::vector<int>& out) {
  out.insert(out.end(), commander.actuators.begin(), commander.actuators.end());
  for (const int a : commander.azimuths)
    if (a >= 0) out.push_back(a);  // held straight or steered, the commander writes them
}

}  // namespace

const char* controller_kind(const ControllerModel& controller) {
  return std::visit(Overloaded{[](const AutopilotModel&) { return "autopilot"; },
                               [](const StationKeeperModel&) { return "station keeper"; },
                               [](const DivePilotModel&) { return "dive pilot"; },
                               [](const RovPilotModel&) { return "ROV pilot"; }},
                    controller.law);
}

std::vector<int> driven_actuators(const ControllerModel& controller) {
  std::vector<int> out;
  std::visit(Overloaded{[&](const AutopilotModel& law) {
                          add_driven(law.commander, out);
                          if (law.rudders)
                            out.insert(out.end(), law.rudders->actuators.begin(),
                                       law.rudders->actuators.end());
                        },
                        [&](const StationKeeperModel& law) { add_driven(law.commander, out); },
                        [&](const DivePilotModel& law) {
                          out = law.propulsion;
                          out.insert(out.end(), law.fins.actuators.begin(),
                                     law.fins.actuators.end());
                        },
                        [&](const RovPilotModel& law) { add_driven(law.commander, out); }},
             controller.law);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

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
