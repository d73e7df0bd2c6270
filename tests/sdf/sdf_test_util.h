#pragma once

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

inline Model load(const std::string& sdf) {
  Diagnostics d;
  return load_world_string(sdf, "test.sdf", d);
}

}  // namespace leeway::testing
