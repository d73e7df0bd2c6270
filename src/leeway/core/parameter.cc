#include "leeway/core/parameter.h"

#include <fmt/format.h>

#include <cmath>

namespace leeway {

std::string range_text(const ParameterRange& r) {
  const bool low = std::isfinite(r.lo);
  const bool high = std::isfinite(r.hi);
  if (low && high) {
    return fmt::format("in {}{:g}, {:g}{}", r.lo_open ? "(" : "[", r.lo, r.hi,
                       r.hi_open ? ")" : "]");
  }
  if (low) return fmt::format("{} {:g}", r.lo_open ? ">" : ">=", r.lo);
  if (high) return fmt::format("{} {:g}", r.hi_open ? "<" : "<=", r.hi);
  return "any";
}

}  // namespace leeway
