#pragma once

#include <string>

namespace leeway::sdfio {

/// True when a plugin's filename contains `filename_stem` (e.g. "hydrodynamics-system" matches
/// gz-sim-, ignition-gazebo- and lib...so spellings) or its name ends with `name_suffix`.
inline bool plugin_matches(const std::string& filename, const std::string& name,
                           const std::string& filename_stem, const std::string& name_suffix) {
  const bool name_match =
      name.size() >= name_suffix.size() &&
      name.compare(name.size() - name_suffix.size(), name_suffix.size(), name_suffix) == 0;
  return filename.find(filename_stem) != std::string::npos || name_match;
}

}  // namespace leeway::sdfio
