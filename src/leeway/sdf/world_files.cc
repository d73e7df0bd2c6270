#include "leeway/sdf/world_files.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sdf/xml_file.h"

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

/// Every <include><uri> below `e`, with its line; `models` counts the <model>s met.
void collect_includes(const tinyxml2::XMLElement* e, std::vector<std::pair<std::string, int>>& out,
                      std::size_t& models) {
  for (const tinyxml2::XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
    if (std::string_view(c->Name()) == "include") {
      const tinyxml2::XMLElement* uri = c->FirstChildElement("uri");
      if (uri && uri->GetText()) out.emplace_back(uri->GetText(), c->GetLineNum());
    } else {
      if (std::string_view(c->Name()) == "model") ++models;
      collect_includes(c, out, models);
    }
  }
}

/// The root's <sdf version>, as the file header describes.
void check_version(const tinyxml2::XMLElement& root, const fs::path& file,
                   Diagnostics& diagnostics) {
  if (std::string_view(root.Name()) != "sdf") return;  // URDF, or libsdformat's to refuse
  const char* text = root.Attribute("version");
  if (text == nullptr) return;  // libsdformat names what is missing
  const std::string version = text;
  const SourceLocation where{file.string(), root.GetLineNum(), "sdf"};
  static const std::set<std::string> read{"1.0", "1.2", "1.3", "1.4", "1.5",
                                          "1.6", "1.7", "1.8", "1.9"};
  static const std::set<std::string> newer{"1.10", "1.11", "1.12"};
  if (read.contains(version)) return;
  if (newer.contains(version)) {
    diagnostics.warn_once("sdf version " + version, where,
                          fmt::format("SDF version {} is newer than the 1.9 libsdformat 12 reads: "
                                      "the file is read as 1.9, and what {} added is not read",
                                      version, version));
    return;
  }
  throw LoadError(where, fmt::format("SDF version '{}'; expected one libsdformat 12 reads, 1.0 "
                                     "to 1.9 (or 1.10 to 1.12, read as 1.9)",
                                     version));
}

/// Two <model>s (or <include>s with a <name>) of one name among the children of `parent`.
void check_model_names(const tinyxml2::XMLElement& parent, const fs::path& file) {
  std::map<std::string, int> seen;  // name -> line
  for (const tinyxml2::XMLElement* c = parent.FirstChildElement(); c; c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    const char* name = nullptr;
    if (tag == "model") {
      name = c->Attribute("name");
      check_model_names(*c, file);
    } else if (tag == "include") {
      const tinyxml2::XMLElement* n = c->FirstChildElement("name");
      name = n ? n->GetText() : nullptr;
    } else if (tag == "world") {
      check_model_names(*c, file);
    }
    if (name == nullptr) continue;
    const auto [it, first] = seen.emplace(name, c->GetLineNum());
    if (!first) {
      throw LoadError({file.string(), c->GetLineNum(), std::string(tag)},
                      fmt::format("a second model named '{}' in <{}> (the first is at line {}); "
                                  "expected a name of its own",
                                  name, parent.Name(), it->second));
    }
  }
}

std::string describe(const std::vector<Link>& chain, const fs::path& last) {
  std::string out;
  for (const Link& l : chain)
    out += fmt::format("{} (line {}) includes ", l.file.string(), l.line);
  return out + last.string();
}

std::size_t follow(const fs::path& file, const ResourcePaths& paths, std::vector<Link>& chain,
                   std::map<fs::path, std::size_t>& done, Diagnostics& diagnostics);

/// Checks the document `root` of `file` and follows its includes depth first (a relative URI
/// against `folder` first); the <model>s libsdformat will read for it (an include counted each
/// time it is met).
std::size_t follow_document(const tinyxml2::XMLElement& root, const fs::path& file,
                            const fs::path& folder, const ResourcePaths& paths,
                            std::vector<Link>& chain, std::map<fs::path, std::size_t>& done,
                            Diagnostics& diagnostics) {
  check_version(root, file, diagnostics);
  check_model_names(root, file);
  std::vector<std::pair<std::string, int>> includes;
  std::size_t models = 0;
  collect_includes(&root, includes, models);
  for (const auto& [uri, line] : includes) {
    std::error_code ec;
    std::optional<fs::path> found;
    if (const fs::path relative = folder / uri;
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
    models += follow(canonical, paths, chain, done, diagnostics);
    chain.pop_back();
  }
  return models;
}

/// follow_document() for the file `file`. `done` holds the files whose includes were all
/// followed already, with their count (a model included many times is read once here).
std::size_t follow(const fs::path& file, const ResourcePaths& paths, std::vector<Link>& chain,
                   std::map<fs::path, std::size_t>& done, Diagnostics& diagnostics) {
  if (const auto it = done.find(file); it != done.end()) return it->second;
  tinyxml2::XMLDocument doc;
  load_xml_file(file, doc);
  const std::size_t models = doc.RootElement()
                                 ? follow_document(*doc.RootElement(), file, file.parent_path(),
                                                   paths, chain, done, diagnostics)
                                 : 0;
  done.emplace(file, models);
  return models;
}

}  // namespace

std::size_t check_world_files(const fs::path& world_file, const ResourcePaths& paths,
                              Diagnostics& diagnostics) {
  std::error_code ec;
  std::vector<Link> chain;
  std::map<fs::path, std::size_t> done;
  return follow(fs::weakly_canonical(world_file, ec), paths, chain, done, diagnostics);
}

std::size_t check_world_text(const std::string& text, const std::string& name,
                             const fs::path& folder, const ResourcePaths& paths,
                             Diagnostics& diagnostics) {
  tinyxml2::XMLDocument doc;
  parse_xml(text, name, doc);
  if (!doc.RootElement()) return 0;
  std::vector<Link> chain;
  std::map<fs::path, std::size_t> done;
  return follow_document(*doc.RootElement(), name, folder, paths, chain, done, diagnostics);
}

}  // namespace leeway::sdfio
