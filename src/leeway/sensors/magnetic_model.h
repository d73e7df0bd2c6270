// The Earth's main magnetic field from a spherical-harmonic model in NOAA's WMM coefficient
// format: the World Magnetic Model 2025 (NOAA NCEI and the British Geological Survey, public
// domain; data/wmm/WMM2025.COF, embedded), valid from 2025.0 to 2030.0.
//
// The field is the gradient of the potential
//   V = a sum_{n=1..12} (a / r)^(n+1) sum_{m=0..n} (g_nm(t) cos m lambda + h_nm(t) sin m lambda)
//       P_nm(sin phi'),
// with Schmidt semi-normalised associated Legendre functions P_nm, a = 6371200 m, geocentric
// radius r and latitude phi', longitude lambda, and coefficients moving linearly with time from
// the epoch, g(t) = g + (t - epoch) g_dot (the WMM technical report 2025, equations 9 to 17). The
// geocentric components are turned into the geodetic north, east and down.
#pragma once

#include <array>
#include <string_view>

#include "leeway/core/geo.h"
#include "leeway/core/spatial.h"

namespace leeway {

struct MagneticModel {
  static constexpr int kDegree = 12;
  static constexpr std::size_t kTerms = (kDegree + 1) * (kDegree + 2) / 2;  ///< index n(n+1)/2+m
  double epoch = 0.0;                                                       ///< decimal year
  double valid_until = 0.0;                               ///< decimal year (epoch + 5)
  std::array<double, kTerms> g{}, h{}, g_dot{}, h_dot{};  ///< [nT], [nT/year]
};

/// The model in NOAA's COF text format (a header line with the epoch, then rows
/// "n m g h g_dot h_dot"); throws std::invalid_argument naming the line that is not.
MagneticModel parse_wmm_cof(std::string_view text);

/// The World Magnetic Model 2025.
const MagneticModel& wmm2025();

/// The main field [nT] along north, east and down at `where` (height above the ellipsoid) at
/// time `decimal_year`.
Vec3 magnetic_field_ned(const MagneticModel& model, const Geodetic& where, double decimal_year);

}  // namespace leeway
