// Where the viewer's page and its libraries are (web/ gathered by the build into build/web):
// LEEWAY_WEB_ROOT in the environment if set, else the build's folder.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

namespace leeway {

inline std::string viewer_web_root() {
  const char* set = std::getenv("LEEWAY_WEB_ROOT");
  return set != nullptr && set[0] != '\0' ? set : LEEWAY_WEB_ROOT;
}

/// The folder a server serves the page from: viewer_web_root() if it holds the page; otherwise
/// empty, with a warning that `command` serves the WebSocket alone.
inline std::string served_page_root(std::string_view command) {
  const std::string root = viewer_web_root();
  if (std::filesystem::exists(std::filesystem::path(root) / "index.html")) return root;
  fmt::print(stderr,
             "warning: {}: no viewer page in '{}' (run `make build`, or set LEEWAY_WEB_ROOT): "
             "serving the WebSocket alone\n",
             command, root);
  return {};
}

}  // namespace leeway
