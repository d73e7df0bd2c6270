#include "leeway/gnc/los_guidance.h"

#include <cmath>

namespace leeway {

LosGuidance los_guidance(const Eigen::Vector2d& p_0, const Eigen::Vector2d& p_1,
                         const Eigen::Vector2d& p, double lookahead) {
  LosGuidance g;
  const Eigen::Vector2d leg = p_1 - p_0;
  g.leg_length = leg.norm();
  if (g.leg_length < 1e-9) {
    const Eigen::Vector2d to_goal = p_1 - p;
    g.course = std::atan2(to_goal.y(), to_goal.x());
    return g;
  }
  const Eigen::Vector2d along = leg / g.leg_length, left(-along.y(), along.x());
  const Eigen::Vector2d r = p - p_0;
  g.along_track = r.dot(along);
  g.cross_track = r.dot(left);
  if (g.along_track > g.leg_length) {  // past p_1 without reaching it: turn back for it
    const Eigen::Vector2d to_goal = p_1 - p;
    g.course = std::atan2(to_goal.y(), to_goal.x());
    return g;
  }
  g.course = std::atan2(along.y(), along.x()) + std::atan(-g.cross_track / lookahead);
  return g;
}

}  // namespace leeway
