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
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace leeway {

/// 64-bit FNV-1a hash of a name; stable across platforms and runs.
std::uint64_t hash_name(std::string_view name);

/// Marsaglia and Tsang's ziggurat for the standard normal (J. Statistical Software 5(8), 2000):
/// 128 layers of equal area under the density, the base one ending in the tail; built once.
struct ZigguratTable {
  std::array<std::uint32_t, 128> k{};  ///< |hz| below k[i]: inside layer i's rectangle
  std::array<double, 128> w{};         ///< x = hz w[i]
  std::array<double, 128> f{};         ///< the density (unnormalised) at each layer's edge
  ZigguratTable();
};
inline const ZigguratTable& ziggurat_table() {
  static const ZigguratTable table;  // a constant, computed once
  return table;
}

class RandomStream {
 public:
  /// The stream for `entity` in a world run with `world_seed`.
  RandomStream(std::uint64_t world_seed, std::string_view entity);

  /// The next 64 random bits (inline: every deviate starts here).
  std::uint64_t next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform on [0, 1), 53 random bits.
  double uniform();
  /// Standard normal deviate (mean 0, standard deviation 1), by Box-Muller.
  double normal();
  /// The same distribution by Marsaglia and Tsang's ziggurat, several times faster (one 64-bit
  /// draw and a comparison, 98.8 % of the time), resolved to 2^-31 of each layer's width: the
  /// sensors' noise, which draws millions of deviates a simulated hour. The rectangle's test is
  /// inline, the wedge and the tail out of line.
  double fast_normal() {
    const std::uint64_t bits = next_u64();
    const auto hz = static_cast<std::int32_t>(bits >> 32);
    const std::size_t i = bits & 127;
    const std::uint32_t magnitude =
        hz < 0 ? 0u - static_cast<std::uint32_t>(hz) : static_cast<std::uint32_t>(hz);
    const ZigguratTable& z = ziggurat_table();
    if (magnitude < z.k[i]) return hz * z.w[i];  // inside the layer's rectangle: 98.8 % of draws
    return fast_normal_outside(bits);
  }

  bool operator==(const RandomStream&) const = default;

 private:
  /// fast_normal() for `bits` that fell outside their layer's rectangle: the wedge or the tail.
  double fast_normal_outside(std::uint64_t bits);
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::array<std::uint64_t, 4> s_{};
  double spare_normal_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace leeway
