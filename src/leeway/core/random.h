// Per-entity random streams.
//
// Every stochastic process (a gust, a sensor's noise, a current's Gauss-Markov walk) draws from its
// own stream, seeded from (world seed, entity name). Adding a buoy therefore does not change the
// gusts, and a run is reproducible bit for bit on one platform.
//
// The generator is xoshiro256** (Blackman and Vigna 2018), seeded through SplitMix64 from a 64-bit
// FNV-1a hash of the name mixed with the world seed. Normal deviates use the Box-Muller transform
// rather than std::normal_distribution, whose output differs between standard libraries.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace leeway {

/// 64-bit FNV-1a hash of a name; stable across platforms and runs.
std::uint64_t hash_name(std::string_view name);

class RandomStream {
 public:
  /// The stream for `entity` in a world run with `world_seed`.
  RandomStream(std::uint64_t world_seed, std::string_view entity);

  std::uint64_t next_u64();
  /// Uniform on [0, 1), 53 random bits.
  double uniform();
  /// Standard normal deviate (mean 0, standard deviation 1), by Box-Muller.
  double normal();
  /// The same distribution by Marsaglia and Tsang's ziggurat, several times faster (one 64-bit
  /// draw and a comparison, 98.8 % of the time), resolved to 2^-31 of each layer's width: the
  /// sensors' noise, which draws millions of deviates a simulated hour.
  double fast_normal();

  bool operator==(const RandomStream&) const = default;

 private:
  std::array<std::uint64_t, 4> s_{};
  double spare_normal_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace leeway
