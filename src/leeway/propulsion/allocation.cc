#include "leeway/propulsion/allocation.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace leeway {

Vec6 allocation_column(const Vec3& p, const Vec3& a) {
  return stack(a, p.cross(a));
}

Allocator make_allocator(std::vector<AllocatorThruster> thrusters, const Vec6& controlled) {
  Allocator out;
  out.controlled = controlled;
  std::vector<Vec6> columns;
  std::vector<double> weight;
  for (AllocatorThruster& t : thrusters) {
    t.axis_B.normalize();
    if (!t.azimuth) {
      columns.push_back(allocation_column(t.p_BoT_B, t.axis_B).cwiseProduct(controlled));
      weight.push_back(t.weight);
      continue;
    }
    t.turn_axis_B.normalize();
    const Vec3 y = t.turn_axis_B.cross(t.axis_B);  // a quarter turn from the zero direction
    for (const Vec3& a : {t.axis_B, y}) {
      columns.push_back(allocation_column(t.p_BoT_B, a).cwiseProduct(controlled));
      weight.push_back(t.weight);
    }
  }
  const Eigen::Index n = static_cast<Eigen::Index>(columns.size());
  out.B.resize(6, n);
  for (Eigen::Index i = 0; i < n; ++i)
    out.B.col(i) = columns[static_cast<std::size_t>(i)];
  for (int k = 0; k < 6; ++k) {
    const double norm = out.B.row(k).norm();
    out.axis_scale[k] = norm > 1e-12 ? 1.0 / norm : 0.0;
  }
  // W^-1 B^T (B W^-1 B^T)^+ through the pseudo-inverse of B W^-1/2 (B may not span all six axes).
  const Eigen::VectorXd w_inv_sqrt =
      Eigen::Map<Eigen::VectorXd>(weight.data(), n).cwiseSqrt().cwiseInverse();
  const Eigen::MatrixXd scaled = out.B * w_inv_sqrt.asDiagonal();
  out.least_norm =
      w_inv_sqrt.asDiagonal() * scaled.completeOrthogonalDecomposition().pseudoInverse();
  out.thrusters = std::move(thrusters);
  return out;
}

Eigen::VectorXd bounded_least_squares(const Eigen::Matrix<double, 6, Eigen::Dynamic>& B,
                                      const Vec6& tau, const Eigen::VectorXd& lower,
                                      const Eigen::VectorXd& upper, const Eigen::VectorXd& weight) {
  const Eigen::Index n = B.cols();
  Eigen::MatrixXd H = B.transpose() * B;
  const double eps = 1e-9 * std::max(H.diagonal().maxCoeff(), 1e-300);
  H.diagonal() += eps * weight;
  const Eigen::VectorXd c = B.transpose() * tau;
  // State of each variable: 0 free, -1 at its lower bound, +1 at its upper bound.
  Eigen::VectorXi state = Eigen::VectorXi::Zero(n);
  Eigen::VectorXd t = H.ldlt().solve(c);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (t[i] <= lower[i]) state[i] = -1;
    if (t[i] >= upper[i]) state[i] = 1;
    t[i] = std::clamp(t[i], lower[i], upper[i]);
  }
  for (int iteration = 0; iteration < 10 * n + 10; ++iteration) {
    // Minimise over the free variables with the others at their bounds.
    std::vector<Eigen::Index> free;
    for (Eigen::Index i = 0; i < n; ++i)
      if (state[i] == 0) free.push_back(i);
    Eigen::VectorXd target = t;
    if (!free.empty()) {
      const Eigen::Index m = static_cast<Eigen::Index>(free.size());
      Eigen::MatrixXd H_ff(m, m);
      Eigen::VectorXd rhs(m);
      for (Eigen::Index a = 0; a < m; ++a) {
        rhs[a] = c[free[a]];
        for (Eigen::Index j = 0; j < n; ++j)
          if (state[j] != 0) rhs[a] -= H(free[a], j) * t[j];
        for (Eigen::Index b = 0; b < m; ++b)
          H_ff(a, b) = H(free[a], free[b]);
      }
      const Eigen::VectorXd t_f = H_ff.ldlt().solve(rhs);
      for (Eigen::Index a = 0; a < m; ++a)
        target[free[a]] = t_f[a];
    }
    // Walk towards it until a bound blocks.
    double step = 1.0;
    Eigen::Index blocking = -1;
    for (Eigen::Index i : free) {
      const double d = target[i] - t[i];
      if (d < 0.0 && target[i] < lower[i] && (lower[i] - t[i]) / d < step) {
        step = (lower[i] - t[i]) / d;
        blocking = i;
      } else if (d > 0.0 && target[i] > upper[i] && (upper[i] - t[i]) / d < step) {
        step = (upper[i] - t[i]) / d;
        blocking = i;
      }
    }
    for (Eigen::Index i : free)
      t[i] += step * (target[i] - t[i]);
    if (blocking >= 0) {
      const bool at_lower = target[blocking] < lower[blocking];
      t[blocking] = at_lower ? lower[blocking] : upper[blocking];
      state[blocking] = at_lower ? -1 : 1;
      continue;
    }
    // At the minimum over the free set: release the bound whose multiplier has the wrong sign.
    const Eigen::VectorXd gradient = H * t - c;
    Eigen::Index release = -1;
    double worst = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) {
      // At the lower bound the objective must not fall going up (gradient >= 0); at the upper,
      // going down (gradient <= 0).
      const double violation = state[i] == -1 ? -gradient[i] : state[i] == 1 ? gradient[i] : 0.0;
      if (violation > worst) {
        worst = violation;
        release = i;
      }
    }
    if (release < 0 || worst <= 1e-12 * (c.norm() + 1.0)) break;
    state[release] = 0;
  }
  return t;
}

namespace {

/// The two ways an azimuth can give force f = (fx, fy) in its plane: pointing along it and
/// pushing, or pointing against it and reversing. Picks the one within +-max_angle nearest the
/// angle it was given last (pushing, when there is none or they tie). Returns false when
/// max_turn, scaled down for a force below full_turn_thrust, stops it short of that direction.
bool choose_direction(const AllocatorThruster& th, double fx, double fy,
                      std::optional<double> previous, double max_turn, double full_turn_thrust,
                      double& angle, double& thrust) {
  const double ahead = std::atan2(fy, fx), magnitude = std::hypot(fx, fy);
  const double astern = ahead - std::copysign(std::numbers::pi, ahead);
  const bool ahead_ok = std::abs(ahead) <= th.max_angle;
  const bool astern_ok = std::abs(astern) <= th.max_angle && th.t_min < 0.0;
  bool reverse = !ahead_ok;  // beyond the stops it must point the other way
  if (ahead_ok && astern_ok && previous) {
    if (magnitude == 0.0) {  // no force wanted: stay put
      angle = *previous;
      thrust = 0.0;
      return true;
    }
    reverse = std::abs(astern - *previous) < std::abs(ahead - *previous);
  }
  angle = reverse ? astern : ahead;
  thrust = reverse ? -magnitude : magnitude;
  if (magnitude < full_turn_thrust) max_turn *= magnitude / full_turn_thrust;
  if (previous && std::abs(angle - *previous) > max_turn) {
    angle = *previous + std::copysign(max_turn, angle - *previous);
    return false;
  }
  return true;
}

}  // namespace

Allocation allocate(const Allocator& a, const Vec6& tau_all,
                    const std::vector<double>& previous_angle, double max_turn,
                    double full_turn_thrust) {
  const std::size_t n = a.thrusters.size();
  const Vec6 tau = tau_all.cwiseProduct(a.controlled);
  const Eigen::VectorXd extended = a.least_norm * tau;
  Allocation out;
  out.thrust.resize(n);
  out.angle.assign(n, 0.0);
  // An azimuth's thrust lies within [max(t_min, -t_max), t_max] once its direction is chosen.
  const auto lower_of = [](const AllocatorThruster& th) {
    return th.azimuth ? std::max(th.t_min, -th.t_max) : th.t_min;
  };
  bool within = true;
  Eigen::Index column = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const AllocatorThruster& th = a.thrusters[i];
    if (th.azimuth) {
      const std::optional<double> previous =
          i < previous_angle.size() ? std::optional(previous_angle[i]) : std::nullopt;
      within &= choose_direction(th, extended[column], extended[column + 1], previous, max_turn,
                                 full_turn_thrust, out.angle[i], out.thrust[i]);
      column += 2;
    } else {
      out.thrust[i] = extended[column++];
    }
    within = within && out.thrust[i] >= lower_of(th) && out.thrust[i] <= th.t_max;
  }
  const auto column_of = [&](std::size_t i) -> Vec6 {
    const AllocatorThruster& th = a.thrusters[i];
    const Vec3 axis =
        th.azimuth ? Vec3(Eigen::AngleAxisd(out.angle[i], th.turn_axis_B) * th.axis_B) : th.axis_B;
    return allocation_column(th.p_BoT_B, axis).cwiseProduct(a.controlled);
  };
  if (!within) {
    // The azimuths keep the directions chosen above; the thrusts along them and the fixed
    // thrusters' are solved within their limits.
    Eigen::Matrix<double, 6, Eigen::Dynamic> B(6, static_cast<Eigen::Index>(n));
    Eigen::VectorXd lower(n), upper(n), weight(n);
    for (std::size_t i = 0; i < n; ++i) {
      const AllocatorThruster& th = a.thrusters[i];
      const Eigen::Index k = static_cast<Eigen::Index>(i);
      B.col(k) = column_of(i);
      lower[k] = lower_of(th);
      upper[k] = th.t_max;
      weight[k] = th.weight;
    }
    const Eigen::VectorXd t = bounded_least_squares(
        a.axis_scale.asDiagonal() * B, tau.cwiseProduct(a.axis_scale), lower, upper, weight);
    for (std::size_t i = 0; i < n; ++i)
      out.thrust[i] = t[static_cast<Eigen::Index>(i)];
  }
  for (std::size_t i = 0; i < n; ++i)
    out.achieved += out.thrust[i] * column_of(i);
  return out;
}

}  // namespace leeway
