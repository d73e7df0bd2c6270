// What showing a run costs its steps (the viewer issue's bars: serving the default world's scene
// and charts at 10 Hz under 10 % of the run as fast as possible; a 130 s recording of every
// channel under 20 MB):
//
//   ViewStep/bare      the default world's step (the WAM-V, its sensors, autopilot and task)
//                      through Simulation::step with nothing attached: the baseline
//   ViewStep/charts    with the view's channels at 10 Hz made as JSON for a sink that keeps
//                      nothing, /sea left out: what the built-in page's scene and charts cost
//                      (it draws the sea from /waves)
//   ViewStep/all       every channel, /sea (the surface as a 33 x 33 triangle grid) at 2 Hz
//                      included: what a Foxglove or Lichtblick client costs
//   ViewStep/mcap      every channel written to an MCAP file in /tmp (zstd chunks)
//
// Throughput: steps per second (items_per_second); the ratio to /bare is the cost.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <optional>

#include "leeway/app/load_world_or_default.h"
#include "leeway/output/mcap_recorder.h"

namespace leeway {
namespace {

class NullSink final : public Observer, public MessageSink {
 public:
  NullSink(const Simulation& sim, ViewOptions options) : channels_(sim, std::move(options)) {}
  void on_start(const Simulation& sim) override { channels_.start(sim, *this); }
  void on_step(const Simulation& sim) override { channels_.step(sim, *this); }
  void take(std::size_t, std::uint64_t, std::string_view json) override { bytes += json.size(); }
  std::size_t bytes = 0;

 private:
  ViewChannels channels_;
};

enum class Shown { kNothing, kCharts, kAll, kMcap };

void ViewStep(benchmark::State& bs, Shown shown) {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default("", 0, diagnostics);
  if (!scenario) return bs.SkipWithError("the default world did not load");
  Simulation sim(std::move(*scenario));
  ViewOptions options;
  if (shown == Shown::kCharts) options.sea_rate_hz = 0.0;
  std::optional<NullSink> sink;
  std::optional<McapRecorder> recorder;
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("leeway_view_bench_" + std::to_string(getpid()));
  if (shown == Shown::kCharts || shown == Shown::kAll) {
    sink.emplace(sim, options);
    sim.attach(*sink);
  } else if (shown == Shown::kMcap) {
    recorder.emplace(file, sim, options);
    sim.attach(*recorder);
  }
  for (auto _ : bs) {
    if (!sim.step().ok) return bs.SkipWithError("the step failed");
  }
  bs.SetItemsProcessed(bs.iterations());
  if (sink) bs.counters["json_bytes_per_step"] = static_cast<double>(sink->bytes) / bs.iterations();
  if (recorder) {
    bs.counters["file_bytes_per_sim_s"] =
        static_cast<double>(recorder->writer().bytes_written()) / sim.state().t;
    recorder.reset();
    std::filesystem::remove(file);
  }
}
BENCHMARK_CAPTURE(ViewStep, bare, Shown::kNothing);
BENCHMARK_CAPTURE(ViewStep, charts, Shown::kCharts);
BENCHMARK_CAPTURE(ViewStep, all, Shown::kAll);
BENCHMARK_CAPTURE(ViewStep, mcap, Shown::kMcap);

}  // namespace
}  // namespace leeway
