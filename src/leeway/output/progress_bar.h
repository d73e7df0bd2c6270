// A one-line progress bar on standard error, drawn only when it is a terminal (silent when piped
// or redirected), redrawn at most ten times a second. As an observer (sim/simulation.h) it is
// attached to be called every step, and finishes at the end of a run that went well.
#pragma once

#include <chrono>

#include "leeway/sim/simulation.h"

namespace leeway {

class ProgressBar : public Observer {
 public:
  /// `enabled` is normally is_terminal(stderr); tests pass false.
  ProgressBar(double total_sim_time, bool enabled);
  void update(double sim_time);
  /// Draws 100% and ends the line (if anything was drawn).
  void finish();

  static bool stderr_is_terminal();

  void on_step(const Simulation& sim) override { update(sim.state().t); }
  void on_end(const Simulation&, const RunEnd& end) override {
    if (end.ok) finish();
  }

 private:
  void draw(double sim_time);
  double total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace leeway
