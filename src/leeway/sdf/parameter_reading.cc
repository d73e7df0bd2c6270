#include "leeway/sdf/parameter_reading.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

std::optional<double> DialectDefaults::fallback_for(const ParameterInfo& p) const {
  for (const auto& [name, value] : own) {
    if (name == p.name) return value;
  }
  return leeway ? p.fallback : std::nullopt;
}

double read_parameter(const sdf::ElementPtr& parent, const ParameterInfo& p,
                      std::optional<double> fallback) {
  const std::string name(p.name);
  const std::string what =
      p.unit.empty() ? std::string(p.meaning) : fmt::format("{} [{}]", p.meaning, p.unit);
  const sdf::ElementPtr e = optional_child(parent, name);
  if (!e) {
    if (fallback) return *fallback;
    return read_number(required_child(parent, name.c_str(), what.c_str()), what);
  }
  const double v = read_number(e, what);
  if (!p.range.holds(v)) {
    throw LoadError(location_of(e),
                    fmt::format("got {}, expected {} {}", v, what, range_text(p.range)));
  }
  return v;
}

}  // namespace leeway::sdfio
