#include "leeway/output/output_frame.h"

#include "leeway/core/frames.h"
#include "leeway/core/rotation.h"

namespace leeway {

std::optional<OutputFrame> parse_output_frame(std::string_view text) {
  if (text == "enu") return OutputFrame::kEnuFlu;
  if (text == "ned") return OutputFrame::kNedFrd;
  return std::nullopt;
}

PoseTwistRow to_output_frame(const BodyState& s, OutputFrame frame) {
  if (frame == OutputFrame::kEnuFlu) return {s.p_WB, euler_zyx(s.q_WB), s.V_WB_B};
  return {enu_to_ned(s.p_WB), euler_zyx(ned_frd_from_enu_flu(s.q_WB)), flip_flu_frd(s.V_WB_B)};
}

}  // namespace leeway
