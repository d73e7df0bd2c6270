// A run recorded as MCAP (output/mcap_recorder.h), read back by @mcap/core: every channel's count
// and every message equal what the view published, each message valid against its schema as Ajv
// reads the file's JSON Schema, times monotonic; a run killed mid-way leaves a file that reads
// up to its last chunk; a target that cannot be written stops `leeway run` before it starts.
#include "leeway/output/mcap_recorder.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <thread>

#include "formats/mcap_reader.h"
#include "leeway/app/load_world_or_default.h"
#include "leeway/transport/foxglove/json_schemas.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::bytes_of;
using testing::read_mcap;
using testing::temp_path;

/// What `command` prints (standard output and error), then rc=ITS_EXIT_STATUS.
std::string command_output(const std::string& command) {
  std::string out;
  FILE* pipe = popen((command + " 2>&1; echo rc=$?").c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    out.append(buffer, n);
  pclose(pipe);
  return out;
}

Scenario default_scenario() {
  Diagnostics diagnostics;
  std::optional<Scenario> scenario = load_world_or_default("", 0, diagnostics);
  EXPECT_TRUE(scenario);
  return std::move(*scenario);
}

/// What the view publishes, kept as it was given: a second set of channels on the same run.
class Published final : public Observer, public MessageSink {
 public:
  Published(const Simulation& sim, ViewOptions options) : channels(sim, std::move(options)) {
    messages.resize(channels.channels().size());
  }
  void on_start(const Simulation& sim) override { channels.start(sim, *this); }
  void on_step(const Simulation& sim) override { channels.step(sim, *this); }
  void take(std::size_t channel, std::uint64_t t_ns, std::string_view text) override {
    messages[channel].emplace_back(t_ns, std::string(text));
  }
  ViewChannels channels;
  std::vector<std::vector<std::pair<std::uint64_t, std::string>>> messages;
};

TEST(McapRecording, EveryChannelReadsBackAsPublished) {
  Simulation sim(default_scenario());
  const fs::path path = temp_path("default_world.mcap");
  ViewOptions options;
  options.warnings = {"a loader's warning"};
  Published published(sim, options);
  std::optional<McapRecorder> recorder(std::in_place, path, sim, options);
  sim.attach(published);
  sim.attach(*recorder);
  RunOptions run;
  run.until_step = steps_for(25.0, sim.model().dt);  // past the task's start at 20 s
  ASSERT_TRUE(sim.run(run).ok);
  ASSERT_TRUE(recorder->failure().empty()) << recorder->failure();
  recorder.reset();

  const json r = read_mcap("valid", path);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["invalid"], json::array());
  EXPECT_EQ(r["validated"], r["messages"].size());
  EXPECT_EQ(r["metadata"][0]["name"], "leeway");
  EXPECT_EQ(r["metadata"][0]["metadata"]["world"], sim.model().world_name);

  const std::vector<ViewChannel>& channels = published.channels.channels();
  ASSERT_EQ(r["channels"].size(), channels.size());
  std::map<int, json> schemas;
  for (const json& s : r["schemas"])
    schemas[s["id"]] = s;
  std::vector<std::vector<json>> read(channels.size());
  for (const json& m : r["messages"])
    read.at(m["channelId"].get<std::size_t>()).push_back(m);
  std::size_t total = 0;
  for (std::size_t c = 0; c < channels.size(); ++c) {
    const json& channel = r["channels"][c];
    SCOPED_TRACE(channels[c].topic);
    EXPECT_EQ(channel["topic"], channels[c].topic);
    EXPECT_EQ(channel["messageEncoding"], "json");
    const json& schema = schemas.at(channel["schemaId"]);
    EXPECT_EQ(schema["name"], channels[c].schema_name);
    EXPECT_EQ(schema["encoding"], "jsonschema");
    EXPECT_EQ(schema["data"], json_schema(channels[c].schema_name));
    // The summary's count, and every message as it was published, in order, times monotonic.
    const auto& sent = published.messages[c];
    EXPECT_EQ(r["statistics"]["channelMessageCounts"].value(std::to_string(c), "0"),
              std::to_string(sent.size()));
    ASSERT_EQ(read[c].size(), sent.size());
    for (std::size_t i = 0; i < sent.size(); ++i) {
      EXPECT_EQ(read[c][i]["logTime"], std::to_string(sent[i].first));
      EXPECT_EQ(read[c][i]["data"], sent[i].second);
      if (i > 0) {
        EXPECT_GE(sent[i].first, sent[i - 1].first);
      }
    }
    total += sent.size();
  }
  EXPECT_EQ(r["statistics"]["messageCount"], std::to_string(total));

  // What the channels hold, at a glance: 10 Hz frames over 25 s, the IMU at 100 Hz, the sea at
  // 2 Hz, the latched ones once, the loader's warning on /log.
  const auto count = [&](const std::string& topic) {
    for (std::size_t c = 0; c < channels.size(); ++c) {
      if (channels[c].topic == topic) return published.messages[c].size();
    }
    ADD_FAILURE() << "no channel " << topic;
    return std::size_t{0};
  };
  EXPECT_EQ(count("/tf"), 251u);
  EXPECT_EQ(count("/wamv/odometry"), 251u);
  EXPECT_EQ(count("/wamv/sensors/imu/imu/data"), 2500u);
  EXPECT_EQ(count("/sea"), 51u);
  EXPECT_EQ(count("/scene"), 1u);
  EXPECT_EQ(count("/waves"), 1u);
  EXPECT_GE(count("/log"), 1u);
  EXPECT_EQ(count("/task/wayfinding"), 251u);
}

TEST(McapRecording, CamerasAreDrawnAtTheRecordingsRateNotTheirs) {
  // The default world's WAM-V with one of VRX's 30 Hz cameras, made small, recorded at 10 Hz:
  // the recording holds its first frame in each tenth of a second (j = 0, 3, 6, ...), each with
  // its calibration, and the run drew no other (the camera's other samples have no image).
  std::string world(default_world_sdf());
  const std::string camera = R"(<sensor name="eye" type="camera">
      <pose>0.75 0 1.5 0 0.2618 0</pose><update_rate>30</update_rate><camera>
      <horizontal_fov>1.3962634</horizontal_fov><image><width>16</width><height>9</height>
      </image><clip><near>0.05</near><far>400</far></clip></camera></sensor>)";
  const std::size_t link = world.find("<link name=\"base_link\">");
  ASSERT_NE(link, std::string::npos);
  world.insert(world.find('\n', link) + 1, camera + "\n");
  Diagnostics diagnostics;
  Simulation sim(load_scenario_string(world, "camera.sdf", diagnostics));
  struct Drawn : Observer {
    int samples = 0, drawn = 0;
    void on_step(const Simulation& sim) override {
      for (const SensorSample& s : sim.data().sensors) {
        const auto* image = std::get_if<CameraImage>(&s.reading);
        if (!s.sampled || !image) continue;
        ++samples;
        drawn += image->width > 0;
      }
    }
  } drawn;
  const fs::path path = temp_path("camera_rate.mcap");
  std::optional<McapRecorder> recorder(std::in_place, path, sim, ViewOptions{});  // 10 Hz
  sim.attach(*recorder);
  sim.attach(drawn);
  RunOptions run;
  run.until_step = steps_for(1.0, sim.model().dt);
  ASSERT_TRUE(sim.run(run).ok);
  recorder.reset();
  EXPECT_EQ(drawn.samples, 30);
  EXPECT_EQ(drawn.drawn, 10);
  const json r = read_mcap("valid", path);
  ASSERT_FALSE(r.is_null());
  std::map<std::string, int> channel_id;
  for (const json& c : r["channels"])
    channel_id[c["topic"]] = c["id"];
  const std::string topic = "/wamv/sensors/cameras/eye/image_raw";
  ASSERT_TRUE(channel_id.count(topic)) << "no channel " << topic;
  std::vector<double> times;
  int calibrations = 0;
  for (const json& m : r["messages"]) {
    if (m["channelId"] == channel_id[topic])
      times.push_back(std::stod(m["logTime"].get<std::string>()) * 1e-9);
    calibrations += m["channelId"] == channel_id["/wamv/sensors/cameras/eye/camera_info"];
  }
  ASSERT_EQ(times.size(), 10u);
  EXPECT_EQ(calibrations, 10);
  for (std::size_t k = 0; k < times.size(); ++k)  // each at the step at or after k / 10 s
    EXPECT_NEAR(times[k], 0.1 * double(k), sim.model().dt) << "frame " << k;
}

TEST(McapRecording, TheSameRunGivesTheSameFile) {
  const auto record = [](const fs::path& path) {
    Simulation sim(default_scenario());
    McapRecorder recorder(path, sim, ViewOptions{});
    sim.attach(recorder);
    RunOptions run;
    run.until_step = steps_for(5.0, sim.model().dt);
    EXPECT_TRUE(sim.run(run).ok);
  };
  record(temp_path("same_a.mcap"));
  record(temp_path("same_b.mcap"));
  const std::string a = bytes_of(temp_path("same_a.mcap"));
  EXPECT_GT(a.size(), 10'000u);
  EXPECT_TRUE(a == bytes_of(temp_path("same_b.mcap")));
}

TEST(McapRecording, ARunKilledMidwayLeavesAReadableFile) {
  // `leeway run` at 4x real time, killed (SIGKILL: no chance to finish the file) after 4 s.
  const fs::path path = temp_path("killed.mcap");
  fs::remove(path);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(LEEWAY_BINARY, LEEWAY_BINARY, "run", "--record", path.c_str(), "--rate-factor", "4",
          "--duration", "100", static_cast<char*>(nullptr));
    _exit(127);
  }
  std::this_thread::sleep_for(std::chrono::seconds(4));
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));

  const json r = read_mcap("stream", path);
  ASSERT_FALSE(r.is_null());
  EXPECT_FALSE(r["complete"]);
  EXPECT_EQ(r["records"]["Header"], 1);
  EXPECT_GE(r["records"].value("Chunk", 0), 0);
  // Chunks close every second of simulated time: some 16 s were simulated, 4 s at least (on a
  // loaded machine) are in finished chunks.
  ASSERT_GT(r["messages"].size(), 400u);
  std::uint64_t last_tf = 0;
  for (const json& m : r["messages"]) {
    EXPECT_TRUE(json::accept(m["data"].get<std::string>()));
    if (m["channelId"] == 0) {  // /tf, in time order
      const std::uint64_t t = std::stoull(m["logTime"].get<std::string>());
      EXPECT_GE(t, last_tf);
      last_tf = t;
    }
  }
  EXPECT_GE(last_tf, 4'000'000'000u);
}

TEST(McapRecording, ARunStoppedBySigintFinishesItsFileWithinASecond) {
  // `leeway run` at real time, SIGINT after 3 s: the run ends as at its end (a complete file, the
  // summary saying it stopped), exit status 130, within a second.
  const fs::path path = temp_path("interrupted.mcap");
  const fs::path summary = temp_path("interrupted.json");
  const fs::path printed = temp_path("interrupted.txt");
  fs::remove(path);
  fs::remove(summary);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int out = ::open(printed.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(out, 1);
    dup2(out, 2);
    execl(LEEWAY_BINARY, LEEWAY_BINARY, "run", "--record", path.c_str(), "--summary",
          summary.c_str(), "--rate-factor", "1", "--duration", "100", "--no-progress",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const auto asked = std::chrono::steady_clock::now();
  kill(child, SIGINT);
  int status = 0;
  waitpid(child, &status, 0);
  const std::chrono::duration<double> took(std::chrono::steady_clock::now() - asked);
  const std::string output = bytes_of(printed);
  EXPECT_LT(took.count(), 1.0);
  ASSERT_TRUE(WIFEXITED(status)) << output;
  EXPECT_EQ(WEXITSTATUS(status), 130) << output;
  EXPECT_NE(output.find("leeway: stopped at t = "), std::string::npos) << output;

  const json r = read_mcap("valid", path);  // through its index: the file was finished
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["invalid"].size(), 0u);
  EXPECT_GT(r["messages"].size(), 100u);
  const json s = json::parse(bytes_of(summary));
  EXPECT_EQ(s["status"], "stopped");
  EXPECT_GT(s["simulated_time"].get<double>(), 2.0);
  EXPECT_LT(s["simulated_time"].get<double>(), 10.0);
}

TEST(McapRecording, AnUnwritableTargetStopsTheRunBeforeItStarts) {
  const std::string out =
      command_output(fmt::format("{} run --record /nonexistent/folder/run.mcap", LEEWAY_BINARY));
  EXPECT_NE(out.find("error: cannot write the recording '/nonexistent/folder/run.mcap': No such "
                     "file or directory"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("rc=1"), std::string::npos) << out;
  EXPECT_EQ(out.find("simulated"), std::string::npos) << out;
}

TEST(RunReport, IsOneSelfContainedFileWithTheRunsScoreTrackAndSeries) {
  const fs::path recording = temp_path("report_run.mcap");
  const fs::path summary = temp_path("report_run.json");
  const fs::path report = temp_path("report_run.html");
  ASSERT_NE(command_output(fmt::format("{} run --record {} --summary {} --no-progress",
                                       LEEWAY_BINARY, recording.string(), summary.string()))
                .find("rc=0"),
            std::string::npos);
  const std::string out = command_output(
      fmt::format("{} report {} -o {}", LEEWAY_BINARY, recording.string(), report.string()));
  ASSERT_NE(out.find("rc=0"), std::string::npos) << out;
  EXPECT_NE(out.find("27701 messages read; a track of 1301 points, 8 charts"), std::string::npos)
      << out;

  const std::string html = testing::bytes_of(report);
  // Nothing fetched: no external script, style sheet or image.
  for (const char* outside : {"<script src", "<link", "src=\"http", "href=\"http", "url(http"})
    EXPECT_EQ(html.find(outside), std::string::npos) << outside;
  EXPECT_NE(html.find("uPlot"), std::string::npos);

  // The task's score and errors as the run's summary has them.
  std::ifstream summary_in(summary);
  const json s = json::parse(summary_in);
  const json& task = s.at("tasks").at(0);
  EXPECT_NE(html.find(fmt::format("<b>{:.3f}</b>", task.at("score").get<double>())),
            std::string::npos);
  // Every frame of the WAM-V in the series (10 Hz over 130 s), times from 0 to 130 s.
  const std::size_t at = html.find("const CHARTS=");
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = html.find(";", at);
  const json charts = json::parse(html.substr(at + 13, end - at - 13));
  ASSERT_EQ(charts.size(), 8u);
  EXPECT_EQ(charts[0]["title"], "wamv speed");
  const json& t = charts[0]["data"][0];
  ASSERT_EQ(t.size(), 1301u);
  EXPECT_EQ(t.front().get<double>(), 0.0);
  EXPECT_NEAR(t.back().get<double>(), 130.0, 1e-9);
  // The heading, 0 to 360 degrees, as dots: the run wraps through north (a line would cross
  // the chart there).
  const json& heading = charts[1];
  EXPECT_EQ(heading["title"], "wamv heading (compass)");
  EXPECT_EQ(heading["dots"], true);
  EXPECT_EQ(heading["range"], json::array({0.0, 360.0}));
  bool wraps = false;
  for (std::size_t k = 1; k < heading["data"][1].size(); ++k) {
    const double before = heading["data"][1][k - 1], after = heading["data"][1][k];
    ASSERT_GE(after, 0.0);
    ASSERT_LT(after, 360.0);
    wraps = wraps || std::abs(after - before) > 180.0;
  }
  EXPECT_TRUE(wraps);
  // The commands on a chart per unit: the engines' thrust [N] apart from their azimuths [rad].
  std::map<std::string, json> commands;
  for (const json& c : charts)
    if (c["title"] == "wamv commands") commands[c["unit"]] = c["labels"];
  EXPECT_EQ(commands["N"],
            json::array({"left_engine_propeller_joint", "right_engine_propeller_joint"}));
  EXPECT_EQ(commands["rad"],
            json::array({"left_chassis_engine_joint", "right_chassis_engine_joint"}));
  // The track: a polyline through the frames, and the task's four waypoints numbered.
  EXPECT_NE(html.find("<polyline"), std::string::npos);
  EXPECT_NE(html.find(">4</text>"), std::string::npos);

  const std::string bad = command_output(fmt::format(
      "{} report {} -o {}", LEEWAY_BINARY, summary.string(), temp_path("bad.html").string()));
  EXPECT_NE(bad.find(fmt::format("error: '{}' is not an MCAP file", summary.string())),
            std::string::npos)
      << bad;
  EXPECT_NE(bad.find("rc=1"), std::string::npos);

  // A recording cut short (its first half, as a killed writer leaves it) is reported for what
  // it holds, and says it is cut short, on the command line and on the page.
  const fs::path half = temp_path("report_half.mcap");
  fs::copy_file(recording, half, fs::copy_options::overwrite_existing);
  fs::resize_file(half, fs::file_size(recording) / 2);
  const std::string cut = command_output(
      fmt::format("{} report {} -o {}", LEEWAY_BINARY, half.string(), report.string()));
  ASSERT_NE(cut.find("rc=0"), std::string::npos) << cut;
  EXPECT_NE(cut.find(" s: the recording is cut short, read to its last whole record"),
            std::string::npos)
      << cut;
  EXPECT_NE(testing::bytes_of(report).find("The recording is cut short"), std::string::npos);
}

}  // namespace
}  // namespace leeway
