// RexROV-sized bodies for the benchmarks (research/uuv.md 2.1): its mass, inertia, Berg's full
// added-mass matrix, damping with couplings, and its net buoyancy.
#pragma once

#include "leeway/world/model.h"

namespace leeway::bench {

/// The hull alone, moving (1.2 m/s surge, some sway, heave and turn) in a 0.36 m/s current.
BodyModel rexrov_body();

/// The hull with its eight thrusters, each on an actuator: UUV Simulator's `FirstOrder`
/// tau = 0.05 s rotor and `Basic` T = 0.00031 x |x| map, shaft speed within +-2540 (2000 N).
Model rexrov_with_thrusters(double dt);

}  // namespace leeway::bench
