// Values of every kind for the fuzz tests of the served run's doors (command_fuzz_test.cc and
// ros2_peer's fuzz): doubles as random bit patterns, the special ones, and plain numbers within
// and beyond a thruster's range; text a protobuf string accepts.
#pragma once

#include <bit>
#include <cstddef>
#include <iterator>
#include <limits>
#include <random>
#include <string>

namespace leeway::fuzz {

inline double any_double(std::mt19937_64& rng) {
  static constexpr double kSpecial[] = {std::numeric_limits<double>::quiet_NaN(),
                                        -std::numeric_limits<double>::quiet_NaN(),
                                        std::numeric_limits<double>::infinity(),
                                        -std::numeric_limits<double>::infinity(),
                                        std::numeric_limits<double>::max(),
                                        -std::numeric_limits<double>::max(),
                                        std::numeric_limits<double>::denorm_min(),
                                        -0.0,
                                        1e300};
  switch (rng() % 3) {
    case 0:
      return std::bit_cast<double>(rng());
    case 1:
      return kSpecial[rng() % std::size(kSpecial)];
    default:
      return std::uniform_real_distribution<double>(-3000.0, 3000.0)(rng);
  }
}

/// Up to `most` random bytes.
inline std::string any_bytes(std::mt19937_64& rng, std::size_t most) {
  std::string bytes(rng() % (most + 1), '\0');
  for (char& c : bytes)
    c = static_cast<char>(rng());
  return bytes;
}

/// Up to `most` printable ASCII characters: a protobuf string must be UTF-8, or the sender's
/// library refuses it (and the receiver's ign-transport prints a line for each before Leeway
/// could see it).
inline std::string any_text(std::mt19937_64& rng, std::size_t most) {
  std::string text(rng() % (most + 1), ' ');
  for (char& c : text)
    c = static_cast<char>(' ' + rng() % 95);
  return text;
}

}  // namespace leeway::fuzz
