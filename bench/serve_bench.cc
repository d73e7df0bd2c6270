// What serving a run costs its steps (the interfaces issue's bars: serving the WAM-V at real time
// under 5 % of a core; as fast as possible with both transports on, above 30x real time):
//
//   UnservedStep   the default world's step (the WAM-V with VRX's sensors, its autopilot and
//                  task), through Simulation::step with no server attached: the baseline
//   ServedStep     the same with the gz-transport and the DDS servers attached and nobody
//                  subscribed: what each step pays to find that nobody listens (a clock, the
//                  stats' wall-clock check, a pose and a sensor sample check per transport)
//
// Throughput: steps per second (items_per_second). A subscriber's cost, each message serialised
// and sent, depends on the transport's sockets and is measured against real clients in
// docs/interfaces.md.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <optional>

#include "leeway/app/load_world_or_default.h"
#include "leeway/transport/command_inbox.h"
#include "leeway/transport/gz/gz_server.h"
#include "leeway/transport/ros2/dds_server.h"

namespace leeway {
namespace {

void default_world_step(benchmark::State& bs, bool served) {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default("", 0, diagnostics);
  if (!scenario) return bs.SkipWithError("the default world did not load");
  Simulation sim(std::move(*scenario));
  CommandInbox inbox(sim.model());
  std::optional<GzServer> gz;
  std::optional<DdsServer> dds;
  if (served) {
    // A partition and a DDS domain of this process's own: nobody subscribes.
    setenv("IGN_IP", "127.0.0.1", 1);
    setenv("IGN_PARTITION", ("leeway_serve_bench_" + std::to_string(getpid())).c_str(), 1);
    DdsServerOptions options;
    options.domain_id = 200 + static_cast<int>(getpid() % 30);
    gz.emplace(sim, inbox);
    dds.emplace(sim, inbox, options);
    sim.attach(*gz);
    sim.attach(*dds);
  }
  for (auto _ : bs) {
    if (!sim.step().ok) return bs.SkipWithError("the step failed");
  }
  bs.SetItemsProcessed(bs.iterations());
}
void UnservedStep(benchmark::State& bs) {
  default_world_step(bs, false);
}
void ServedStep(benchmark::State& bs) {
  default_world_step(bs, true);
}
BENCHMARK(UnservedStep);
BENCHMARK(ServedStep);

}  // namespace
}  // namespace leeway
