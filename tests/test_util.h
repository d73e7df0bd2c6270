// Helpers shared by the tests: bodies built in code, and simple signal analysis.
#pragma once

#include <Eigen/Cholesky>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "leeway/body/body_model.h"
#include "leeway/core/error.h"
#include "leeway/core/spatial.h"
#include "leeway/env/vector_field.h"
#include "leeway/env/wave_field.h"
#include "leeway/world/model.h"

namespace leeway::testing {

/// A field with default placement and policy over `data`.
inline VectorField field_of(std::variant<RegularGrid, MeshSeries> data) {
  VectorField f;
  f.data = std::move(data);
  return f;
}

/// The message of the LoadError `f` throws, or "no error".
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const LoadError& e) {
    return e.what();
  }
  return "no error";
}

/// A body with diagonal inertia about a centre of mass at Bo, diagonal added mass, no damping,
/// no restoring and no current; M_inv filled in.
inline BodyModel make_body(double mass, const Vec3& I_diag, const Vec6& M_A_diag = Vec6::Zero()) {
  BodyModel b;
  b.model_name = "body";
  b.link_name = "link";
  b.mass = mass;
  b.I_Bcm = I_diag.asDiagonal();
  b.M_RB = rigid_body_mass_matrix(mass, b.p_BoBcm, b.I_Bcm);
  b.M_A = M_A_diag.asDiagonal();
  b.M_inv = (b.M_RB + b.M_A).inverse();
  return b;
}

/// Recomputes M_RB and M_inv after a test changed mass properties or M_A.
inline void recompile(BodyModel& b) {
  b.M_RB = rigid_body_mass_matrix(b.mass, b.p_BoBcm, b.I_Bcm);
  b.M_inv = (b.M_RB + b.M_A).inverse();
}

inline Model make_model(std::vector<BodyModel> bodies, double dt) {
  Model m;
  m.world_name = "test";
  m.dt = dt;
  m.gravity_W = Vec3(0.0, 0.0, -9.81);
  m.bodies = std::move(bodies);
  return m;
}

/// Mean period of a signal from its upward zero crossings, located by linear interpolation.
inline double mean_period(const std::vector<double>& t, const std::vector<double>& x) {
  std::vector<double> crossings;
  for (std::size_t i = 1; i < x.size(); ++i) {
    if (x[i - 1] < 0.0 && x[i] >= 0.0) {
      crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * (-x[i - 1]) / (x[i] - x[i - 1]));
    }
  }
  if (crossings.size() < 2) return NAN;
  return (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
}

/// Least-squares fit of x(t) = a cos(w t) + b sin(w t) + c: returns amplitude and phase (rad) of
/// the oscillation, x ~ amplitude cos(w t - phase).
inline std::pair<double, double> harmonic_fit(const std::vector<double>& t,
                                              const std::vector<double>& x, double w) {
  Eigen::Matrix3d A = Eigen::Matrix3d::Zero();
  Eigen::Vector3d rhs = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < t.size(); ++i) {
    const Eigen::Vector3d row(std::cos(w * t[i]), std::sin(w * t[i]), 1.0);
    A += row * row.transpose();
    rhs += row * x[i];
  }
  const Eigen::Vector3d c = A.ldlt().solve(rhs);
  return {std::hypot(c[0], c[1]), std::atan2(c[1], c[0])};
}

/// A deep-water regular (Airy) wave of `amplitude` [m] and `period` [s] travelling towards
/// `direction` [rad], with g = 9.81.
inline WaveField regular_wave(double amplitude, double period, double direction) {
  WaveComponent c;
  c.amplitude = amplitude;
  c.omega = 2 * std::numbers::pi / period;
  c.k = c.omega * c.omega / 9.81;
  c.direction = direction;
  return make_wave_field({c}, std::numeric_limits<double>::infinity(), 0.0, 0.0);
}

inline double relative_error(double actual, double expected) {
  return std::abs(actual - expected) / std::abs(expected);
}

}  // namespace leeway::testing
