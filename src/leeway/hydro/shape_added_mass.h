// Potential-flow added mass of simple shapes, fully submerged in unbounded ideal fluid: the
// ellipsoid exactly (Lamb 1932, Hydrodynamics, sections 114-115 and 373), and a finite circular
// cylinder estimated from it.
//
// Ellipsoid with semi-axes a, b, c along its principal axes x, y, z, displaced volume
// V = 4/3 pi a b c, and Lamb's coefficients
//   alpha0 = a b c Int_0^inf dl / ((a^2 + l) D),   D = sqrt((a^2 + l)(b^2 + l)(c^2 + l))
// (beta0, gamma0 likewise with b^2, c^2 in the first factor; alpha0 + beta0 + gamma0 = 2),
// computed as (2/3) a b c R_D(b^2, c^2, a^2) with Carlson's symmetric elliptic integral R_D:
//   translation along x:  m_11 = k_1 rho V,        k_1 = alpha0 / (2 - alpha0)
//   rotation about x:     I_44 = 1/5 rho V (b^2 - c^2)^2 (gamma0 - beta0)
//                                / (2 (b^2 - c^2) + (b^2 + c^2)(beta0 - gamma0))
// and the same with the axes permuted. All other entries are zero by symmetry. The k-factors
// below are these added masses over the displaced fluid's mass rho V, and the added moments of
// inertia over the displaced fluid's moments of inertia rho V (b^2 + c^2) / 5 (about x).
// Checks (tests/hydro/shape_added_mass_test.cc): the sphere's 1/2 rho V on every translation and 0
// on rotations; Lamb's table of k_1, k_2, k' for prolate spheroids; the thin disc's 8/3 rho R^3.
//
// A finite circular cylinder (radius r, length L along x) has no closed form. The estimate takes
// the k-factors of the spheroid with the same slenderness (semi-axes L/2, r, r) and applies them
// to the cylinder's own displaced fluid: mass m = rho pi r^2 L and transverse moment of inertia
// m (L^2/12 + r^2/4). Roll about the axis has none. For a slender cylinder this tends to strip
// theory's rho pi r^2 L across the axis and rho pi r^2 L^3 / 12 about a transverse axis (the 2-D
// circle is exact per unit length); at L = 2r it gives k = 1/2; for a short cylinder (L < 2r)
// the spheroid is oblate and, in the thin-disc limit, the axial value is 3/2 of the disc's exact
// 8/3 rho r^3 (the cylinder displaces 3/2 of the spheroid's volume).
#pragma once

#include "leeway/core/spatial.h"

namespace leeway {

/// Lamb's alpha0, beta0, gamma0 for semi-axes [m] (all > 0); they sum to 2.
Vec3 lamb_coefficients(const Vec3& semi_axes);

/// k-factors [-] of an ellipsoid: k_1, k_2, k_3 for translation along x, y, z, then the rotational
/// k' about x, y, z (0 about an axis of rotational symmetry).
Vec6 ellipsoid_k_factors(const Vec3& semi_axes);

/// Diagonal added-mass matrix of an ellipsoid [kg, kg m^2], about its centre, in its principal
/// axes, for fluid density `rho` [kg/m^3].
Vec6 ellipsoid_added_mass(double rho, const Vec3& semi_axes);

/// Estimated diagonal added-mass matrix [kg, kg m^2] of a circular cylinder of `radius` and
/// `length` [m] whose axis is x, about its centre (see above).
Vec6 cylinder_added_mass(double rho, double radius, double length);

}  // namespace leeway
