#include "leeway/body/mass_checks.h"

#include <fmt/format.h>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace leeway {

std::string check_mass(double mass) {
  if (!std::isfinite(mass)) return fmt::format("mass is {}, expected a finite number of kg", mass);
  if (mass <= 0.0) return fmt::format("mass is {} kg, expected a positive number", mass);
  return {};
}

std::string check_link_mass(double mass) {
  return mass == 0.0 ? std::string() : check_mass(mass);
}

namespace {

/// Finite, symmetric, moments above `least` and the triangle inequality.
std::string check_tensor(const Mat3& I, bool zero_allowed) {
  if (!I.allFinite()) return "inertia tensor has a non-finite entry";
  if ((I - I.transpose()).cwiseAbs().maxCoeff() > 1e-12 * I.cwiseAbs().maxCoeff()) {
    return "inertia tensor is not symmetric";
  }
  const Vec3 moments = Eigen::SelfAdjointEigenSolver<Mat3>(I).eigenvalues();
  // A zero tensor's eigenvalues come out as rounding about 0.
  const bool negative = moments.minCoeff() < -1e-12 * std::max(moments.maxCoeff(), 1e-300);
  if (zero_allowed ? negative : moments.minCoeff() <= 0.0) {
    return fmt::format("inertia tensor is not positive {} (principal moments {}, {}, {} kg m^2)",
                       zero_allowed ? "semi-definite" : "definite", moments[0], moments[1],
                       moments[2]);
  }
  // Principal moments of a real mass distribution: each at most the sum of the other two.
  const double slack = 1e-9 * moments.maxCoeff();
  if (moments[2] > moments[0] + moments[1] + slack) {
    return fmt::format(
        "principal moments {}, {}, {} kg m^2 violate the triangle inequality "
        "(the largest exceeds the sum of the other two: no real body has them)",
        moments[0], moments[1], moments[2]);
  }
  return {};
}

}  // namespace

std::string check_inertia_tensor(const Mat3& I_Bcm) {
  return check_tensor(I_Bcm, false);
}

std::string check_link_inertia_tensor(const Mat3& I_Lcm) {
  return check_tensor(I_Lcm, true);
}

std::string check_mass_matrix(const Mat6& M) {
  if (!M.allFinite()) return "mass matrix has a non-finite entry";
  if ((M - M.transpose()).cwiseAbs().maxCoeff() > 1e-12 * M.cwiseAbs().maxCoeff()) {
    return "mass matrix is not symmetric";
  }
  const Vec6 eig = Eigen::SelfAdjointEigenSolver<Mat6>(M).eigenvalues();
  if (eig.minCoeff() <= 1e-12 * eig.maxCoeff()) {
    return fmt::format(
        "M = M_RB + M_A is not positive definite (smallest eigenvalue {}): the added mass "
        "removes more inertia than the body has",
        eig.minCoeff());
  }
  return {};
}

Symmetrized symmetrize(const Mat6& M) {
  Symmetrized s;
  s.matrix = 0.5 * (M + M.transpose());
  const double scale = M.cwiseAbs().maxCoeff();
  s.relative_asymmetry =
      scale > 0.0 ? 0.5 * (M - M.transpose()).cwiseAbs().maxCoeff() / scale : 0.0;
  return s;
}

}  // namespace leeway
