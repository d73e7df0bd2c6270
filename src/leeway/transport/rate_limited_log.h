// Lines on stderr about what clients send or fail to take, at most one a second per subject (a
// topic, a service) and kind of complaint (a NaN dropped, a clamp, a malformed message), each
// with the count of those held back since the last: a client flooding bad input cannot flood the
// log, and every kind of it is told within a second of the first.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace leeway {

class RateLimitedLog {
 public:
  /// Prints "leeway: <subject>: <what>" unless a line of this `kind` about `subject` was printed
  /// less than a second ago, in which case it is counted. Any thread.
  void tell(const std::string& subject, const std::string& kind, const std::string& what);

 private:
  using WallClock = std::chrono::steady_clock;
  struct Subject {
    WallClock::time_point last;
    std::uint64_t held_back = 0;
  };
  std::mutex mutex_;
  std::map<std::string, Subject> subjects_;
};

}  // namespace leeway
