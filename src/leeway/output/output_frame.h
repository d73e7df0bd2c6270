// The frame convention of everything Leeway writes out: ENU world with FLU bodies (Leeway's own,
// ROS REP-103) or NED world with FRD bodies (Fossen's, most marine literature).
#pragma once

#include <optional>
#include <string_view>

#include "leeway/body/body_state.h"

namespace leeway {

enum class OutputFrame { kEnuFlu, kNedFrd };

std::optional<OutputFrame> parse_output_frame(std::string_view text);  ///< "enu" or "ned"

/// One body's pose and twist as a recording row gives it: position of Bo in the world [m],
/// ZYX Euler angles [rad] and the body twist [m/s, rad/s], all in the chosen convention.
struct PoseTwistRow {
  Vec3 position;
  Vec3 roll_pitch_yaw;
  Vec6 twist;
};

PoseTwistRow to_output_frame(const BodyState& state, OutputFrame frame);

}  // namespace leeway
