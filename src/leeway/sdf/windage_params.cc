#include "leeway/sdf/windage_params.h"

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

WindageModel load_windage(const sdf::ElementPtr& e) {
  reject_unknown_children(e, {"vrx", "world_axes", "blendermann"},
                          "<vrx> (with <world_axes>) or <blendermann>");
  if (const sdf::ElementPtr vrx = optional_child(e, "vrx")) {
    const Vec3 c = read_vec3(vrx, "the coefficients Cx Cy Cn");
    const sdf::ElementPtr axes = optional_child(e, "world_axes");
    return VrxWindage{c.x(), c.y(), c.z(), axes && read_bool(axes)};
  }
  const sdf::ElementPtr b = required_child(e, "blendermann", "<vrx> or <blendermann>");
  reject_unknown_children(b,
                          {"frontal_area", "lateral_area", "length", "CD_t", "CD_l_bow",
                           "CD_l_stern", "delta", "kappa", "s_L", "s_H"},
                          "the areas, <length> and Blendermann's coefficients");
  Blendermann p;
  p.CD_t = number_or(b, "CD_t", p.CD_t, 0.0, true, "a drag coefficient");
  p.CD_l_bow = number_or(b, "CD_l_bow", p.CD_l_bow, 0.0, true, "a drag coefficient");
  p.CD_l_stern = number_or(b, "CD_l_stern", p.CD_l_stern, 0.0, true, "a drag coefficient");
  p.delta = number_or(b, "delta", p.delta, 0.0, false, "delta");
  p.kappa = number_or(b, "kappa", p.kappa, 0.0, false, "kappa");
  p.s_L = number_or(b, "s_L", 0.0, -1e6, false, "a distance");
  p.s_H = number_or(b, "s_H", 0.0, -1e6, false, "a height");
  const auto area = [&](const char* n) {
    return read_number_at_least(required_child(b, n, "an area [m^2]"), 0.0, true, "an area");
  };
  const double length = read_number_at_least(required_child(b, "length", "the length overall [m]"),
                                             0.0, true, "a length");
  return blendermann_table(p, area("frontal_area"), area("lateral_area"), length);
}

}  // namespace leeway::sdfio
