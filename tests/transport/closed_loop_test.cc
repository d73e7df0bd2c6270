// A closed loop over the wire: VRX's station-keeping task with the reference station keeper
// outside the simulator. `leeway run --serve --lockstep --no-controllers` runs the world (the X
// layout's WAM-V, with gz-sim's OdometryPublisher at the keeper's 20 Hz) in its own process; this
// process reads the WAM-V's ground truth on /model/wamv/odometry, runs the world's own keeper on
// it, and sends the four thrust commands with each request for the next control period's steps
// on /world/W/lockstep. It must hold the goal as the same keeper holds it inside a run.
//
// Inside, the keeper runs before the step on the state at the step's start; outside, it runs on
// the sample the last period's final step published and its commands reach the next step: the
// same state and the same step, so the two runs differ only by the outside keeper's first
// periods (before discovery brings it the first sample) and by the rounding of the twist turned
// into the sensor frame and back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <future>
#include <iterator>
#include <map>
#include <mutex>

#include <ignition/msgs/clock.pb.h>
#include <ignition/msgs/odometry.pb.h>
#include <ignition/msgs/param.pb.h>
#include <ignition/transport/Node.hh>

#include "leeway/gnc/autonomy.h"
#include "leeway/sdf/load_world.h"
#include "leeway/sim/simulation.h"
#include "leeway/transport/stamp.h"
#include "temp_file.h"
#include "transport/served_run.h"

namespace leeway {
namespace {

namespace im = ignition::msgs;
using namespace std::chrono_literals;

/// VRX's station-keeping world in the X layout, with the WAM-V's ground truth at `rate_hz`.
std::string station_keeping_world(double rate_hz) {
  std::ifstream file(std::string(LEEWAY_SOURCE_DIR) + "/worlds/vrx_station_keeping_x.sdf");
  std::string world{std::istreambuf_iterator<char>(file), {}};
  const std::string keeper = "<plugin filename=\"leeway-station-keeping\"";
  const std::size_t at = world.find(keeper);
  if (at == std::string::npos) throw std::runtime_error("the world has no station keeper");
  world.insert(at, fmt::format("<plugin filename=\"gz-sim-odometry-publisher-system\" "
                               "name=\"gz::sim::systems::OdometryPublisher\">"
                               "<odom_publish_frequency>{}</odom_publish_frequency></plugin>\n",
                               rate_hz));
  return testing::write_temp("closed_loop_station_keeping.sdf", world);
}

/// How well a run holds the goal: the horizontal distance of Bo from it, from `from` [s] on.
struct Hold {
  double from = 0.0;
  double worst = 0.0, sum = 0.0;
  long samples = 0;
  Vec3 last_p_WB = Vec3::Zero();
  void add(double t, const Eigen::Vector2d& goal, const Vec3& p_WB) {
    last_p_WB = p_WB;
    if (t < from) return;
    const double d = (goal - p_WB.head<2>()).norm();
    worst = std::max(worst, d);
    sum += d;
    ++samples;
  }
  double mean() const { return samples > 0 ? sum / static_cast<double>(samples) : 0.0; }
};

/// The body's state from its ground truth sensor's odometry (S at X_BS on the body).
BodyState body_from_odometry(const im::Odometry& odometry, const Pose& X_BS) {
  const auto& p = odometry.pose().position();
  const auto& q = odometry.pose().orientation();
  const auto& v = odometry.twist().linear();
  const auto& w = odometry.twist().angular();
  const Quat q_WS(q.w(), q.x(), q.y(), q.z());
  BodyState body;
  body.q_WB = (q_WS * X_BS.q.conjugate()).normalized();
  body.p_WB = Vec3(p.x(), p.y(), p.z()) - body.q_WB * X_BS.p;
  const Vec3 omega_B = X_BS.q * Vec3(w.x(), w.y(), w.z());
  body.V_WB_B << X_BS.q * Vec3(v.x(), v.y(), v.z()) - omega_B.cross(X_BS.p), omega_B;
  return body;
}

TEST(ClosedLoop, TheStationKeeperHoldsVrxsGoalOverTheWireAsItDoesInside) {
  setenv("IGN_IP", "127.0.0.1", 1);
  const std::string partition = fmt::format("leeway_closed_loop_{}", getpid());
  setenv("IGN_PARTITION", partition.c_str(), 1);
  setenv("LEEWAY_RESOURCE_PATH", (std::string(LEEWAY_SOURCE_DIR) + "/models").c_str(), 1);
  const std::string path = station_keeping_world(20.0);
  Diagnostics d;
  const Scenario scenario = load_scenario_file(path, d);
  const TaskModel& task = scenario.tasks.at(0);
  const Eigen::Vector2d goal = task.goals.at(0).p_W;
  // From VRX's spawn point 28 m away: the approach, then a minute and a half of holding.
  const double duration = task.running_time() + 150.0;
  const double hold_from = task.running_time() + 60.0;

  // Inside: the world's keeper in the run.
  Hold inside{hold_from};
  {
    Simulation sim(scenario);
    while (sim.state().t < duration - 1e-9) {
      ASSERT_TRUE(sim.step().ok);
      inside.add(sim.state().t, goal, sim.state().bodies[0].p_WB);
    }
  }

  // Outside: the same keeper in this process, the world in Leeway's.
  const Model& model = scenario.model;
  ASSERT_EQ(scenario.controllers.size(), 1u);
  const ControllerModel& keeper = scenario.controllers[0];
  ASSERT_EQ(model.sensors.size(), 1u);
  const SensorModel& truth = model.sensors[0];
  ASSERT_TRUE(std::holds_alternative<GroundTruthModel>(truth.kind));
  const std::string world = "/world/" + model.world_name;
  std::future<std::string> server = std::async(std::launch::async, [&] {
    return tool_output(fmt::format("{} run {} --serve --lockstep --no-controllers --duration {}",
                                   LEEWAY_BINARY, path, duration),
                       600, true);
  });

  std::mutex mutex;
  std::condition_variable arrived;
  std::map<std::int64_t, im::Odometry> samples;  // by stamp [ns]
  ignition::transport::Node node;
  std::function<void(const im::Odometry&)> on_odometry = [&](const im::Odometry& m) {
    std::lock_guard lock(mutex);
    samples[m.header().stamp().sec() * 1'000'000'000LL + m.header().stamp().nsec()] = m;
    arrived.notify_all();
  };
  ASSERT_TRUE(node.Subscribe("/model/wamv/odometry", on_odometry));

  std::vector<ControllerState> state = initial_controller_states(scenario.controllers);
  const double period = static_cast<double>(keeper.interval) * model.dt;
  std::vector<std::optional<double>> scratch, commands(model.actuators.size());

  // Asks for `steps` with the commands given since the last request; the time they end at.
  int requests = 0;
  const auto give_up = std::chrono::steady_clock::now() + 60s;
  const auto lockstep = [&](std::uint64_t steps, bool with_commands) {
    im::Param request;
    for (std::size_t i = 0; with_commands && i < commands.size(); ++i) {
      if (!commands[i]) continue;
      im::Any& value = (*request.mutable_params())[model.actuators[i].full_name()];
      value.set_type(im::Any::DOUBLE);
      value.set_double_value(*commands[i]);
    }
    im::Any& count = (*request.mutable_params())["steps"];
    count.set_type(im::Any::INT32);
    count.set_int_value(static_cast<std::int32_t>(steps));
    im::Clock reply;
    bool ok = false;
    // Until the server has loaded its world the service is not there.
    while (!node.Request(world + "/lockstep", request, 20000, reply, ok)) {
      if (requests > 0 || std::chrono::steady_clock::now() > give_up)
        throw std::runtime_error("no lockstep service");
    }
    if (!ok) throw std::runtime_error("the lockstep service refused a request");
    ++requests;
    return reply.sim().sec() + 1e-9 * reply.sim().nsec();
  };

  Hold outside{hold_from};
  double t = 0.0;
  bool connected = false;
  int missed = 0;
  while (t < duration - 1e-9) {
    // The sensors sample the state a step starts from (sensors/sensor.h): the sample of the
    // state at t comes with the step from t, which the last period's commands drive. The new
    // ones drive the period's other steps: one step later than inside.
    const Stamp sampled = stamp_of(t);
    const std::int64_t stamp = sampled.sec * 1'000'000'000LL + sampled.nanosec;
    t = lockstep(1, false);
    // Until discovery has brought the first sample the keeper has nothing to act on; from then
    // on every period's sample must come.
    std::unique_lock lock(mutex);
    if (!arrived.wait_for(lock, connected ? 10s : 100ms,
                          [&] { return samples.count(stamp) > 0; })) {
      ASSERT_FALSE(connected) << "no odometry stamped " << t - model.dt << " s";
      ++missed;
    } else {
      connected = true;
      const BodyState body = body_from_odometry(samples.at(stamp), truth.X_BS);
      samples.clear();
      lock.unlock();
      outside.add(t - model.dt, goal, body.p_WB);
      scratch.assign(model.actuators.size(), std::nullopt);
      controller_update(keeper, state[0], {t - model.dt, body}, period, scratch);
      for (std::size_t i = 0; i < scratch.size(); ++i) {
        if (scratch[i])
          commands[i] = std::clamp(*scratch[i], model.actuators[i].command_min,
                                   model.actuators[i].command_max);
      }
    }
    if (lock.owns_lock()) lock.unlock();
    t = lockstep(keeper.interval - 1, true);
  }
  const std::string server_output = server.get();
  std::printf(
      "station keeping over the wire: %d lockstep requests, the first %d before the "
      "first sample\n  inside:  worst %.3f m, mean %.3f m after the first minute\n  "
      "outside: worst %.3f m, mean %.3f m; %.3f m from where the inside run ended\n",
      requests, missed, inside.worst, inside.mean(), outside.worst, outside.mean(),
      (outside.last_p_WB - inside.last_p_WB).norm());
  const auto steps = static_cast<std::uint64_t>(std::llround(duration / model.dt));
  EXPECT_NE(server_output.find(fmt::format(" in {} steps", steps)), std::string::npos)
      << server_output;
  EXPECT_LT(missed, 20);  // a second of simulated time without control, at most
  EXPECT_LT(outside.worst, inside.worst + 0.05);
  EXPECT_NEAR(outside.mean(), inside.mean(), 0.05 * inside.mean());
  EXPECT_LT((outside.last_p_WB - inside.last_p_WB).norm(), 0.05);
}

}  // namespace
}  // namespace leeway
