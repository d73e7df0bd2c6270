#include "leeway/transport/entity_wrench.h"

#include <fmt/format.h>

namespace leeway {

Vec6 wrench_about_Bo_in_B(const WorldWrench& w, const Quat& q_WB) {
  const Mat3 R_BW = q_WB.conjugate().toRotationMatrix();
  const Vec3 force_B = R_BW * w.force_W;
  Vec6 F;
  F << force_B, R_BW * w.torque_W + w.p_BoP_B.cross(force_B);
  return F;
}

ResolvedBody body_of_entity(const Model& model, const std::string& name, std::uint64_t id,
                            int type) {
  const auto type_named = [](int t) {
    return t == static_cast<int>(EntityType::kNone)    ? "NONE"
           : t == static_cast<int>(EntityType::kModel) ? "MODEL"
           : t == static_cast<int>(EntityType::kLink)  ? "LINK"
                                                       : "another type";
  };
  if (type != static_cast<int>(EntityType::kNone) && type != static_cast<int>(EntityType::kModel) &&
      type != static_cast<int>(EntityType::kLink)) {
    return {-1, fmt::format("entity type {} ({}): expected MODEL (2) or LINK (3)", type,
                            type_named(type))};
  }
  if (name.empty()) {
    if (id >= 1 && id <= model.bodies.size()) return {static_cast<int>(id - 1), {}};
    return {-1, fmt::format("no name, and id {} is no body's (1 to {}, as /world/{}/pose/info "
                            "numbers them)",
                            id, model.bodies.size(), model.world_name)};
  }
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& b = model.bodies[i];
    const bool as_model = type != static_cast<int>(EntityType::kLink) && name == b.model_name;
    const bool as_link =
        type != static_cast<int>(EntityType::kModel) && name == b.model_name + "::" + b.link_name;
    if (as_model || as_link) return {static_cast<int>(i), {}};
  }
  return {-1, fmt::format("no body is the {} '{}' (a moving model by its name, or its reference "
                          "link as model::link)",
                          type_named(type), name)};
}

}  // namespace leeway
