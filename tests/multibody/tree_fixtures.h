// Trees the multibody tests share: random links, joints and loads (for the algorithms'
// cross-checks), and the weight and buoyancy of a link as wrenches in its frame.
#pragma once

#include <random>

#include "leeway/core/spatial.h"
#include "leeway/multibody/articulated_data.h"

namespace leeway::testing {

inline Vec3 random_vec3(std::mt19937& rng, double scale = 1.0) {
  std::normal_distribution<double> n(0.0, scale);
  return Vec3(n(rng), n(rng), n(rng));
}

inline Vec6 random_vec6(std::mt19937& rng, double scale = 1.0) {
  return stack(random_vec3(rng, scale), random_vec3(rng, scale));
}

inline Quat random_quat(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
}

inline Pose random_pose(std::mt19937& rng, double reach = 0.5) {
  return Pose(random_vec3(rng, reach), random_quat(rng));
}

/// A rigid link of mass m with its centre of mass off its origin and a full inertia tensor.
inline Mat6 random_rigid_inertia(std::mt19937& rng) {
  std::uniform_real_distribution<double> mass(0.5, 5.0), moment(0.05, 0.5);
  const Mat3 R = random_quat(rng).toRotationMatrix();
  const Mat3 I_cm = R * Vec3(moment(rng), moment(rng), moment(rng)).asDiagonal() * R.transpose();
  return rigid_body_mass_matrix(mass(rng), random_vec3(rng, 0.2), I_cm);
}

/// A symmetric positive definite added mass with every coupling (Munk's and the rest).
inline Mat6 random_added_mass(std::mt19937& rng, double scale = 1.0) {
  Mat6 A;
  for (int j = 0; j < 6; ++j)
    A.col(j) = random_vec6(rng);
  return scale * (A * A.transpose() / 6.0 + 0.1 * Mat6::Identity());
}

/// A joint's random coordinates (unit quaternions for ball and free joints).
inline void random_joint_position(std::mt19937& rng, const ArticulatedLink& link,
                                  Eigen::VectorXd& q) {
  std::normal_distribution<double> n(0.0, 1.0);
  for (int k = 0; k < link.nq; ++k)
    q[link.q_start + k] = n(rng);
  if (link.joint == JointKind::kBall || link.joint == JointKind::kFree)
    q.segment<4>(link.q_start + link.nq - 4).normalize();
}

/// The weight m g_W at the centre of mass p_LoLcm_L and the buoyancy -rho V g_W at the centre of
/// buoyancy p_LoLcb_L, as one wrench about Lo in L, for a link at X_WL.
inline Vec6 weight_and_buoyancy_L(const Placement& X_WL, double mass, const Vec3& p_LoLcm_L,
                                  double displaced_mass, const Vec3& p_LoLcb_L, const Vec3& g_W) {
  const Vec3 g_L = X_WL.R.transpose() * g_W;
  const Vec3 weight = mass * g_L, buoyancy = -displaced_mass * g_L;
  return stack(weight + buoyancy, p_LoLcm_L.cross(weight) + p_LoLcb_L.cross(buoyancy));
}

/// The potential energy of that weight and buoyancy [J]: m g h of the centre of mass less
/// rho V g h of the centre of buoyancy, h the height against g_W.
inline double weight_and_buoyancy_potential(const Placement& X_WL, double mass,
                                            const Vec3& p_LoLcm_L, double displaced_mass,
                                            const Vec3& p_LoLcb_L, const Vec3& g_W) {
  const Vec3 p_cm_W = X_WL * p_LoLcm_L, p_cb_W = X_WL * p_LoLcb_L;
  return -mass * g_W.dot(p_cm_W) + displaced_mass * g_W.dot(p_cb_W);
}

}  // namespace leeway::testing
