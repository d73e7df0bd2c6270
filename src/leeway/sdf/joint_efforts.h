// Actuators that push on an articulated model's moving joints (world/articulated_tree.h
// JointEffort): gz-sim's ApplyJointForce. Each is one actuator named after its joint (so
// `leeway run --command arm/j1=3` holds 3 N m on joint j1 of model arm), its state the joint's
// generalised force [N m on a revolute or continuous joint and a universal joint's first axis,
// N on a prismatic one], taken at once and held until the next command (gz-sim applies the last
// one every step), within the joint's <effort> limit: a command beyond it is clamped with a
// warning (DART, gz-sim's default engine, clamps a joint's force to it without a word). It adds
// to the joint's spring, damping and friction (joint.h).
//
// A plugin on a joint that does not move (fixed, locked by equal limits, stood in for by an
// actuator, or the model's joint to the world), or on a model that stays one rigid body, moves
// nothing: a warning names it. A joint the model lacks, or a ball joint (three coordinates,
// where gz-sim pushes on one), is an error naming the plugin.
#pragma once

#include <sdf/Model.hh>
#include <string>
#include <vector>

#include "leeway/propulsion/actuator.h"
#include "leeway/sdf/articulated_loader.h"
#include "leeway/sdf/gz/actuators.h"
#include "leeway/sim/wiring.h"

namespace leeway::sdfio {

struct ClassifiedPlugins;

/// Adds the model's joint-effort actuators to `load`'s tree, their actuators to `actuators` and
/// their topics to `wiring`; `first_body` is where `load`'s bodies start in the world.
void load_joint_efforts(const sdf::Model& model, const ClassifiedPlugins& plugins, int first_body,
                        ArticulatedLoad& load, std::vector<ActuatorModel>& actuators,
                        std::vector<ActuatorWiring>& wiring, Diagnostics& diagnostics);

/// Warns that each joint-effort plugin of `model`, one rigid body, moves nothing.
void warn_joint_efforts_on_rigid_model(const sdf::Model& model, const ClassifiedPlugins& plugins,
                                       Diagnostics& diagnostics);

}  // namespace leeway::sdfio
