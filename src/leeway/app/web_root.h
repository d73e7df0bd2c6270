// Where the viewer's page and its libraries are (web/ gathered by the build into build/web):
// LEEWAY_WEB_ROOT in the environment if set, else the build's folder.
#pragma once

#include <cstdlib>
#include <string>

namespace leeway {

inline std::string viewer_web_root() {
  const char* set = std::getenv("LEEWAY_WEB_ROOT");
  return set != nullptr && set[0] != '\0' ? set : LEEWAY_WEB_ROOT;
}

}  // namespace leeway
