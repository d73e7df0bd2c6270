#include "leeway/multibody/kinematics.h"

#include "leeway/multibody/spatial_cross.h"

namespace leeway {

void forward_kinematics(const ArticulatedModel& model, const ArticulatedState& state,
                        ArticulatedData& data) {
  for (size_t i = 0; i < model.links.size(); ++i) {
    const ArticulatedLink& link = model.links[i];
    const Pose X_FM = joint_displacement(link.joint, link.axis_F, state.q.data() + link.q_start);
    // X_PL = X_PF X_FM X_MC, composed as poses.
    const Quat q_PM = link.X_PF.q * X_FM.q;
    const Vec3 p_PM = link.X_PF.p + link.X_PF.q * X_FM.p;
    const Quat q_PL = (q_PM * link.X_MC.q).normalized();
    const Vec3 p_PL = p_PM + q_PM * link.X_MC.p;

    MotionTransform& X_LP = data.X_LP[i];
    X_LP.R_CP = q_PL.conjugate().toRotationMatrix();
    X_LP.p_PoCo_P = p_PL;

    const Vec6 V_joint_L = link.S_L * state.v.segment(link.v_start, link.nv);
    if (link.parent < 0) {
      data.X_WL[i] = Pose(p_PL, q_PL);
      data.V_L[i] = V_joint_L;
    } else {
      const Pose& X_WP = data.X_WL[link.parent];
      data.X_WL[i] = Pose(X_WP.p + X_WP.q * p_PL, X_WP.q * q_PL);
      data.V_L[i] = X_LP.apply(data.V_L[link.parent]) + V_joint_L;
    }
    data.c_L[i] = motion_cross(data.V_L[i], V_joint_L);
  }
}

}  // namespace leeway
