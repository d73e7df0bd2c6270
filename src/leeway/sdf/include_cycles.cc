#include "leeway/sdf/include_cycles.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "leeway/core/error.h"

namespace leeway::sdfio {
namespace fs = std::filesystem;
namespace {

/// The SDF file a model folder stands for: its model.config's <sdf> of the highest version, else
/// model.sdf; the path itself when it is a file.
std::optional<fs::path> model_file(const fs::path& found) {
  std::error_code ec;
  if (fs::is_regular_file(found, ec)) return found;
  if (!fs::is_directory(found, ec)) return std::nullopt;
  tinyxml2::XMLDocument config;
  if (config.LoadFile((found / "model.config").c_str()) == tinyxml2::XML_SUCCESS) {
    const tinyxml2::XMLElement* model = config.FirstChildElement("model");
    const char* best = nullptr;
    double best_version = -1.0;
    for (const tinyxml2::XMLElement* s = model ? model->FirstChildElement("sdf") : nullptr; s;
         s = s->NextSiblingElement("sdf")) {
      const double version = s->DoubleAttribute("version", 0.0);
      if (s->GetText() && version > best_version) best = s->GetText(), best_version = version;
    }
    if (best) return found / best;
  }
  return found / "model.sdf";
}

struct Link {
  fs::path file;
  int line = 0;  ///< of the <include> that leads on
};

/// Every <include><uri> below `e`, with its line.
void collect_includes(const tinyxml2::XMLElement* e,
                      std::vector<std::pair<std::string, int>>& out) {
  for (const tinyxml2::XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    if (std::string_view(c->Name()) == "include") {
      const tinyxml2::XMLElement* uri = c->FirstChildElement("uri");
      if (uri && uri->GetText()) out.emplace_back(uri->GetText(), c->GetLineNum());
    } else {
      collect_includes(c, out);
    }
  }
}

std::string describe(const std::vector<Link>& chain, const fs::path& last) {
  std::string out;
  for (const Link& l : chain)
    out += fmt::format("{} (line {}) includes ", l.file.string(), l.line);
  return out + last.string();
}

/// Follows `file`'s includes depth first; `done` holds the files whose includes were all
/// followed already (a model included many times is read once).
void follow(const fs::path& file, const ResourcePaths& paths, std::vector<Link>& chain,
            std::set<fs::path>& done) {
  if (done.contains(file)) return;
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(file.c_str()) != tinyxml2::XML_SUCCESS || !doc.RootElement()) return;
  std::vector<std::pair<std::string, int>> includes;
  collect_includes(doc.RootElement(), includes);
  for (const auto& [uri, line] : includes) {
    std::error_code ec;
    std::optional<fs::path> found;
    if (const fs::path relative = file.parent_path() / uri;
        uri.find("://") == std::string::npos && fs::exists(relative, ec)) {
      found = relative;
    } else if (const auto resolved = resolve_resource(uri, paths)) {
      found = resolved->path;
    }
    const std::optional<fs::path> next = found ? model_file(*found) : std::nullopt;
    if (!next || !fs::is_regular_file(*next, ec)) continue;  // libsdformat says what is missing
    const fs::path canonical = fs::weakly_canonical(*next, ec);
    chain.push_back({file, line});
    for (const Link& l : chain) {
      if (l.file == canonical) {
        throw LoadError({file.string(), line, "include"},
                        fmt::format("'{}' closes a cycle of includes: {}; expected a model "
                                    "that does not include itself",
                                    uri, describe(chain, canonical)));
      }
    }
    if (static_cast<int>(chain.size()) >= kMaxIncludeDepth) {
      throw LoadError({file.string(), line, "include"},
                      fmt::format("includes nested {} deep: {}; expected at most {}", chain.size(),
                                  describe(chain, canonical), kMaxIncludeDepth));
    }
    follow(canonical, paths, chain, done);
    chain.pop_back();
  }
  done.insert(file);
}

}  // namespace

void check_include_cycles(const fs::path& world_file, const ResourcePaths& paths) {
  std::error_code ec;
  std::vector<Link> chain;
  std::set<fs::path> done;
  follow(fs::weakly_canonical(world_file, ec), paths, chain, done);
}

}  // namespace leeway::sdfio
