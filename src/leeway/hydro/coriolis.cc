#include "leeway/hydro/coriolis.h"

#include <array>
#include <utility>

namespace leeway {

Mat6 coriolis_matrix(const Mat6& M, const Vec6& nu) {
  const Vec3 a = M.block<3, 6>(0, 0) * nu;
  const Vec3 b = M.block<3, 6>(3, 0) * nu;
  Mat6 C = Mat6::Zero();
  C.block<3, 3>(0, 3) = -skew(a);
  C.block<3, 3>(3, 0) = -skew(a);
  C.block<3, 3>(3, 3) = -skew(b);
  return C;
}

Vec6 coriolis_wrench(const Mat6& M, const Vec6& nu, MunkMoment munk) {
  if (munk == MunkMoment::kCancelSkewPairs) {
    Mat6 C = coriolis_matrix(M, nu);
    constexpr std::array<std::pair<int, int>, 4> kMunk{{{4, 0}, {4, 2}, {5, 0}, {5, 1}}};
    for (const auto& [i, j] : kMunk) {
      C(i, j) = 0.0;
      C(j, i) = 0.0;
    }
    return -(C * nu);
  }
  const Vec3 v = linear(nu);
  const Vec3 w = angular(nu);
  const Vec3 a = M.block<3, 6>(0, 0) * nu;
  const Vec3 b = M.block<3, 6>(3, 0) * nu;
  Vec3 moment = a.cross(v) + b.cross(w);
  if (munk == MunkMoment::kCancelMoment) moment -= (M.block<3, 3>(0, 0) * v).cross(v);
  return stack(a.cross(w), moment);
}

}  // namespace leeway
