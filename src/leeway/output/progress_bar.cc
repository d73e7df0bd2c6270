#include "leeway/output/progress_bar.h"

#include <fmt/format.h>
#include <unistd.h>
#include <algorithm>
#include <cstdio>

namespace leeway {

ProgressBar::ProgressBar(double total_sim_time, bool enabled)
    : total_(total_sim_time),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

bool ProgressBar::stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

void ProgressBar::update(double sim_time) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  draw(sim_time);
}

void ProgressBar::finish() {
  if (!enabled_ || !drawn_) return;
  draw(total_);
  fmt::print(stderr, "\n");
}

void ProgressBar::draw(double sim_time) {
  constexpr int kWidth = 30;
  const double fraction = total_ > 0.0 ? std::clamp(sim_time / total_, 0.0, 1.0) : 1.0;
  const int filled = static_cast<int>(fraction * kWidth);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  fmt::print(stderr, "\r[{:<{}}] {:5.1f}%  t = {:.1f} / {:.1f} s  ({:.0f}x real time)",
             std::string(static_cast<std::size_t>(filled), '#'), kWidth, 100.0 * fraction, sim_time,
             total_, wall > 0.0 ? sim_time / wall : 0.0);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace leeway
