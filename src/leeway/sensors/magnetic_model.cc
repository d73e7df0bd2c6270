#include "leeway/sensors/magnetic_model.h"

#include <fmt/format.h>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace leeway {

extern const char* const kWmm2025Cof;  // data/wmm/WMM2025.COF, embedded by CMake

MagneticModel parse_wmm_cof(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string line;
  MagneticModel m;
  int number = 0;
  bool header = true;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (line.starts_with("9999")) break;
    std::istringstream row(line);
    if (header) {
      if (!(row >> m.epoch)) {
        throw std::invalid_argument(fmt::format("line {}: expected the epoch first", number));
      }
      m.valid_until = m.epoch + 5.0;
      header = false;
      continue;
    }
    int n = 0, order = 0;
    double g = 0, h = 0, gd = 0, hd = 0;
    if (!(row >> n >> order >> g >> h >> gd >> hd) || n < 1 || n > MagneticModel::kDegree ||
        order < 0 || order > n) {
      throw std::invalid_argument(
          fmt::format("line {}: expected n m g h g_dot h_dot with 1 <= n <= {}, 0 <= m <= n",
                      number, MagneticModel::kDegree));
    }
    const auto k = static_cast<std::size_t>(n * (n + 1) / 2 + order);
    m.g[k] = g;
    m.h[k] = h;
    m.g_dot[k] = gd;
    m.h_dot[k] = hd;
  }
  if (header) throw std::invalid_argument("no epoch line");
  return m;
}

const MagneticModel& wmm2025() {
  static const MagneticModel model = parse_wmm_cof(kWmm2025Cof);
  return model;
}

Vec3 magnetic_field_ned(const MagneticModel& model, const Geodetic& where, double decimal_year) {
  constexpr double kPi = 3.14159265358979323846, kDeg = kPi / 180.0;
  constexpr double kA = 6378137.0, kF = 1.0 / 298.257223563, kE2 = kF * (2.0 - kF);
  constexpr double kReference = 6371200.0;
  constexpr int N = MagneticModel::kDegree;
  // Geodetic to geocentric spherical.
  const double phi = where.latitude_deg * kDeg, lambda = where.longitude_deg * kDeg;
  const double sp = std::sin(phi), cp = std::cos(phi);
  const double Rc = kA / std::sqrt(1.0 - kE2 * sp * sp);
  const double p = (Rc + where.altitude_m) * cp, z = (Rc * (1.0 - kE2) + where.altitude_m) * sp;
  const double r = std::hypot(p, z);
  const double phi_c = std::asin(z / r);
  const double x = std::sin(phi_c), c = std::cos(phi_c);
  // Associated Legendre functions P_n^m(x) (Ferrers, no Condon-Shortley phase) and their
  // derivatives in phi', then Schmidt semi-normalised.
  double P[N + 1][N + 1] = {}, dP[N + 1][N + 1] = {};
  P[0][0] = 1.0;
  for (int m = 1; m <= N; ++m)
    P[m][m] = (2.0 * m - 1.0) * c * P[m - 1][m - 1];
  for (int m = 0; m < N; ++m)
    P[m + 1][m] = x * (2.0 * m + 1.0) * P[m][m];
  for (int m = 0; m <= N; ++m) {
    for (int n = m + 2; n <= N; ++n)
      P[n][m] = ((2.0 * n - 1.0) * x * P[n - 1][m] - (n + m - 1.0) * P[n - 2][m]) / (n - m);
  }
  // d/dphi' P_n^m(sin phi') = (n+m) P_{n-1}^m / c - n tan(phi') P_n^m (from the x-derivative).
  for (int n = 1; n <= N; ++n) {
    for (int m = 0; m <= n; ++m)
      dP[n][m] = ((n + m) * (m <= n - 1 ? P[n - 1][m] : 0.0) - n * x * P[n][m]) / c;
  }
  const double t = decimal_year - model.epoch;
  double X = 0.0, Y = 0.0, Z = 0.0;  // geocentric north, east, down
  double ratio = kReference / r, ratio_n = ratio * ratio;
  for (int n = 1; n <= N; ++n) {
    ratio_n *= ratio;  // (a / r)^(n + 2)
    for (int m = 0; m <= n; ++m) {
      // Schmidt: sqrt((2 - delta_m0) (n - m)! / (n + m)!)
      double factorial_ratio = 1.0;
      for (int k = n - m + 1; k <= n + m; ++k)
        factorial_ratio /= k;
      const double S = std::sqrt((m == 0 ? 1.0 : 2.0) * factorial_ratio);
      const auto k = static_cast<std::size_t>(n * (n + 1) / 2 + m);
      const double g = model.g[k] + t * model.g_dot[k], h = model.h[k] + t * model.h_dot[k];
      const double cm = std::cos(m * lambda), sm = std::sin(m * lambda);
      X -= ratio_n * (g * cm + h * sm) * S * dP[n][m];
      Y += ratio_n * m * (g * sm - h * cm) * S * P[n][m] / c;
      Z -= (n + 1.0) * ratio_n * (g * cm + h * sm) * S * P[n][m];
    }
  }
  // From the geocentric to the geodetic vertical.
  const double d = phi_c - phi;
  return {X * std::cos(d) - Z * std::sin(d), Y, X * std::sin(d) + Z * std::cos(d)};
}

}  // namespace leeway
