#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "leeway/sdf/load_world.h"
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
