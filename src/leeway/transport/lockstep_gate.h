// A lockstep request waiting for its steps, whichever door it came through (lockstep_request.h):
// the gz-transport server's service waits on the calling thread and answers with the time the
// steps end at; the ROS 2 server answers on a reply topic from the stepping thread. Both keep a
// gate, told of every step after the step's messages are out, so that a client answered for a
// step has that step's messages on their way.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

#include "leeway/sim/simulation.h"

namespace leeway {

class LockstepGate {
 public:
  /// Whether the steps were taken, and where the run then is.
  struct Answer {
    bool taken = false;
    double t = 0.0;                ///< [s]
    std::uint64_t step_count = 0;  ///< State::step_count
    std::string why_not;           ///< "the run ended", "the wait ran out"
  };
  using OnAnswer = std::function<void(const Answer&)>;

  /// Grants `sim` `steps` more steps; `on_answer` is called, on the stepping thread, once they
  /// are all taken, or when the run ends before. Any thread.
  void request(Simulation& sim, std::uint64_t steps, OnAnswer on_answer);
  /// The same, waiting on the calling thread at most `wait` for the answer.
  Answer request_and_wait(Simulation& sim, std::uint64_t steps, std::chrono::milliseconds wait);

  /// At the run's (re)start, after each step, and at its end (the stepping thread): the
  /// requests whose steps are taken (all of them, at the end) are answered.
  void start(const Simulation& sim);
  void step(const Simulation& sim);
  void end(const Simulation& sim);

  /// Where the run is, and the steps taken since the gate was made.
  struct Position {
    double t = 0.0;
    std::uint64_t step_count = 0;
    std::uint64_t steps_taken = 0;
  };
  Position position() const;

 private:
  struct Waiting {
    std::uint64_t until;  ///< steps_taken it waits for
    OnAnswer on_answer;
  };
  void answer(bool all, const std::string& why_not);

  mutable std::mutex mutex_;
  Position at_;
  std::deque<Waiting> waiting_;
};

}  // namespace leeway
