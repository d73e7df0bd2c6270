#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"
#include "temp_file.h"

namespace leeway::testing {

/// A world around `models` (and `world_plugins`), with zero gravity unless given.
inline std::string world_sdf(const std::string& models, const std::string& world_plugins = "",
                             const std::string& gravity = "0 0 0") {
  return R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="w">
    <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
    <gravity>)" +
         gravity + R"(</gravity>
)" + world_plugins +
         models + R"(
  </world>
</sdf>
)";
}

/// A one-link model with a 10 kg body (inertia 1, 2, 2) and the given plugin text.
inline std::string simple_model(const std::string& plugin, const std::string& name = "m",
                                const std::string& link_extra = "") {
  return R"(<model name=")" + name + R"(">
  <link name="base">
    <inertial><mass>10</mass>
      <inertia><ixx>1</ixx><iyy>2</iyy><izz>2</izz><ixy>0</ixy><ixz>0</ixz><iyz>0</iyz></inertia>
    </inertial>)" +
         link_extra + R"(
  </link>
)" + plugin +
         R"(
</model>
)";
}

/// Leeway's environment plugin around `inner` (its elements).
inline std::string environment_plugin(const std::string& inner) {
  return R"(<plugin filename="leeway-environment" name="leeway::Environment">)" + inner +
         "</plugin>";
}

/// Loads `text` from a file and returns the error message (fails the test if it loads).
inline std::string load_error(const std::string& file_name, const std::string& text) {
  const std::string path = write_temp(file_name, text);
  Diagnostics d;
  try {
    load_world_file(path, d);
  } catch (const LoadError& e) {
    return e.what();
  }
  ADD_FAILURE() << "loaded without an error";
  return {};
}

/// A 100 kg model "boat" at `pose` whose link "base_link" carries `sensor` (a <sensor> element).
inline std::string sensor_boat(const std::string& sensor, const std::string& pose = "0 0 0 0 0 0") {
  return R"(<model name="boat"><pose>)" + pose + R"(</pose><link name="base_link">
      <inertial><mass>100</mass>
        <inertia><ixx>10</ixx><iyy>20</iyy><izz>20</izz></inertia></inertial>)" +
         sensor + "</link></model>";
}

/// One step of `m` from its initial state with its cameras, lidars and sonars drawn, into
/// `data`; a step that fails is a fatal failure (ASSERT_NO_FATAL_FAILURE it).
inline void step_drawing(const Model& m, StepData& data) {
  State s = make_initial_state(m);
  data = make_step_data(m);
  data.draw_images = true;
  Workspace ws;
  ASSERT_TRUE(step(m, s, {}, ws, &data).ok);
}

/// The 1-based line of the first occurrence of `needle` in `text`.
inline int line_of(const std::string& text, const std::string& needle) {
  const auto pos = text.find(needle);
  return 1 +
         static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
}

inline void expect_mentions(const std::string& message, std::initializer_list<std::string> parts) {
  for (const std::string& p : parts)
    EXPECT_NE(message.find(p), std::string::npos) << "'" << p << "' missing from: " << message;
}

/// The variables that say where models are found (resource_paths.h), set as given while it
/// lives and unset when not given (so a user's own paths and Fuel cache never change a test);
/// what was there is put back after, also when an assertion ends the test early.
class ScopedModelPaths {
 public:
  explicit ScopedModelPaths(std::initializer_list<std::pair<std::string, std::string>> given) {
    const std::map<std::string, std::string> values(given.begin(), given.end());
    for (const char* v :
         {"LEEWAY_RESOURCE_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH", "SDF_PATH",
          "GAZEBO_MODEL_PATH", "GZ_FUEL_CACHE_PATH", "IGN_FUEL_CACHE_PATH", "HOME"}) {
      const char* before = std::getenv(v);
      saved_.emplace_back(v, before ? std::optional<std::string>(before) : std::nullopt);
      const auto given = values.find(v);
      if (given != values.end()) {
        setenv(v, given->second.c_str(), 1);
      } else if (std::string(v) == "HOME") {  // a home without ~/.gz/fuel (sdformat wants one)
        const auto home = std::filesystem::temp_directory_path() / "leeway_tests" / "home";
        std::filesystem::create_directories(home);
        setenv(v, home.c_str(), 1);
      } else {
        unsetenv(v);
      }
    }
  }
  ~ScopedModelPaths() {
    for (const auto& [v, before] : saved_) {
      if (before) {
        setenv(v.c_str(), before->c_str(), 1);
      } else {
        unsetenv(v.c_str());
      }
    }
  }
  ScopedModelPaths(const ScopedModelPaths&) = delete;
  ScopedModelPaths& operator=(const ScopedModelPaths&) = delete;

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

/// ../shared/foreign beside the checkout: other projects' files, for the compatibility tests
/// (each skips with a message when it is absent, as in a user's clone).
inline std::filesystem::path foreign_corpus() {
  return std::filesystem::path(LEEWAY_SOURCE_DIR) / ".." / "shared" / "foreign";
}

/// The text of `file`.
inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// gz-sim's test world `name` (test/worlds/NAME.sdf.in) configured as gz-sim's CMake does
/// (@CMAKE_SOURCE_DIR@ replaced by the corpus's gz-sim folder) into a file of its own; nothing
/// without the corpus.
inline std::optional<std::string> configured_gz_world(const std::string& name) {
  const std::filesystem::path gz = foreign_corpus() / "gz-sim";
  const std::filesystem::path in = gz / "test" / "worlds" / (name + ".sdf.in");
  if (!std::filesystem::exists(in)) return std::nullopt;
  std::string text = read_text(in);
  for (std::size_t at; (at = text.find("@CMAKE_SOURCE_DIR@")) != std::string::npos;)
    text.replace(at, 18, gz.string());
  return write_temp(name + ".sdf", text);
}

/// The colon-joined folders.
inline std::string joined(const std::vector<std::filesystem::path>& folders) {
  std::string out;
  for (const auto& f : folders)
    out += (out.empty() ? "" : ":") + f.string();
  return out;
}

inline Model load(const std::string& sdf) {
  Diagnostics d;
  return load_world_string(sdf, "test.sdf", d);
}

/// The same, with the world's controllers and tasks.
inline Scenario load_scenario(const std::string& sdf) {
  Diagnostics d;
  return load_scenario_string(sdf, "test.sdf", d);
}

}  // namespace leeway::testing
