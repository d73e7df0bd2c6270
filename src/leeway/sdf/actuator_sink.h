// What an actuator plugin's adapter writes into: the body it acts on, the world's actuator list
// and the load's warnings. Leeway's own plugins (sdf/leeway/actuators.h) and the foreign ones
// (sdf/gz/actuators.h, sdf/uuv/actuators.h, sdf/vrx/thrust.h) all add through it, so every actuator
// name is checked for uniqueness in one place.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <sdf/Model.hh>
#include <set>
#include <string>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/core/error.h"
#include "leeway/propulsion/actuator.h"
#include "leeway/propulsion/actuator_checks.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/joint_frames.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sim/wiring.h"

namespace leeway::sdfio {

struct ActuatorSink {
  const sdf::Model& model;
  const MergedLinks& links;
  int body_index;
  BodyModel& body;
  std::vector<ActuatorModel>& actuators;
  std::vector<ActuatorWiring>& wiring;  ///< one per `actuators` entry: the topics it names
  Diagnostics& diagnostics;
  /// Joints an actuator stands in for (a propeller's spin, a steering joint, a fin's hinge):
  /// their being merged into the body is expected, not warned about.
  std::set<std::string> claimed_joints = {};

  /// The joint `name` names, in B (joint_frames.h), claimed by the caller's actuator.
  JointInBody joint(const sdf::ElementPtr& name) {
    JointInBody j = joint_in_body(model, name, links);
    claimed_joints.insert(j.name);
    return j;
  }

  /// Adds `a` (its model and body filled in here), with the topics its plugin names, and
  /// returns its index in the world's list; a
  /// LoadError at `where` if the model already has an actuator of that name. A name that starts
  /// with the model's URDF namespace (`wamv/left_engine_propeller_joint`) loses it: the model's
  /// own name already says whose it is (`--command wamv/left_engine_propeller_joint=...`).
  int add(ActuatorModel a, const sdf::ElementPtr& where, ActuatorWiring topics = {}) {
    if (!links.name_prefix.empty() && a.name.starts_with(links.name_prefix) &&
        a.name.size() > links.name_prefix.size()) {
      a.name.erase(0, links.name_prefix.size());
    }
    a.model_name = model.Name();
    a.body = body_index;
    for (const ActuatorModel& other : actuators) {
      if (other.model_name == a.model_name && other.name == a.name) {
        throw LoadError(location_of(where),
                        fmt::format("model '{}' already has an actuator called '{}'; expected "
                                    "unique names",
                                    a.model_name, a.name));
      }
    }
    actuators.push_back(std::move(a));
    topics.where = location_of(where);
    wiring.push_back(std::move(topics));
    return static_cast<int>(actuators.size()) - 1;
  }

  /// Adds thruster `t` to the body once the kernel's checks accept it (actuator_checks.h); else
  /// a LoadError at `where`, or at `azimuth_where` (when given) for a problem with its azimuth.
  void add_thruster(Thruster t, const sdf::ElementPtr& where,
                    const sdf::ElementPtr& azimuth_where = nullptr) {
    if (const std::string problem = check_thruster(t); !problem.empty())
      throw LoadError(location_of(where), problem);
    if (const std::string problem = check_azimuth(t); !problem.empty())
      throw LoadError(location_of(azimuth_where ? azimuth_where : where), problem);
    body.thrusters.push_back(std::move(t));
  }

  /// Adds control surface `s` to the body once the kernel's checks accept it; else a LoadError
  /// at `where`.
  void add_control_surface(ControlSurface s, const sdf::ElementPtr& where) {
    if (const std::string problem = check_control_surface(s); !problem.empty())
      throw LoadError(location_of(where), problem);
    body.control_surfaces.push_back(std::move(s));
  }

  /// Says that a foreign PID on a joint's effort is not simulated: a merged rigid body has no
  /// joint inertia for it to act on, so the servo `name` follows its command at once, at most at
  /// `max_rate` [rad/s].
  void warn_instant_servo(const sdf::ElementPtr& where, const std::string& name,
                          const char* whose_pid, double max_rate) {
    diagnostics.warn(
        location_of(where),
        fmt::format("'{}': {} PID on the joint's effort needs the joint's own "
                    "dynamics, which Leeway's rigid body does not have; it follows "
                    "its command at once{}",
                    name, whose_pid,
                    std::isfinite(max_rate) ? fmt::format(", at most {} rad/s", max_rate) : ""));
  }
};

}  // namespace leeway::sdfio
