// How much light a smooth interface between two media reflects: the Fresnel equations for
// unpolarised light (Born and Wolf, Principles of Optics, 7th ed., section 1.5.2). A lidar's
// pulse off the sea surface and a camera's view of the sky in it both go by this.
//
// Light in a medium of index n1 meets one of index n2 at incidence angle theta_i (from the
// surface normal) and refracts to theta_t, n1 sin theta_i = n2 sin theta_t (Snell). With
// c_i = cos theta_i and c_t = cos theta_t, the amplitude ratios of the two polarisations are
//   r_s = (n1 c_i - n2 c_t) / (n1 c_i + n2 c_t),   r_p = (n2 c_i - n1 c_t) / (n2 c_i + n1 c_t),
// and the reflectance of unpolarised light is R = (r_s^2 + r_p^2) / 2. At normal incidence
// R = ((n1 - n2) / (n1 + n2))^2 (2.1 % for air on sea water, n = 1.34); r_p vanishes at
// Brewster's angle, tan theta_B = n2 / n1; beyond the critical angle, sin theta_i > n2 / n1 (light
// leaving the water at more than 48 degrees from the vertical), all of it is reflected.
#pragma once

#include <algorithm>
#include <cmath>

namespace leeway {

/// Refractive index of sea water in visible light (1.339 at 589 nm, 35 PSU, 20 C: Quan and Fry,
/// Applied Optics 34(18), 1995; a lidar's 905 nm sees about 1.33).
inline constexpr double kSeaWaterRefractiveIndex = 1.34;

/// R of unpolarised light from a medium of index n1 onto one of index n2, at cos(theta_i) =
/// cos_incidence in [0, 1].
inline double fresnel_reflectance(double cos_incidence, double n1, double n2) {
  const double c_i = std::clamp(cos_incidence, 0.0, 1.0);
  const double ratio = n1 / n2;
  const double sin2_t = ratio * ratio * (1.0 - c_i * c_i);
  if (sin2_t >= 1.0) return 1.0;  // total internal reflection
  const double c_t = std::sqrt(1.0 - sin2_t);
  const double r_s = (n1 * c_i - n2 * c_t) / (n1 * c_i + n2 * c_t);
  const double r_p = (n2 * c_i - n1 * c_t) / (n2 * c_i + n1 * c_t);
  return 0.5 * (r_s * r_s + r_p * r_p);
}

}  // namespace leeway
