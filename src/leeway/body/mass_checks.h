// Checks of inertial parameters, shared by every loader. Each returns an empty string when the
// value is acceptable, or says in words what is wrong with it, for the loader to wrap with the
// file, line and element.
#pragma once

#include <string>

#include "leeway/core/spatial.h"

namespace leeway {

/// A mass must be finite and strictly positive [kg].
std::string check_mass(double mass);

/// One link's mass, before it is merged into its body: as check_mass, except that zero is
/// accepted (a frame-only link, such as a sensor's mount); the merged body's mass must then pass
/// check_mass.
std::string check_link_mass(double mass);

/// An inertia tensor about the centre of mass must be finite, symmetric, positive definite and
/// satisfy the triangle inequalities of its principal moments (any real body does).
std::string check_inertia_tensor(const Mat3& I_Bcm);

/// One link's inertia tensor, before it is merged into its body: as check_inertia_tensor, except
/// that zero or tiny principal moments are accepted (a frame-only link, as URDF writes thruster
/// and sensor links with zero inertia); the merged body's tensor must then pass
/// check_inertia_tensor. Negative moments are refused.
std::string check_link_inertia_tensor(const Mat3& I_Lcm);

/// A generalised mass matrix must be finite, symmetric and positive definite.
std::string check_mass_matrix(const Mat6& M);

/// The symmetric part of M, and how far M was from it (max |M - M^T| / 2 relative to max |M|).
struct Symmetrized {
  Mat6 matrix;
  double relative_asymmetry = 0.0;
};
Symmetrized symmetrize(const Mat6& M);

}  // namespace leeway
