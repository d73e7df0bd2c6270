// Rows of independent work (an image's, a scan's) split between threads: thread j of n takes rows
// j, j + n, j + 2n, ..., so that rows of unequal cost (a camera's near the horizon) are shared
// out. Whatever each row computes is its own, so the result is the same for any n; the caller
// writes each row's results to its own place.
#pragma once

#include <algorithm>
#include <thread>
#include <vector>

namespace leeway {

/// Calls draw_rows(first, stride) once on each of min(threads, rows) threads (at least one, the
/// caller's own), first = 0 .. n - 1, stride = n; returns when all have.
template <typename DrawRows>
void on_interleaved_rows(int rows, int threads, const DrawRows& draw_rows) {
  const int n = std::clamp(threads, 1, std::max(1, rows));
  std::vector<std::jthread> helpers;
  helpers.reserve(static_cast<std::size_t>(n - 1));
  for (int j = 1; j < n; ++j)
    helpers.emplace_back([&draw_rows, j, n] { draw_rows(j, n); });
  draw_rows(0, n);
}

}  // namespace leeway
