// What a run's clients (the peers of its transports: gz-transport, ROS 2, viewers) may push its
// bodies with. An external wrench (gz-sim's EntityWrench, transport/entity_wrench.h) is an
// input a client chooses, and one of 1e12 N only drives a state to overflow: every body takes
// them up to a bound derived from its own mass and size, which a world may scale or replace per
// model (the Leeway ClientLimits plugin, docs/sdf-reference.md).
#pragma once

#include <map>
#include <string>

#include "leeway/body/body_model.h"

namespace leeway {

/// The most a body's external wrenches, all held at once, may be: |F| <= force and
/// |tau| + |p_BoP| |F| <= torque (magnitudes added, so the bound holds whatever the
/// directions and the body's attitude).
struct WrenchLimit {
  double force = 0.0;   ///< [N]
  double torque = 0.0;  ///< [N m], about Bo
  double length = 0.0;  ///< [m], the body's length the derived torque is reckoned at
  bool stated = false;  ///< stated by the world for the body's model, not derived
};

struct ClientLimits {
  /// The derived bound's force, in standard gravities (9.80665 m/s^2) times the body's mass:
  /// 10 is ten times its weight, more than any vehicle is handled with.
  double wrench_g = 10.0;
  /// Bounds stated for a model, by its scoped name (model_tree.h), in place of the derived one.
  std::map<std::string, WrenchLimit> wrench_by_model;
};

/// The body's bound: its model's stated one, else a force of wrench_g x g0 x its mass and a
/// torque of that force at the body's length, sqrt(6 tr(I_Bo) / m) (a uniform box's diagonal,
/// for a box).
WrenchLimit external_wrench_limit(const BodyModel& body, const ClientLimits& limits);

}  // namespace leeway
