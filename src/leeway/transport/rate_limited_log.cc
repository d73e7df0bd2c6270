#include "leeway/transport/rate_limited_log.h"

#include <fmt/format.h>

namespace leeway {

void RateLimitedLog::tell(const std::string& subject, const std::string& kind,
                          const std::string& what) {
  const WallClock::time_point now = WallClock::now();
  std::lock_guard lock(mutex_);
  auto [it, first] = subjects_.try_emplace(subject + '\n' + kind, Subject{now, 0});
  Subject& s = it->second;
  if (!first && now - s.last < std::chrono::seconds(1)) {
    ++s.held_back;
    return;
  }
  fmt::print(
      stderr, "leeway: {}: {}{}\n", subject, what,
      s.held_back > 0 ? fmt::format(" ({} more since the last line)", s.held_back) : std::string());
  s = {now, 0};
}

}  // namespace leeway
