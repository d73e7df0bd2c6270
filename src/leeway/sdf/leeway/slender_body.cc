#include "leeway/sdf/leeway/slender_body.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
CrossFlowDrag load_cross_flow_drag(const sdf::ElementPtr& e) {
  reject_unknown_children(
      e, {"length", "draft", "drag_coefficient", "fluid_density", "intervals", "weights"},
      "<length>, <draft>, <drag_coefficient>, <fluid_density>, <intervals> and <weights>");
  CrossFlowDrag d;
  d.length = required_positive(e, "length", "the hull's length in metres");
  d.draft = required_positive(e, "draft", "the hull's draft in metres");
  d.drag_coefficient =
      required_positive(e, "drag_coefficient", "the sections' 2-D drag coefficient");
  d.fluid_density = number_or(e, "fluid_density", 0.0, 0.0, true, "a density in kg/m^3");
  if (const sdf::ElementPtr n = optional_child(e, "intervals")) {
    d.intervals = read_count_at_least(n, 1, "the number of strips");
  }
  if (const sdf::ElementPtr w = optional_child(e, "weights")) {
    d.rectangle_weights = read_keyword<bool>(w, {{"trapezoid", false}, {"rectangle", true}});
  }
  return d;
}

BodyLift load_body_lift(const sdf::ElementPtr& e) {
  reject_unknown_children(
      e, {"area", "span", "zero_lift_drag", "oswald_efficiency", "fluid_density"},
      "<area>, <span>, <zero_lift_drag>, <oswald_efficiency> and <fluid_density>");
  BodyLift l;
  l.area = required_positive(e, "area", "the planform area in m^2");
  l.span = required_positive(e, "span", "the span (the body's width) in metres");
  l.zero_lift_drag =
      read_number_at_least(required_child(e, "zero_lift_drag", "the drag coefficient at zero lift"),
                           0.0, false, "the drag coefficient at zero lift");
  l.oswald_efficiency =
      number_or(e, "oswald_efficiency", 0.7, 0.0, true, "Oswald's efficiency factor");
  l.fluid_density = number_or(e, "fluid_density", 0.0, 0.0, true, "a density in kg/m^3");
  return l;
}

}  // namespace leeway::sdfio
