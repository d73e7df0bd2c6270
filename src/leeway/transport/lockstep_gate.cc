#include "leeway/transport/lockstep_gate.h"

#include <memory>
#include <vector>

namespace leeway {

void LockstepGate::request(Simulation& sim, std::uint64_t steps, OnAnswer on_answer) {
  {
    // In lockstep no step is taken until granted: the steps counted from here are this
    // request's.
    std::lock_guard lock(mutex_);
    waiting_.push_back({at_.steps_taken + steps, std::move(on_answer)});
  }
  sim.grant_steps(steps);
}

LockstepGate::Answer LockstepGate::request_and_wait(Simulation& sim, std::uint64_t steps,
                                                    std::chrono::milliseconds wait) {
  struct Shared {
    std::mutex mutex;
    std::condition_variable cv;
    bool answered = false;
    Answer answer;
  };
  const auto shared = std::make_shared<Shared>();  // outlives a wait that runs out
  request(sim, steps, [shared](const Answer& a) {
    {
      std::lock_guard lock(shared->mutex);
      shared->answer = a;
      shared->answered = true;
    }
    shared->cv.notify_all();
  });
  std::unique_lock lock(shared->mutex);
  if (!shared->cv.wait_for(lock, wait, [&] { return shared->answered; })) {
    const Position p = position();
    return {false, p.t, p.step_count, "the wait ran out"};
  }
  return shared->answer;
}

void LockstepGate::start(const Simulation& sim) {
  std::lock_guard lock(mutex_);
  at_.t = sim.state().t;
  at_.step_count = sim.state().step_count;
}

void LockstepGate::step(const Simulation& sim) {
  {
    std::lock_guard lock(mutex_);
    ++at_.steps_taken;
    at_.t = sim.state().t;
    at_.step_count = sim.state().step_count;
  }
  answer(false, "");
}

void LockstepGate::end(const Simulation& /*sim*/) {
  answer(true, "the run ended");
}

LockstepGate::Position LockstepGate::position() const {
  std::lock_guard lock(mutex_);
  return at_;
}

void LockstepGate::answer(bool all, const std::string& why_not) {
  std::vector<std::pair<OnAnswer, Answer>> due;
  {
    std::lock_guard lock(mutex_);
    while (!waiting_.empty() && (all || waiting_.front().until <= at_.steps_taken)) {
      const bool taken = waiting_.front().until <= at_.steps_taken;
      due.emplace_back(std::move(waiting_.front().on_answer),
                       Answer{taken, at_.t, at_.step_count, taken ? "" : why_not});
      waiting_.pop_front();
    }
  }
  for (auto& [on_answer, a] : due)
    on_answer(a);
}

}  // namespace leeway
