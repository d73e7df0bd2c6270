// The Fossen model's coefficient matrices described once (core/parameter.h does the same for
// scalars): added mass M_A, linear damping D_l and quadratic damping D_q, each a 6x6 table about
// a reference point in B axes (damping.h, coriolis.h). Every dialect reads them through these
// descriptions (sdf/matrix_parameter_reading.h): Leeway's <added_mass> and <linear_damping> as
// matrices, UUV Simulator's as matrices in FRD and Fossen's negative damping sign, gz-sim's as one
// SNAME derivative per entry (xDotU, xU, xUabsU: the opposite sign), VRX's as a diagonal of
// magnitudes. So a damping that feeds energy in is refused with one message whatever the syntax,
// and docs/sdf-reference.md lists the same table (a test compares them).
#pragma once

#include <array>
#include <string_view>

#include "leeway/core/parameter.h"

namespace leeway {

/// A 6x6 table of coefficients: its element in Leeway's syntax, its symbol, its units by block,
/// and the values its diagonal may take in Leeway's sign.
struct MatrixParameterInfo {
  std::string_view name;     ///< <linear_damping>
  std::string_view symbol;   ///< D_l
  std::string_view meaning;  ///< "the linear damping"
  /// The unit of entry (i, j) by block: force per linear, force per angular, moment per linear,
  /// moment per angular (row i the wrench component, column j the motion's).
  std::array<std::string_view, 4> units;
  /// What each diagonal entry may be. A damping's diagonal is >= 0: a negative D_ii feeds energy
  /// into motion i (1/2 d|nu_i|^2/dt gains D_ii nu_i^2 > 0 from it alone), which then grows
  /// without bound. The added mass has no such bound here: a negative entry is legal in a
  /// coefficient fit (gz-sim's own test world has one) as long as M_RB + M_A stays positive
  /// definite, which the body loader checks (body/mass_checks.h).
  ParameterRange diagonal;
  std::string_view diagonal_reason;  ///< why, for the message that refuses an entry
  /// Whether 6 numbers state the diagonal alone in the matrix syntaxes; an added-mass table is
  /// written out in full, its couplings being what a strip or panel method gives.
  bool diagonal_shorthand;

  constexpr std::string_view unit(int i, int j) const {
    return units[static_cast<std::size_t>((i >= 3 ? 2 : 0) + (j >= 3 ? 1 : 0))];
  }
};

inline constexpr std::string_view kDampingDissipates =
    "a damping that does not dissipate feeds energy into the motion, which then grows without "
    "bound";

inline constexpr MatrixParameterInfo kAddedMassParameter{
    "added_mass", "M_A", "the added mass", {"kg", "kg m", "kg m", "kg m^2"}, ParameterRange::any(),
    "",           false};

inline constexpr MatrixParameterInfo kLinearDampingParameter{
    "linear_damping",
    "D_l",
    "the linear damping",
    {"kg/s", "kg m/s", "kg m/s", "kg m^2/s"},
    ParameterRange::at_least(0.0),
    kDampingDissipates,
    true};

inline constexpr MatrixParameterInfo kQuadraticDampingParameter{"quadratic_damping",
                                                                "D_q",
                                                                "the quadratic damping",
                                                                {"kg/m", "kg", "kg", "kg m^2"},
                                                                ParameterRange::at_least(0.0),
                                                                kDampingDissipates,
                                                                true};

/// k_i of DampingModel::linear_speed_fade, one per row.
inline constexpr ParameterInfo kLinearDampingSpeedFade{
    "linear_damping_speed_fade", "s/m",
    "the rate k_i at which row i of the linear damping fades with the relative speed",
    ParameterRange::at_least(0.0), 0.0};

/// "surge" ... "yaw": the motion a row or column of the tables is about.
inline constexpr std::array<std::string_view, 6> kDofNames = {"surge", "sway",  "heave",
                                                              "roll",  "pitch", "yaw"};

}  // namespace leeway
