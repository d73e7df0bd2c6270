// Wave spectra S(omega) [m^2 s/rad]: how the energy of a sea is spread over angular frequency.
//
// Pierson-Moskowitz, two-parameter (Bretschneider; seed 000 eq. 3), for a peak frequency
// w_p = 2 pi / Tp and a significant height Hs:
//   S(w) = (5/16) Hs^2 w_p^4 / w^5 exp(-5/4 (w_p / w)^4),   so that 4 sqrt(m0) = Hs exactly.
// VRX's gain form (seed 000 eqs. 4-5) is the same law with Hs = K_H sqrt(16 alpha / 5) g / w_p^2,
// alpha = 0.0081 (significant_height_from_gain).
//
// JONSWAP (Hasselmann et al. 1973): the Pierson-Moskowitz shape sharpened around its peak,
//   S(w) = C S_PM(w) gamma^exp(-(w - w_p)^2 / (2 sigma^2 w_p^2)),  sigma = 0.07 (w <= w_p), 0.09,
// with C chosen (numerically, at construction) so that 4 sqrt(m0) = Hs still holds. gamma >= 1;
// gamma = 1 is Pierson-Moskowitz, 3.3 the North Sea mean.
//
// Table: (w, S) pairs given by the user, linear between them and zero outside.
#pragma once

#include <utility>
#include <vector>

namespace leeway {

enum class SpectrumKind { kPiersonMoskowitz, kJonswap, kTable };

struct WaveSpectrum {
  SpectrumKind kind = SpectrumKind::kPiersonMoskowitz;
  double Hs = 1.0;     ///< significant wave height [m] (not used by kTable)
  double Tp = 8.0;     ///< peak period [s] (not used by kTable)
  double gamma = 3.3;  ///< JONSWAP peak enhancement [-]
  std::vector<std::pair<double, double>> table;  ///< (w [rad/s], S [m^2 s/rad]), w increasing
  double jonswap_scale = 1.0;                    ///< C, set by make_jonswap()
};

WaveSpectrum make_pierson_moskowitz(double Hs, double Tp);
WaveSpectrum make_jonswap(double Hs, double Tp, double gamma);
WaveSpectrum make_table_spectrum(std::vector<std::pair<double, double>> table);

/// VRX / seed 000 eq. 4: the Hs of gain K_H at peak period Tp, with gravity g.
double significant_height_from_gain(double gain, double Tp, double g);

/// S(w) [m^2 s/rad]; zero for w <= 0.
double spectral_density(const WaveSpectrum& spectrum, double omega);

/// The spectrum's moment m_n = integral of w^n S(w) dw, by adaptive Simpson over (0, inf).
double spectral_moment(const WaveSpectrum& spectrum, int n);

/// integral of S over [a, b] (b may be +inf).
double spectral_energy(const WaveSpectrum& spectrum, double a, double b);

/// The inverse of the cumulative energy: omega(f) is the frequency below which the fraction f of
/// m0 lies. Tabulated once on 4096 geometrically spaced frequencies (w_p / 4 to 64 w_p, or the
/// table's range) and interpolated linearly; used to place sampled components.
class EnergyQuantile {
 public:
  explicit EnergyQuantile(const WaveSpectrum& spectrum);
  double omega(double fraction) const;

 private:
  std::vector<double> omega_, fraction_;
};

}  // namespace leeway
