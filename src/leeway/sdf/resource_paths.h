// Where a world's <include>s are found: the folders and Fuel caches gz-sim searches, in its order.
//
// A world written for gz-sim names the models it includes in three ways, and each is looked up
// where gz-sim would look it up:
// - `model://NAME[/PATH]` and a bare `NAME[/PATH]` (VRX writes `<uri>coast_waves</uri>`): in
//   each folder of LEEWAY_RESOURCE_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH,
//   SDF_PATH and GAZEBO_MODEL_PATH (Gazebo classic's, for UUV Simulator's worlds), colon-separated,
//   in that order, then `models/` beside the world and `../models/`.
// - A Gazebo Fuel URL, `https://HOST/1.0/OWNER/models/NAME[/VERSION|tip][/files/PATH]`: in the
//   local Fuel caches, laid out as gz-fuel-tools writes them
//   (`ROOT/HOST/OWNER/models/NAME/VERSION/`, owner and name lowercased, the highest integer
//   version holding a model.config when the URL names none or `tip`). The roots are
//   GZ_FUEL_CACHE_PATH, IGN_FUEL_CACHE_PATH, ~/.gz/fuel and ~/.ignition/fuel, in that order.
//   Leeway never downloads: a model missing from every cache is an error saying how to fetch it.
// - `model://NAME` that no folder holds, but a Fuel cache does (a cached model including its
//   siblings by name, as VRX's ground_station includes `model://tent`): the cached model, with a
//   warning, because gz-sim would not find it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace leeway::sdfio {

struct ResourcePaths {
  std::vector<std::filesystem::path> model_folders;  ///< model:// and bare names, in order
  std::vector<std::filesystem::path> fuel_caches;    ///< Fuel cache roots, in order
};

/// The folders and caches for a world in `world_dir`, from the environment (see above).
ResourcePaths resource_paths_from_environment(const std::filesystem::path& world_dir);

/// A Fuel URL taken apart. `version` is 0 for none or `tip` (the highest cached one).
struct FuelUrl {
  std::string host;   ///< as a cache folder name (':' and '@' escaped as gz-fuel-tools does)
  std::string owner;  ///< lowercased
  std::string name;   ///< lowercased, %20 decoded
  int version = 0;
  std::string file;  ///< the PATH after `/files/`, or empty for the model itself
};

/// Parses `https://HOST/1.0/OWNER/models/NAME[/VERSION|tip][/files/PATH]`; nullopt for any
/// other URI.
std::optional<FuelUrl> parse_fuel_url(const std::string& uri);

/// What a URI resolved to, and how: `fuel_fallback` is set when a model:// URI was answered
/// from a Fuel cache, which gz-sim would not do.
struct Resolved {
  std::filesystem::path path;
  bool fuel_fallback = false;
};

/// The folder (for a model) or file a URI names (`model://`, `file://`, bare, or a Fuel URL),
/// or nullopt when it is nowhere.
std::optional<Resolved> resolve_resource(const std::string& uri, const ResourcePaths& paths);

/// "folder:folder:..." for messages, or "nowhere" when there is none.
std::string describe_folders(const std::vector<std::filesystem::path>& folders);

}  // namespace leeway::sdfio
