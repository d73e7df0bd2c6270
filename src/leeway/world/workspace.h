// Scratch space a step works in (MuJoCo's arena): sized on the first step and reused after, so
// that stepping a world allocates nothing. Owned by the caller, one per world being stepped;
// its contents between steps mean nothing.
#pragma once

#include <array>
#include <vector>

#include "leeway/body/body_state.h"
#include "leeway/body/hull_sample.h"
#include "leeway/multibody/articulated_data.h"
#include "leeway/multibody/link_loads.h"

namespace leeway {

struct Workspace {
  /// The latched commands and when they were given, taken into the State when the step ends.
  std::vector<double> commands, command_times;
  std::vector<double> x_start, x_mid, x_end;  ///< actuator states at the step's start, middle, end
  std::array<std::vector<double>, 3> x_sub;   ///< at a substep's start, middle and end
  std::vector<BodyState> bodies_at_start;     ///< restored if a body fails
  /// Each body's acceleration at the step's start (in B; the prescribed one for a held or
  /// driven body), for the sensors.
  std::vector<Vec6> nu_dot_start;
  std::vector<ArticulatedData> trees;            ///< one per Model::trees entry
  std::vector<ArticulatedState> trees_at_start;  ///< restored if a body fails
  std::vector<LinkForces> link_forces;           ///< a tree's, one per link
  std::vector<ForceReport> link_reports;         ///< a tree's, one per link, when kept
  std::vector<double> x_tree;                    ///< actuator states at a tree's stage
  std::vector<double> scratch;                   ///< for the force models
  HullScratch hull;                              ///< for the hull samples
};

}  // namespace leeway
