#include "leeway/world/articulated_tree.h"

#include "leeway/multibody/kinematics.h"

namespace leeway {

void place_free_base(const ArticulatedTree& tree, const Vec3& p_WB, const Quat& q_WB,
                     ArticulatedState& joints) {
  if (tree.kernel.links[0].joint != JointKind::kFree) return;
  joints.q.head<3>() = p_WB;
  joints.q.segment<4>(3) = q_WB.coeffs();
}

void place_link_bodies(const ArticulatedTree& tree, const ArticulatedData& data,
                       std::vector<BodyState>& bodies) {
  for (std::size_t i = 0; i < tree.link_body.size(); ++i) {
    if (tree.link_body[i] < 0) continue;
    BodyState& b = bodies[static_cast<std::size_t>(tree.link_body[i])];
    b.p_WB = data.X_WL[i].p;
    b.q_WB = Quat(data.X_WL[i].R);
    b.V_WB_B = data.V_L[i];
  }
}

void place_link_bodies(const ArticulatedTree& tree, const ArticulatedState& joints,
                       std::vector<BodyState>& bodies) {
  ArticulatedData data = make_articulated_data(tree.kernel);
  forward_kinematics(tree.kernel, joints, data);
  place_link_bodies(tree, data, bodies);
}

}  // namespace leeway
