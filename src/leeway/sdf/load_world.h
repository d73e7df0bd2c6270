// Loading a world: SDF (libsdformat 12, SDF <= 1.9) in, an immutable Scenario out (sim/scenario.h:
// the physics as a Model, the reference controllers, the tasks).
//
// Reads <world> (<physics><max_step_size>, <gravity>, <spherical_coordinates>), its plugins
// (world_settings.h), every non-static <model> (body_loader.h) and the controller and task
// plugins (sdf/leeway/controllers.h, sdf/vrx/scoring.h). Every problem is a LoadError
// naming file, line, element and value; warnings go to `diagnostics`.
//
// `<include>`s are found as gz-sim finds them (resource_paths.h): model:// URIs and bare names
// on LEEWAY_RESOURCE_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH and SDF_PATH, then in
// `models/` beside the world file and in `../models/` (so the project's worlds find the
// project's models from any working directory); Gazebo Fuel URLs in the local Fuel caches.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sim/scenario.h"

namespace leeway {

/// A model added to a world as it loads, as gz-sim's `create` service adds one: VRX's launch
/// spawns its generated WAM-V into every task world this way (`leeway run --spawn`).
struct Spawn {
  std::string uri;   ///< as an <include>'s: model://NAME, NAME, a Fuel URL or a model folder
  std::string name;  ///< the model's name in the world; empty keeps the model's own
  std::array<double, 6> pose_xyz_rpy{};  ///< of the model in the world: m, m, m, rad, rad, rad
};

/// Loads the first <world> of an SDF file, with `spawns` added after its own models (a name
/// the world already holds is an error). `seed` becomes the Model's seed: the environment's
/// random parts are drawn with it (unless the world fixes the sea's own seed), so a world plus a
/// seed is one Scenario. reseed() gives the Model another.
Scenario load_scenario_file(const std::string& path, Diagnostics& diagnostics,
                            std::uint64_t seed = 0, const std::vector<Spawn>& spawns = {});

/// Loads the first <world> of SDF text; `source_name` stands for the file in messages.
Scenario load_scenario_string(const std::string& sdf_text, const std::string& source_name,
                              Diagnostics& diagnostics, std::uint64_t seed = 0);

/// The physics alone of the world load_scenario_file() loads: every plugin is read and checked,
/// and its controllers and tasks are then left out (a task's kinematic hold stays in the Model).
Model load_world_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed = 0,
                      const std::vector<Spawn>& spawns = {});

/// The physics alone of the world load_scenario_string() loads (as load_world_file).
Model load_world_string(const std::string& sdf_text, const std::string& source_name,
                        Diagnostics& diagnostics, std::uint64_t seed = 0);

}  // namespace leeway
