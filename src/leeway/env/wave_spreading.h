// Directional spreading D(w, dtheta): how a sea's energy at one frequency is spread over the
// directions of travel around the mean direction (dtheta = theta - theta_mean).
//
// Mitsuyasu (Mitsuyasu et al. 1975; seed 000 eqs. 8-10), on dtheta in [-pi, pi]:
//   D = N(s) cos(dtheta / 2)^(2 s),   N(s) = Gamma(s + 1) / (2 sqrt(pi) Gamma(s + 1/2)),
//   s = s_max wbar^5 for wbar = w / w_p <= 1,  s_max wbar^-2.5 above  (s_max = 17.01 in seed 000),
// so components near the peak travel close to the mean direction and the others spread wider.
// cos-2s, a fixed s on dtheta in [-pi/2, pi/2]:
//   D = N'(s) cos(dtheta)^(2 s),   N'(s) = Gamma(s + 1) / (sqrt(pi) Gamma(s + 1/2)).
// None: every component travels in the mean direction.
// Both densities integrate to 1. Their second moment (seed 000 eq. 11) measures the spread.
#pragma once

namespace leeway {

enum class SpreadingKind { kNone, kMitsuyasu, kCos2s };

struct WaveSpreading {
  SpreadingKind kind = SpreadingKind::kMitsuyasu;
  double s_max = 17.01;  ///< Mitsuyasu: s at the peak frequency
  double s = 10.0;       ///< cos-2s: the fixed exponent
};

/// The exponent s at normalised frequency wbar = w / w_p.
double spreading_exponent(const WaveSpreading& spreading, double wbar);

/// D(wbar, dtheta) [1/rad]; zero outside the model's support.
double spreading_density(const WaveSpreading& spreading, double wbar, double dtheta);

/// mu_2(wbar) = integral of dtheta^2 D dtheta [rad^2] (seed 000 eq. 11), numerically.
double spreading_second_moment(const WaveSpreading& spreading, double wbar);

/// The direction offset whose cumulative probability is u in [0, 1] (inverse CDF), so uniform u
/// gives directions distributed as D.
double spreading_quantile(const WaveSpreading& spreading, double wbar, double u);

/// A representative offset for the j-th of `strata` equal-probability strata of D (j = 0 is the
/// most negative): the signed root mean square of dtheta over the stratum,
///   sign * sqrt(strata * integral over the stratum of dtheta^2 D),
/// so that one offset per stratum reproduces mu_2 exactly. `strata` must be even (no stratum
/// straddles dtheta = 0).
double spreading_stratum_offset(const WaveSpreading& spreading, double wbar, int j, int strata);

}  // namespace leeway
