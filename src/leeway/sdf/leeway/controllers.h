// The reference controllers (gnc/controller.h), attached to a model as plugins, each read by
// its own loader (plugin_registry.cc routes them):
//   leeway::Autopilot        (leeway-autopilot)         sdf/leeway/autopilot.h
//   leeway::StationKeeping   (leeway-station-keeping)   sdf/leeway/station_keeper.h
//   leeway::DivePilot        (leeway-dive-pilot)        sdf/leeway/dive_pilot.h
//   leeway::RovPilot         (leeway-rov-pilot)         sdf/leeway/rov_pilot.h
// Each takes
//   <rate>10</rate>   control rate [Hz] > 0, default 10; at most the physics rate, rounded to
//                     whole physics steps
//   <navigation>truth</navigation>   what it navigates by: truth (default) or estimated, its
//                     body's sensors through the reference navigator (gnc/navigator.h)
//   <navigation_acceleration_noise>0.02</navigation_acceleration_noise>   [m/s^2/sqrt(Hz)] >= 0:
//                     the motion the IMU's samples miss (NavigationFilterModel)
// and at most one is attached to a model.
#pragma once

#include <sdf/Element.hh>
#include <stdexcept>
#include <string>

#include "leeway/core/error.h"
#include "leeway/gnc/pid.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sim/scenario.h"

namespace leeway::sdfio {

/// What reads a controller's law: load_autopilot, load_station_keeper, ...
using LawLoader = ControlLaw (*)(const sdf::ElementPtr& plugin, const Scenario& scenario, int body);

/// The controller `plugin` attaches to body `body` of `scenario`'s model (its bodies, actuators
/// and tasks already loaded): its rate, then its law, read by `load_law`.
ControllerModel load_controller(const sdf::ElementPtr& plugin, LawLoader load_law,
                                const Scenario& scenario, int body);

/// A gain block <name><kp/><ki/><kd/><integral_limit/></name> of `plugin`: required, with <kp>
/// required, <ki> and <kd> defaulting to 0 and <integral_limit> to none; `units` names kp's.
PidGains read_pid_gains(const sdf::ElementPtr& plugin, const char* name, const char* units);

/// A <station>x y z yaw</station> [m, m, m, rad] in W.
Station read_station(const sdf::ElementPtr& station);

/// Where body `body` starts: its position and yaw (roll and pitch are held at 0).
Station start_station(const BodyModel& body);

/// make(), a commander (thrust_commands.h, fin_commands.h), with the std::invalid_argument it
/// throws when the model cannot serve the controller turned into a LoadError at `plugin`.
template <class Make>
auto commander_for(const sdf::ElementPtr& plugin, Make make) -> decltype(make()) {
  try {
    return make();
  } catch (const std::invalid_argument& e) {
    throw LoadError(location_of(plugin), e.what());
  }
}

}  // namespace leeway::sdfio
