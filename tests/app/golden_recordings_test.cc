// Every shipped world, run by `leeway run` at a fixed seed, against the recording and summary
// it gave when the golden files in tests/golden/ were made. Any change to a bit of any body's
// motion, any actuator's state or any task's score shows here, in the first row that differs.
//
// A change that moves bits on purpose (a fix of the physics, a new default) regenerates them:
//   LEEWAY_UPDATE_GOLDEN=1 build/tests/app_test --gtest_filter='*GoldenRecordings*'
// and the commit says which worlds changed and why.
//
// The goldens are the optimised GCC build's bits. Another compiler may round differently (it may
// fold a constant or order an expression otherwise, -ffp-contract=off notwithstanding), so under
// another compiler each number is compared to 1e-6 relative instead, which still catches any
// change in the physics but not in the last bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "app/leeway_process.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;

struct GoldenWorld {
  const char* file;      ///< under worlds/, or "" for the embedded default world
  const char* duration;  ///< --duration, or "" to run until the world's tasks finish
};

// 30 s each (the VRX worlds 40 s, so that 20 s are scored); the default world to its score.
constexpr GoldenWorld kWorlds[] = {
    {"", ""},
    {"desistek_saga.sdf", "30"},
    {"lauv_survey.sdf", "30"},
    {"lutra_airboat.sdf", "30"},
    {"lutra_prop.sdf", "30"},
    {"offshore_rexrov.sdf", "30"},
    {"otter.sdf", "30"},
    {"remus100.sdf", "30"},
    {"remus100_survey.sdf", "30"},
    {"rexrov.sdf", "30"},
    {"rexrov_inspection.sdf", "30"},
    {"river_bridge.sdf", "30"},
    {"usvsim_rudder_boat.sdf", "30"},
    {"usvsim_rudder_boat_waypoints.sdf", "30"},
    {"usvsim_sailboat.sdf", "30"},
    {"vrx_station_keeping.sdf", "40"},
    {"vrx_station_keeping_x.sdf", "40"},
};

std::string stem(const GoldenWorld& w) {
  return *w.file ? fs::path(w.file).stem().string() : std::string("default");
}

bool exact_compiler() {
#if defined(__GNUC__) && !defined(__clang__)
  return true;
#else
  return false;
#endif
}

/// What of the summary does not depend on the machine: everything but the wall time, with the
/// checkout's folder in the warnings' file names written <source>.
nlohmann::json physical_summary(const std::string& path) {
  nlohmann::json j = nlohmann::json::parse(testing::slurp(path));
  j.erase("wall_time");
  j.erase("real_time_factor");
  j.erase("recording");
  j.erase("source");
  const std::string checkout = std::string(LEEWAY_SOURCE_DIR) + "/";
  for (nlohmann::json& warning : j["warnings"]) {
    std::string text = warning.get<std::string>();
    for (auto at = text.find(checkout); at != std::string::npos; at = text.find(checkout, at))
      text.replace(at, checkout.size(), "<source>/");
    warning = text;
  }
  return j;
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string piece;
  while (std::getline(in, piece, by))
    out.push_back(piece);
  return out;
}

/// "" if the two recordings agree (bit for bit, or to `tolerance` relative per number), else
/// where they first differ.
std::string compare_recordings(const std::string& golden, const std::string& got,
                               double tolerance) {
  const std::vector<std::string> a = split(golden, '\n'), b = split(got, '\n');
  if (a.size() != b.size()) {
    return "the golden recording has " + std::to_string(a.size()) + " lines, this one " +
           std::to_string(b.size());
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i]) continue;
    const std::vector<std::string> fa = split(a[i], ','), fb = split(b[i], ',');
    bool close = tolerance > 0.0 && fa.size() == fb.size();
    for (std::size_t k = 0; close && k < fa.size(); ++k) {
      if (fa[k] == fb[k]) continue;
      char* end_a = nullptr;
      char* end_b = nullptr;
      const double x = std::strtod(fa[k].c_str(), &end_a), y = std::strtod(fb[k].c_str(), &end_b);
      close = *end_a == '\0' && *end_b == '\0' &&
              std::abs(x - y) <= tolerance * std::max({1.0, std::abs(x), std::abs(y)});
    }
    if (!close)
      return "line " + std::to_string(i + 1) + ":\n  golden " + a[i] + "\n  now    " + b[i];
  }
  return "";
}

class GoldenRecordings : public ::testing::TestWithParam<GoldenWorld> {};

TEST_P(GoldenRecordings, MatchTheRecordingMadeBeforeTheRedesign) {
  const GoldenWorld& w = GetParam();
  const fs::path golden_dir = fs::path(LEEWAY_SOURCE_DIR) / "tests" / "golden";
  const fs::path out = fs::temp_directory_path() / ("leeway_golden_" + stem(w));
  const std::string csv = out.string() + ".csv", json = out.string() + ".json";
  std::string args =
      "run --seed 7 --record-rate 2 --no-progress --record " + csv + " --summary " + json;
  if (*w.file) args += " " + (fs::path(LEEWAY_SOURCE_DIR) / "worlds" / w.file).string();
  if (*w.duration) args += std::string(" --duration ") + w.duration;
  const testing::ProcessResult r = testing::run_leeway(args);
  ASSERT_EQ(r.status, 0) << r.output;

  const fs::path golden_csv = golden_dir / (stem(w) + ".csv");
  const fs::path golden_json = golden_dir / (stem(w) + ".summary.json");
  if (std::getenv("LEEWAY_UPDATE_GOLDEN")) {
    ASSERT_TRUE(exact_compiler()) << "goldens are made by the optimised GCC build";
    fs::copy_file(csv, golden_csv, fs::copy_options::overwrite_existing);
    std::ofstream(golden_json) << physical_summary(json).dump(2) << "\n";
    GTEST_SKIP() << "wrote " << golden_csv << " and " << golden_json;
  }
  ASSERT_TRUE(fs::exists(golden_csv)) << golden_csv << " is missing";
  const double tolerance = exact_compiler() ? 0.0 : 1e-6;
  const std::string diff =
      compare_recordings(testing::slurp(golden_csv.string()), testing::slurp(csv), tolerance);
  EXPECT_EQ(diff, "") << stem(w) << ": the recording differs from " << golden_csv;
  const nlohmann::json golden = nlohmann::json::parse(testing::slurp(golden_json.string()));
  const nlohmann::json now = physical_summary(json);
  if (exact_compiler()) {
    EXPECT_EQ(golden, now) << stem(w) << ": the summary differs from " << golden_json;
  } else {
    // The scores and the final states, to the same relative tolerance.
    EXPECT_EQ(golden.at("status"), now.at("status"));
    EXPECT_EQ(golden.at("steps"), now.at("steps"));
    for (std::size_t k = 0; k < golden.at("tasks").size(); ++k) {
      const nlohmann::json &a = golden["tasks"][k], &b = now["tasks"][k];
      EXPECT_EQ(a.at("state"), b.at("state"));
      if (a.at("score").is_number()) {
        const double x = a["score"], y = b["score"];
        EXPECT_NEAR(x, y, 1e-6 * std::max(1.0, std::abs(x))) << stem(w) << " task " << k;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(ShippedWorlds, GoldenRecordings, ::testing::ValuesIn(kWorlds),
                         [](const auto& info) { return stem(info.param); });

}  // namespace
}  // namespace leeway
