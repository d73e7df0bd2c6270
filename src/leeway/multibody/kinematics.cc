#include "leeway/multibody/kinematics.h"

#include <cmath>

#include "leeway/multibody/spatial_cross.h"

namespace leeway {
namespace {

/// X_PL at the joint's coordinates q.
Placement link_in_parent(const ArticulatedLink& link, const double* q) {
  const Placement* terms = link.X_PL_terms;
  switch (link.joint) {
    case JointKind::kRevolute:
    case JointKind::kContinuous: {
      const double s = std::sin(q[0]), c = 1.0 - std::cos(q[0]);
      return {terms[0].R + s * terms[1].R + c * terms[2].R,
              terms[0].p + s * terms[1].p + c * terms[2].p};
    }
    case JointKind::kPrismatic:
      return {terms[0].R, terms[0].p + q[0] * terms[1].p};
    default: {
      const Pose X_FM = joint_displacement(link.joint, link.axis_F, q);
      const Placement X_PF{link.X_PF.linear(), link.X_PF.p};
      const Placement X_MC{link.X_MC.linear(), link.X_MC.p};
      return X_PF * Placement{X_FM.linear(), X_FM.p} * X_MC;
    }
  }
}

}  // namespace

void forward_kinematics(const ArticulatedModel& model, const ArticulatedState& state,
                        ArticulatedData& data) {
  for (size_t i = 0; i < model.links.size(); ++i) {
    const ArticulatedLink& link = model.links[i];
    const Placement X_PL = link_in_parent(link, state.q.data() + link.q_start);
    MotionTransform& X_LP = data.X_LP[i];
    X_LP.R_CP = X_PL.R.transpose();
    X_LP.p_PoCo_P = X_PL.p;

    const Vec6 V_joint_L = link.nv == 1 ? Vec6(link.S_L.col(0) * state.v[link.v_start])
                                        : Vec6(link.S_L * state.v.segment(link.v_start, link.nv));
    if (link.parent < 0) {
      data.X_WL[i] = X_PL;
      data.V_L[i] = V_joint_L;
    } else {
      data.X_WL[i] = data.X_WL[link.parent] * X_PL;
      data.V_L[i] = X_LP.apply(data.V_L[link.parent]) + V_joint_L;
    }
    data.c_L[i] = motion_cross(data.V_L[i], V_joint_L);
  }
}

}  // namespace leeway
