#include "leeway/core/random.h"

#include <cmath>
#include <numbers>

namespace leeway {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

}  // namespace

std::uint64_t hash_name(std::string_view name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : name) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

RandomStream::RandomStream(std::uint64_t world_seed, std::string_view entity) {
  // Mixing through splitmix64 first keeps seed 1/"a" and seed 0/"a'" far apart.
  std::uint64_t x = world_seed;
  x = splitmix64(x) ^ hash_name(entity);
  for (auto& word : s_)
    word = splitmix64(x);
}

std::uint64_t RandomStream::next_u64() {
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

double RandomStream::uniform() {
  return static_cast<double>(next_u64() >> 11) * 0x1.0p-53;
}

double RandomStream::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_normal_;
  }
  // 1 - uniform() is in (0, 1], so the log is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));
  const double angle = 2.0 * std::numbers::pi * uniform();
  spare_normal_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

}  // namespace leeway
