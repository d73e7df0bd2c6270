#include "leeway/sdf/parameter_reading.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

std::optional<double> Dialect::fallback_for(const ParameterInfo& p) const {
  for (const auto& [name, value] : defaults) {
    if (name == p.name) return value;
  }
  if (!leeway_defaults || !p.fallback) return std::nullopt;
  return negates(p) ? 0.0 - *p.fallback : *p.fallback;
}

bool Dialect::negates(std::string_view name) const {
  for (std::string_view negated : opposite_sign) {
    if (negated == name) return true;
  }
  return false;
}

std::string_view Dialect::name_for(const ParameterInfo& p) const {
  for (const auto& [leeway_name, own_name] : names) {
    if (leeway_name == p.name) return own_name;
  }
  return p.name;
}

namespace {

[[noreturn]] void throw_missing(const sdf::ElementPtr& parent, const std::string& name,
                                const std::string& what) {
  throw LoadError(location_of(parent), fmt::format("missing <{}>, expected {}", name, what));
}

}  // namespace

double read_parameter(const sdf::ElementPtr& parent, const ParameterInfo& p,
                      std::optional<double> fallback, std::string_view element_name) {
  const std::string name(element_name);
  const std::string what =
      p.unit.empty() ? std::string(p.meaning) : fmt::format("{} [{}]", p.meaning, p.unit);
  const sdf::ElementPtr e = optional_child(parent, name);
  if (!e) {
    if (fallback) return *fallback;
    throw_missing(parent, name, what);
  }
  const double v = read_number(e, what);
  if (!p.range.holds(v)) {
    throw LoadError(location_of(e),
                    fmt::format("got {}, expected {} {}", v, what, range_text(p.range)));
  }
  return v;
}

double read_parameter(const sdf::ElementPtr& parent, const ParameterInfo& p,
                      const Dialect& dialect) {
  if (!dialect.negates(p))
    return read_parameter(parent, p, dialect.fallback_for(p), dialect.name_for(p));
  ParameterInfo stated = p;
  stated.range = p.range.mirrored();
  // 0 - v, not -v: a stated 0 stays +0.
  return 0.0 - read_parameter(parent, stated, dialect.fallback_for(p), dialect.name_for(p));
}

}  // namespace leeway::sdfio
