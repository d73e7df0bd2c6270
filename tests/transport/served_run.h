// What the interface tests share: running a tool under a time limit, waiting for a condition,
// and observers that watch a served run from the stepping thread.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include "leeway/app/load_world_or_default.h"
#include "leeway/sim/simulation.h"
#include "leeway/transport/stamp.h"

namespace leeway {

using namespace std::chrono_literals;

/// A tool's standard output (and its standard error, with `with_errors`); it is killed after
/// `seconds`.
inline std::string tool_output(const std::string& command, int seconds = 20,
                               bool with_errors = false) {
  const std::string line =
      fmt::format("timeout {} {} 2>{}", seconds, command, with_errors ? "&1" : "/dev/null");
  std::string out;
  if (FILE* pipe = popen(line.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
      out.append(buffer, n);
    pclose(pipe);
  }
  return out;
}

/// The first message in what `ign topic -e` printed. Asked for one (-n 1), it may still print
/// more: those that reach it before it exits. Each message is followed by an empty line (the
/// text format writes a string's line breaks as escapes).
inline std::string first_message(const std::string& echoed) {
  const std::size_t end = echoed.find("\n\n");
  return end == std::string::npos ? echoed : echoed.substr(0, end + 1);
}

/// The first message `ign topic -e -n 1` receives on `topic` (empty if none within `seconds`).
inline std::string echo_one(const std::string& topic, int seconds = 20) {
  return first_message(tool_output("ign topic -e -n 1 -t " + topic, seconds));
}

/// ros2_peer (ros2_peer.cc) with `arguments`, as a ROS 2 node on this host in DDS domain
/// `domain` with ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST (rmw_cyclonedds's configuration), on
/// the loopback.
inline std::string ros2_peer_command(int domain, const std::string& arguments) {
  constexpr const char* kLocalhostConfig =
      "<CycloneDDS><Domain id=\"any\"><General><Interfaces><NetworkInterface "
      "address=\"127.0.0.1\"/></Interfaces><AllowMulticast>false</AllowMulticast></General>"
      "<Discovery><ParticipantIndex>auto</ParticipantIndex><MaxAutoParticipantIndex>32"
      "</MaxAutoParticipantIndex><Peers><Peer address=\"localhost\"/></Peers></Discovery>"
      "</Domain></CycloneDDS>";
  return fmt::format("env ROS_DOMAIN_ID={} CYCLONEDDS_URI='{}' {} {}", domain, kLocalhostConfig,
                     ROS2_PEER, arguments);
}

/// The embedded default world (the WAM-V on VRX's wayfinding course), without its controllers
/// (the autopilot) if `controllers` is false, so that a client's commands are the only ones.
inline Scenario default_scenario(bool controllers = true) {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default("", 0, diagnostics);
  if (!scenario) throw std::runtime_error("the default world did not load");
  if (!controllers) scenario->controllers.clear();
  return std::move(*scenario);
}

/// The default world with `xml` inserted into the WAM-V's model (or, `in_world`, into the world),
/// written to a file of the test's: its path.
inline std::string default_world_with(const std::string& xml, bool in_world = false) {
  std::string world(default_world_sdf());
  if (in_world) {
    world.insert(world.rfind("</world>"), xml + "\n");
  } else {
    const std::size_t model = world.find("<model name=\"wamv\">");
    world.insert(world.find('\n', model) + 1, xml + "\n");
  }
  const std::string path =
      ::testing::TempDir() + fmt::format("leeway_world_{}.sdf", std::hash<std::string>{}(xml));
  std::ofstream(path) << world;
  return path;
}

/// On the WAM-V's base link, 3 m above its origin: a small lidar ("scanner": 48 x 3 rays over
/// +-1.2 rad, looking down at its own hull and the sea, 10 Hz) and a small colour camera ("eye":
/// 8 x 6 pixels, 10 Hz), so that the images' messages stay short.
inline const std::string kWamvMast = R"(
  <sensor name="scanner" type="gpu_lidar"><pose>0 0 3 0 0 0</pose><update_rate>10</update_rate>
    <lidar><scan><horizontal><samples>48</samples><min_angle>-1.2</min_angle>
    <max_angle>1.2</max_angle></horizontal><vertical><samples>3</samples>
    <min_angle>-1.3</min_angle><max_angle>-0.9</max_angle></vertical></scan>
    <range><min>0.3</min><max>60</max></range></lidar></sensor>
  <sensor name="eye" type="camera"><pose>0 0 3 0 0.3 0</pose><update_rate>10</update_rate>
    <camera><horizontal_fov>1.2</horizontal_fov><image><width>8</width><height>6</height>
    </image><clip><near>0.1</near><far>200</far></clip></camera></sensor>)";

/// The default world with `sensors` in its WAM-V's base link, written to a file of the test's:
/// its path.
inline std::string default_world_with_sensors(const std::string& sensors) {
  std::string world(default_world_sdf());
  const std::size_t link = world.find("<link name=\"base_link\">");
  world.insert(world.find('\n', link) + 1, sensors + "\n");
  const std::string path = ::testing::TempDir() +
                           fmt::format("leeway_sensors_{}.sdf", std::hash<std::string>{}(sensors));
  std::ofstream(path) << world;
  return path;
}

/// The RexROV's world with a sounder beside it, 20 m over the flat seabed (80 m down): a
/// profiling multibeam ("mbes", 32 beams over 1.6 rad, 400 bins from 1 to 41 m, 5 Hz) looking
/// straight down, written to a file of the test's: its path.
inline std::string rexrov_world_with_sounder() {
  std::ifstream in(std::string(LEEWAY_SOURCE_DIR) + "/worlds/rexrov.sdf");
  std::string world((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  world.insert(world.rfind("</world>"), R"(<model name="sounder"><pose>10 0 -60 0 0 0</pose>
      <link name="base_link"><inertial><mass>100</mass><inertia><ixx>10</ixx><iyy>10</iyy>
      <izz>10</izz></inertia></inertial>
      <sensor name="mbes" type="custom" leeway:type="sonar"><pose>0 0 0 0 1.5707963 0</pose>
        <update_rate>5</update_rate><leeway:sonar><beams>32</beams><horizontal_fov>1.6
        </horizontal_fov><beamwidth>0.05</beamwidth><vertical_fov>0.035</vertical_fov>
        <range_min>1</range_min><range_max>41</range_max><bins>400</bins>
        <rays_per_beam_v>16</rays_per_beam_v><mode>profiling</mode></leeway:sonar>
      </sensor></link></model>)");
  // The RexROV from the repository's models, wherever the world is written.
  world.replace(world.find("model://rexrov"), 14,
                std::string(LEEWAY_SOURCE_DIR) + "/models/rexrov");
  const std::string path = ::testing::TempDir() + "leeway_sounder.sdf";
  std::ofstream(path) << world;
  return path;
}

/// `sim` running with `options` on a thread of its own, stopped and joined when this goes out of
/// scope: a failed assertion ends the test without leaving the thread running.
class RunningSimulation {
 public:
  RunningSimulation(Simulation& sim, const RunOptions& options)
      : sim_(sim), thread_([&sim, options] { sim.run(options); }) {}
  RunningSimulation(const RunningSimulation&) = delete;
  RunningSimulation& operator=(const RunningSimulation&) = delete;
  ~RunningSimulation() {
    sim_.stop();
    thread_.join();
  }

 private:
  Simulation& sim_;
  std::thread thread_;
};

struct StepCounter : Observer {
  std::atomic<std::uint64_t> step_count{0};
  std::atomic<int> starts{0};
  void on_start(const Simulation&) override {
    step_count = 0;
    ++starts;
  }
  void on_step(const Simulation& sim) override { step_count = sim.state().step_count; }
};

template <typename Done>
bool eventually(Done done, std::chrono::milliseconds limit = 10s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

/// Runs `publish` (an `ign topic -p` command: each process publishes once, as soon as it has
/// advertised) until `seen()` holds, waiting 2 s after each; ten tries at most. A subscriber
/// that has not yet connected to the new process misses its message (ZeroMQ's slow joiner):
/// alone under the sanitizers one took four tries, and five were too few on a loaded machine.
template <typename Seen>
bool publish_until_seen(const std::string& publish, const Seen& seen) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    tool_output(publish);
    if (eventually(seen, 2s)) return true;
  }
  return false;
}

/// The command the step holds for one actuator, given by index or by model and name (looked up
/// when the run starts).
struct CommandWatch : Observer {
  explicit CommandWatch(std::size_t i) : actuator(i) {}
  CommandWatch(std::string model, std::string name)
      : model_name(std::move(model)), actuator_name(std::move(name)) {}
  std::size_t actuator = 0;
  std::string model_name, actuator_name;
  void on_start(const Simulation& sim) override {
    if (actuator_name.empty()) return;
    const int i = sim.model().actuator_index(model_name, actuator_name);
    if (i < 0) throw std::invalid_argument("no actuator " + model_name + "/" + actuator_name);
    actuator = static_cast<std::size_t>(i);
  }
  std::atomic<double> command{0.0};
  std::atomic<std::uint64_t> steps{0};
  void on_step(const Simulation& sim) override {
    command = sim.state().commands[actuator];
    steps = sim.state().step_count;
  }
};

/// Every body's state after each step: the bits a run is compared by.
struct StateLog : Observer {
  std::vector<std::vector<BodyState>> states;
  void on_step(const Simulation& sim) override { states.push_back(sim.state().bodies); }
};

/// A scripted lockstep client's requests: the WAM-V's two engines' commands [N] for each, and
/// the steps each asks for.
constexpr std::array<std::array<double, 2>, 6> kLockstepScript = {
    {{200.0, 200.0}, {400.0, -100.0}, {0.0, 300.0}, {-250.0, 250.0}, {1000.0, 50.0}, {0.0, 0.0}}};
constexpr int kStepsPerRequest = 7;

/// The default world without its autopilot, given kLockstepScript's commands directly, each at
/// the first of its steps: each step's state.
inline std::vector<std::vector<BodyState>> direct_scripted_run() {
  Simulation sim(default_scenario(/*controllers=*/false));
  const int left = sim.model().actuator_index("wamv", "left_engine_propeller_joint");
  const int right = sim.model().actuator_index("wamv", "right_engine_propeller_joint");
  std::vector<std::vector<BodyState>> direct;
  for (const auto& [l, r] : kLockstepScript) {
    Inputs inputs;
    inputs.commands.resize(sim.model().actuators.size());
    inputs.commands[static_cast<std::size_t>(left)] = l;
    inputs.commands[static_cast<std::size_t>(right)] = r;
    for (int k = 0; k < kStepsPerRequest; ++k) {
      if (!sim.step(k == 0 ? inputs : Inputs{}).ok) throw std::runtime_error("a step failed");
      direct.push_back(sim.state().bodies);
    }
  }
  return direct;
}

/// Entries by time, written on the stepping thread and read by the test's. Keyed by the
/// nanosecond stamp the wire carries (stamp.h), not by the double: a time rebuilt from a
/// message's sec and nanosec, or one step back as t - dt, need not be the same double as the
/// step's, but rounds to the same stamp.
template <typename Entry>
class TimedLog {
 public:
  void record(double t, Entry entry) {
    std::lock_guard lock(mutex_);
    entries_[key(t)] = std::move(entry);
  }
  std::optional<Entry> at(double t) {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(key(t));
    return it == entries_.end() ? std::nullopt : std::optional(it->second);
  }
  std::optional<Entry> last() {
    std::lock_guard lock(mutex_);
    return entries_.empty() ? std::nullopt : std::optional(entries_.rbegin()->second);
  }

 private:
  static std::int64_t key(double t) {
    const Stamp s = stamp_of(t);
    return s.sec * 1'000'000'000 + s.nanosec;
  }
  std::mutex mutex_;
  std::map<std::int64_t, Entry> entries_;
};

/// Each step's outputs, by the step's end time.
struct StepDataLog : Observer, TimedLog<StepData> {
  void on_step(const Simulation& sim) override { record(sim.state().t, sim.data()); }
};

/// Every actuator's state and load after each step, by the step's end time.
struct ActuatorLogEntry {
  std::vector<double> states;
  std::vector<ActuatorLoad> loads;
};
struct ActuatorLog : Observer, TimedLog<ActuatorLogEntry> {
  void on_step(const Simulation& sim) override {
    record(sim.state().t, {sim.state().actuators, sim.data().actuator_loads});
  }
};

/// One range-bearing receiver's readings by their time, with its body's position then (at the
/// step's start, the state a sample is of), and where its pinger is.
struct PingerSample {
  RangeBearingReading reading;
  Vec3 p_WB = Vec3::Zero();
};
struct PingerWatch : Observer, TimedLog<PingerSample> {
  explicit PingerWatch(std::size_t i) : sensor(i) {}
  std::size_t sensor;
  std::mutex mutex;
  Vec3 pinger_W = Vec3::Zero();
  Vec3 p_WB_start = Vec3::Zero();  ///< the stepping thread's
  void on_start(const Simulation& sim) override { p_WB_start = body_position(sim); }
  void on_step(const Simulation& sim) override {
    const SensorSample& s = sim.data().sensors[sensor];
    if (s.sampled) record(s.t, {std::get<RangeBearingReading>(s.reading), p_WB_start});
    {
      std::lock_guard lock(mutex);
      pinger_W = sim.state().sensors[sensor].pinger_W;
    }
    p_WB_start = body_position(sim);
  }
  Vec3 body_position(const Simulation& sim) const {
    return sim.state().bodies[static_cast<std::size_t>(sim.model().sensors[sensor].body)].p_WB;
  }
  bool pinger_at(const Vec3& p_W) {
    std::lock_guard lock(mutex);
    return pinger_W == p_W;
  }
};

/// Every sample of one sensor, by its time, and how many of them were drawn (a frame, a scan or
/// a ping with content).
struct SampleWatch : Observer, TimedLog<SensorSample> {
  explicit SampleWatch(std::size_t i) : sensor(i) {}
  std::size_t sensor;
  std::atomic<int> samples{0}, drawn{0};
  void on_step(const Simulation& sim) override {
    const SensorSample& s = sim.data().sensors[sensor];
    if (!s.sampled) return;
    ++samples;
    const auto* scan = std::get_if<LidarReading>(&s.reading);
    const auto* frame = std::get_if<CameraImage>(&s.reading);
    const auto* ping = std::get_if<SonarImage>(&s.reading);
    drawn += (scan && scan->horizontal_count > 0) || (frame && frame->width > 0) ||
             (ping && ping->beams > 0);
    record(s.t, s);
  }
};

/// The external wrench one body took at each step (StepData's kExternal term), in W: its force
/// and its moment about Bo, turned with the body's attitude at the step's start; and how many
/// steps took one that was not zero.
struct ExternalWrenchWatch : Observer {
  explicit ExternalWrenchWatch(std::size_t b) : body(b) {}
  std::size_t body;
  Quat q_WB_start = Quat::Identity();
  std::mutex mutex;
  Vec6 F_W = Vec6::Zero();
  std::atomic<int> pushed_steps{0};
  void on_start(const Simulation& sim) override { q_WB_start = sim.state().bodies[body].q_WB; }
  void on_step(const Simulation& sim) override {
    const Vec6& F_B = sim.data().bodies[body].wrenches.terms[BodyWrenches::kExternal];
    const Mat3 R_WB = q_WB_start.toRotationMatrix();
    {
      std::lock_guard lock(mutex);
      F_W << R_WB * F_B.head<3>(), R_WB * F_B.tail<3>();
    }
    if (!F_B.isZero(0.0)) ++pushed_steps;
    q_WB_start = sim.state().bodies[body].q_WB;
  }
  /// Whether the last step's wrench is `expected` [N, N m] to 1e-9 of its size.
  bool is(const Vec6& expected) {
    std::lock_guard lock(mutex);
    return (F_W - expected).norm() <= 1e-9 * std::max(1.0, expected.norm());
  }
};

}  // namespace leeway
