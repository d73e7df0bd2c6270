#include "leeway/multibody/articulated_model.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "leeway/multibody/motion_transform.h"

namespace leeway {
namespace {

[[noreturn]] void refuse_link(const ArticulatedLink& link, const std::string& why) {
  throw std::invalid_argument("link '" + link.name + "': " + why);
}

bool symmetric_positive_definite(const Mat6& M) {
  if (!M.isApprox(M.transpose(), 1e-12)) return false;
  const Eigen::LLT<Mat6> llt(M);
  return llt.info() == Eigen::Success;
}

}  // namespace

int add_link(ArticulatedModel& model, ArticulatedLink link) {
  const int index = static_cast<int>(model.links.size());
  if (link.parent < -1 || link.parent >= index)
    refuse_link(link, "its parent " + std::to_string(link.parent) +
                          " is neither the world (-1) nor an earlier link (0 to " +
                          std::to_string(index - 1) + ")");
  const bool has_axis = link.joint == JointKind::kRevolute ||
                        link.joint == JointKind::kContinuous || link.joint == JointKind::kPrismatic;
  if (has_axis) {
    const double length = link.axis_F.norm();
    if (!(length > 1e-12))
      refuse_link(link, "the axis of joint '" + link.joint_name + "' is zero (or not a number)");
    link.axis_F /= length;
  }
  const JointDynamics& d = link.dynamics;
  for (const auto& [value, what] : {std::pair{d.damping, "damping"},
                                    {d.friction, "friction"},
                                    {d.spring_stiffness, "spring stiffness"},
                                    {d.velocity_limit, "velocity limit"},
                                    {d.effort_limit, "effort limit"}})
    if (!(value >= 0.0))
      refuse_link(link, "the " + std::string(what) + " of joint '" + link.joint_name + "' is " +
                            std::to_string(value) + "; it must be zero or more");
  if (!std::isfinite(d.spring_reference))
    refuse_link(link, "the spring reference of joint '" + link.joint_name + "' is not finite");
  const bool limited = d.lower > -INFINITY || d.upper < INFINITY;
  if (std::isnan(d.lower) || std::isnan(d.upper) || d.lower > d.upper)
    refuse_link(link, "joint '" + link.joint_name + "' has no position between its limits " +
                          std::to_string(d.lower) + " and " + std::to_string(d.upper));
  if (limited && (!has_axis || link.joint == JointKind::kContinuous))
    refuse_link(link, "joint '" + link.joint_name + "' has position limits, which only a " +
                          "revolute or prismatic joint takes");
  if (!has_axis && !(d == JointDynamics{}))
    refuse_link(link, "joint '" + link.joint_name + "' has dynamics (spring, damping, friction " +
                          "or limits), which only a one-coordinate joint takes");

  link.M = link.M_RB + link.M_A;
  if (link.frame_only) {
    if (!link.M.isZero(0.0)) refuse_link(link, "a frame-only link has no mass or inertia");
    if (!has_axis || link.joint == JointKind::kPrismatic)
      refuse_link(link, "a frame-only link turns on a revolute or continuous joint");
  } else if (!symmetric_positive_definite(link.M))
    refuse_link(link,
                "its mass matrix M_RB + M_A is not symmetric positive definite: a moving link "
                "needs a positive mass and a positive definite inertia");

  link.nq = joint_nq(link.joint);
  link.nv = joint_nv(link.joint);
  link.q_start = model.nq;
  link.v_start = model.nv;
  // S_L = ^L X_M S_M, with ^L X_M the motion transform of X_ML = X_MC^-1.
  MotionTransform X_LM;
  X_LM.R_CP = link.X_MC.q.conjugate().toRotationMatrix();
  X_LM.p_PoCo_P = link.X_MC.p;
  const MotionSubspace S_M = joint_motion_subspace(link.joint, link.axis_F);
  link.S_L.resize(6, link.nv);
  for (int k = 0; k < link.nv; ++k)
    link.S_L.col(k) = X_LM.apply(S_M.col(k));

  const Placement X_PF{link.X_PF.linear(), link.X_PF.p}, X_MC{link.X_MC.linear(), link.X_MC.p};
  const Mat3 K = skew(link.axis_F);
  link.X_PL_terms[0] = X_PF * X_MC;
  if (link.joint == JointKind::kPrismatic) {
    link.X_PL_terms[1] = {Mat3::Zero(), X_PF.R * link.axis_F};
  } else if (has_axis) {
    link.X_PL_terms[1] = {X_PF.R * K * X_MC.R, X_PF.R * K * X_MC.p};
    link.X_PL_terms[2] = {X_PF.R * K * K * X_MC.R, X_PF.R * K * K * X_MC.p};
  }

  auto bound_joint_rate = [&model](const ArticulatedLink& moved) {
    const JointDynamics& dynamics = moved.dynamics;
    model.joint_rate =
        std::max(model.joint_rate, std::sqrt(dynamics.spring_stiffness / moved.own_joint_inertia));
  };
  if (link.parent >= 0 && model.links[link.parent].frame_only) {
    ArticulatedLink& cross = model.links[link.parent];
    if (cross.own_joint_inertia > 0.0)
      refuse_link(link, "frame-only link '" + cross.name + "' already has a link hanging from it");
    if (link.frame_only) refuse_link(link, "a frame-only link cannot hang from another");
    if (!(link.X_PF.p.norm() < 1e-12))
      refuse_link(link, "it must hang from frame-only link '" + cross.name + "' at its origin");
    // The cross's joint turns this link about an axis through the cross's origin: its inertia
    // about any such axis is at least the least eigenvalue of its inertia about that point.
    const Placement X_CL = X_PF * X_MC;  // at zero
    const Mat6 M_about_cross =
        MotionTransform{X_CL.R.transpose(), X_CL.p}.transform_inertia_to_parent(link.M);
    cross.own_joint_inertia =
        Eigen::SelfAdjointEigenSolver<Mat3>(M_about_cross.block<3, 3>(3, 3)).eigenvalues()[0];
    bound_joint_rate(cross);
  }
  if (has_axis && !link.frame_only) {
    const Vec6 s = link.S_L.col(0);
    link.own_joint_inertia = s.dot(link.M * s);
    bound_joint_rate(link);
  }

  model.nq += link.nq;
  model.nv += link.nv;
  model.links.push_back(std::move(link));
  return index;
}

}  // namespace leeway
