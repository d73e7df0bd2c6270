// gz-sim's world control, whichever door it comes through: ignition.msgs.WorldControl on the
// /world/W/control service (gz_server.h), ros_gz_interfaces/msg/WorldControl on ROS 2's
// /world/W/control topic (dds_server.h). Both carry the same fields; this is what they do.
//
//   pause             pause (true) or run (false) the world, then:
//   multi_step N      a paused (or lockstep) world takes exactly N more steps; a running one's
//   or step (one)     next N steps count against them (simulation.h); N at most kMaxMultiStep
//                     (-1 in the unsigned field arrives as 4294967295: refused)
//   run_to_sim_time   pause, and step until the world's time reaches it, then stay paused
//   reset.all         back to the start (with `seed` if nonzero: the run's seed too)
//
// reset.time_only and reset.model_only are refused: Leeway resets the whole run or nothing. A
// refused request changes nothing.
#pragma once

#include <cstdint>
#include <string>

#include "leeway/sim/simulation.h"

namespace leeway {

/// The most steps one request asks: 2^31 - 1 (a larger uint32 is a negative number wrapped).
inline constexpr std::uint32_t kMaxMultiStep = 2147483647;

struct WorldControlRequest {
  bool pause = false;
  bool step = false;
  std::uint32_t multi_step = 0;
  bool reset_all = false;
  bool reset_time_only = false;
  bool reset_model_only = false;
  std::uint32_t seed = 0;
  double run_to_sim_time = 0.0;  ///< [s]; 0: none
};

/// Does what `request` asks of `sim`; empty, or why it was refused.
std::string apply_world_control(Simulation& sim, const WorldControlRequest& request);

}  // namespace leeway
