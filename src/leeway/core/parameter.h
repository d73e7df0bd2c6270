// A kernel's parameter described once: the name every dialect's SDF gives it, its unit, the
// values it may take, Leeway's default and what it means. The SDF dialects read a parameter
// through its description (sdf/parameter_reading.h), so that a range, a unit or an error message
// is the same whichever syntax states it, and docs/sdf-reference.md prints the same table
// (a test compares them). A kernel's table sits beside its kernel (hydro/foil_parameters.h),
// free of SDF: a description is data about the physics' numbers, not about a file format. A
// dialect that spells a parameter otherwise (UUV Simulator's <timeConstant> for <time_constant>)
// says so where it reads it.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace leeway {

/// The values a number may take: from `lo` to `hi`, each end open or closed.
struct ParameterRange {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = false;
  bool hi_open = false;

  static constexpr ParameterRange any() { return {}; }
  static constexpr ParameterRange at_least(double lo) { return {.lo = lo}; }
  static constexpr ParameterRange at_most(double hi) { return {.hi = hi}; }
  static constexpr ParameterRange above(double lo) { return {.lo = lo, .lo_open = true}; }
  static constexpr ParameterRange between(double lo, double hi) { return {.lo = lo, .hi = hi}; }
  static constexpr ParameterRange above_up_to(double lo, double hi) {
    return {.lo = lo, .hi = hi, .lo_open = true};
  }

  /// The values -v for v in this range: the range of a parameter a dialect states with the
  /// opposite sign (0 - x, not -x: an end at 0 stays +0, and prints so).
  constexpr ParameterRange mirrored() const {
    return {.lo = 0.0 - hi, .hi = 0.0 - lo, .lo_open = hi_open, .hi_open = lo_open};
  }

  constexpr bool holds(double v) const {
    return (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
  }
};

/// "> 0", ">= 0", "in (0, 1.5708]"; "any" for any finite number: as messages and docs write it.
std::string range_text(const ParameterRange& range);

/// What a parameter is, whatever struct it fills.
struct ParameterInfo {
  std::string_view name;     ///< the SDF element's name in Leeway's syntax: <cla>
  std::string_view unit;     ///< SI as docs/notation.md writes it ("1/rad"); "" for a ratio
  std::string_view meaning;  ///< a short phrase: "the lift slope below the stall"
  ParameterRange range;
  /// Leeway's default; none: the parameter is required. A dialect may give its own
  /// (gz-sim's LiftDrag has its defaults, UUV Simulator's plugins have none).
  std::optional<double> fallback;
};

/// A number of the kernel's parameter struct `Params` and the member it fills.
template <class Params>
struct NumberParameter {
  ParameterInfo info;
  double Params::*member;
};

}  // namespace leeway
