#include "leeway/sdf/read_budget.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "leeway/core/error.h"

namespace leeway::sdfio {
namespace {

/// The number after `key` in /proc/meminfo [kB], or nullopt.
std::optional<double> meminfo_kib(const std::string& key) {
  std::ifstream in("/proc/meminfo");
  std::string name;
  double value = 0.0;
  std::string unit;
  while (in >> name >> value) {
    std::getline(in, unit);
    if (name == key + ":") return value;
  }
  return std::nullopt;
}

std::optional<double> cgroup_number(const std::string& file) {
  std::ifstream in(file);
  std::string text;
  if (!(in >> text) || text == "max") return std::nullopt;
  try {
    return std::stod(text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::optional<double> available_memory_bytes() {
  std::optional<double> room;
  if (const auto kib = meminfo_kib("MemAvailable")) room = *kib * 1024.0;
  const auto limit = cgroup_number("/sys/fs/cgroup/memory.max");
  const auto used = cgroup_number("/sys/fs/cgroup/memory.current");
  if (limit && used) room = std::min(room.value_or(*limit - *used), *limit - *used);
  return room;
}

void check_read_budget(const std::string& file, std::size_t models, double available_bytes) {
  const double needed = static_cast<double>(models) * kSdformatBytesPerModel;
  if (needed <= available_bytes) return;
  throw LoadError({file, 0, ""},
                  fmt::format("{} models (includes counted each time) would take libsdformat "
                              "about {:.1f} GB to read ({:.1f} MB each), and this process has "
                              "{:.1f} GB left; expected a world that fits in memory",
                              models, needed / 1e9, kSdformatBytesPerModel / 1e6,
                              std::max(0.0, available_bytes) / 1e9));
}

}  // namespace leeway::sdfio
