// Loading a world: SDF (libsdformat 12, SDF <= 1.9) in, an immutable Model out.
//
// Reads <world> (<physics><max_step_size>, <gravity>, <spherical_coordinates>), its plugins
// (world_settings.h) and every non-static <model> (body_loader.h). Every problem is a LoadError
// naming file, line, element and value; warnings go to `diagnostics`.
#pragma once

#include <cstdint>
#include <string>

#include "leeway/core/error.h"
#include "leeway/world/model.h"

namespace leeway {

/// Loads the first <world> of an SDF file. `seed` is the run's seed: it realises the sea state
/// (unless the world fixes the sea's own seed), so a world plus a seed is one Model.
Model load_world_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed = 0);

/// Loads the first <world> of SDF text; `source_name` stands for the file in messages.
Model load_world_string(const std::string& sdf_text, const std::string& source_name,
                        Diagnostics& diagnostics, std::uint64_t seed = 0);

}  // namespace leeway
