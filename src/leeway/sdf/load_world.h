// Loading a world: SDF (libsdformat 12, SDF <= 1.9) in, an immutable Scenario out (sim/scenario.h:
// the physics as a Model, the reference controllers, the tasks).
//
// Reads <world> (<physics><max_step_size>, <gravity>, <spherical_coordinates>), its plugins
// (world_settings.h), every non-static <model> (body_loader.h) and the controller and task
// plugins (controller_params.h, task_params.h). Every problem is a LoadError
// naming file, line, element and value; warnings go to `diagnostics`.
//
// `<include><uri>model://NAME</uri></include>` finds NAME (a folder with model.config and
// model.sdf) in the folders of LEEWAY_RESOURCE_PATH, GZ_SIM_RESOURCE_PATH and
// IGN_GAZEBO_RESOURCE_PATH (colon-separated), then in `models/` beside the world file and in
// `../models/` (so the project's worlds find the project's models from any working directory).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "leeway/core/error.h"
#include "leeway/sim/scenario.h"

namespace leeway {

/// Loads the first <world> of an SDF file. `seed` becomes the Model's seed: the environment's
/// random parts are drawn with it (unless the world fixes the sea's own seed), so a world plus a
/// seed is one Scenario. reseed() gives the Model another.
Scenario load_scenario_file(const std::string& path, Diagnostics& diagnostics,
                            std::uint64_t seed = 0);

/// Loads the first <world> of SDF text; `source_name` stands for the file in messages.
Scenario load_scenario_string(const std::string& sdf_text, const std::string& source_name,
                              Diagnostics& diagnostics, std::uint64_t seed = 0);

/// The physics alone of the world load_scenario_file() loads: every plugin is read and checked,
/// and its controllers and tasks are then left out (a task's kinematic hold stays in the Model).
Model load_world_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed = 0);

/// The colon-separated folders model:// URIs are searched in, for a world in `world_dir`.
std::string model_search_path(const std::filesystem::path& world_dir);

/// The physics alone of the world load_scenario_string() loads (as load_world_file).
Model load_world_string(const std::string& sdf_text, const std::string& source_name,
                        Diagnostics& diagnostics, std::uint64_t seed = 0);

}  // namespace leeway
