#include "leeway/sdf/resource_paths.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

#include "leeway/core/text.h"

namespace leeway::sdfio {
namespace fs = std::filesystem;
namespace {

void append_path_variable(const char* variable, std::vector<fs::path>& out) {
  const char* value = std::getenv(variable);
  if (!value) return;
  std::stringstream list(value);
  for (std::string folder; std::getline(list, folder, ':');) {
    if (!folder.empty()) out.emplace_back(folder);
  }
}

/// Undoes the URL escapes Fuel names carry (`%20` for a space, ...); a malformed escape stays.
std::string url_decoded(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

bool all_digits(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

bool is_api_version(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return std::isdigit(c) != 0 || c == '.';
  });
}

/// The version folder of a cached model: `version` itself, or the highest positive integer
/// folder when `version` is 0; only a folder holding model.config counts (as gz-fuel-tools).
std::optional<fs::path> version_folder(const fs::path& model, int version) {
  std::error_code ec;
  if (version > 0) {
    const fs::path folder = model / std::to_string(version);
    if (fs::is_regular_file(folder / "model.config", ec)) return folder;
    return std::nullopt;
  }
  std::optional<fs::path> best;
  long best_version = 0;
  for (const auto& entry : fs::directory_iterator(model, ec)) {
    const std::string name = entry.path().filename().string();
    if (!all_digits(name) || name.size() > 9) continue;
    const long v = std::stol(name);
    if (v > best_version && fs::is_regular_file(entry.path() / "model.config", ec)) {
      best_version = v;
      best = entry.path();
    }
  }
  return best;
}

std::optional<fs::path> in_model_folders(const std::string& relative,
                                         const std::vector<fs::path>& folders) {
  if (relative.empty()) return std::nullopt;
  std::error_code ec;
  for (const fs::path& folder : folders) {
    const fs::path candidate = folder / relative;
    if (fs::exists(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

std::optional<fs::path> in_fuel_caches(const FuelUrl& url, const std::vector<fs::path>& caches) {
  for (const fs::path& root : caches) {
    const fs::path model = root / url.host / url.owner / "models" / url.name;
    if (const auto folder = version_folder(model, url.version)) {
      if (url.file.empty()) return *folder;
      std::error_code ec;
      if (fs::exists(*folder / url.file, ec)) return *folder / url.file;
    }
  }
  return std::nullopt;
}

/// A model of this name in any cache, any host and owner (sorted, so the answer is always the
/// same one).
std::optional<fs::path> any_cached_model(const std::string& name,
                                         const std::vector<fs::path>& caches) {
  std::error_code ec;
  for (const fs::path& root : caches) {
    std::vector<fs::path> owners;
    for (const auto& host : fs::directory_iterator(root, ec)) {
      for (const auto& owner : fs::directory_iterator(host.path(), ec)) {
        owners.push_back(owner.path());
      }
    }
    std::sort(owners.begin(), owners.end());
    for (const fs::path& owner : owners) {
      if (const auto folder = version_folder(owner / "models" / ascii_lowercase(name), 0)) {
        return folder;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

ResourcePaths resource_paths_from_environment(const fs::path& world_dir) {
  ResourcePaths paths;
  for (const char* variable : {"LEEWAY_RESOURCE_PATH", "GZ_SIM_RESOURCE_PATH",
                               "IGN_GAZEBO_RESOURCE_PATH", "SDF_PATH", "GAZEBO_MODEL_PATH"}) {
    append_path_variable(variable, paths.model_folders);
  }
  if (!world_dir.empty()) {
    paths.model_folders.push_back(world_dir / "models");
    paths.model_folders.push_back(world_dir.parent_path() / "models");
  }
  append_path_variable("GZ_FUEL_CACHE_PATH", paths.fuel_caches);
  append_path_variable("IGN_FUEL_CACHE_PATH", paths.fuel_caches);
  if (const char* home = std::getenv("HOME"); home && *home) {
    paths.fuel_caches.push_back(fs::path(home) / ".gz" / "fuel");
    paths.fuel_caches.push_back(fs::path(home) / ".ignition" / "fuel");
  }
  return paths;
}

std::optional<FuelUrl> parse_fuel_url(const std::string& uri) {
  std::string rest;
  for (const char* scheme : {"https://", "http://"}) {
    if (uri.starts_with(scheme)) rest = uri.substr(std::string(scheme).size());
  }
  if (rest.empty()) return std::nullopt;
  std::vector<std::string> parts;
  std::stringstream segments(rest);
  for (std::string part; std::getline(segments, part, '/');) {
    if (!part.empty()) parts.push_back(part);
  }
  FuelUrl url;
  for (char c : parts.empty() ? std::string() : parts.front()) {
    url.host += c == ':' ? std::string("%3A") : c == '@' ? std::string("%40") : std::string(1, c);
  }
  std::size_t i = 1;
  if (i < parts.size() && is_api_version(parts[i])) ++i;  // "1.0" is not part of the cache path
  if (i + 2 >= parts.size() || ascii_lowercase(parts[i + 1]) != "models") return std::nullopt;
  url.owner = ascii_lowercase(url_decoded(parts[i]));
  url.name = ascii_lowercase(url_decoded(parts[i + 2]));
  i += 3;
  if (i < parts.size() && (all_digits(parts[i]) || parts[i] == "tip")) {
    if (parts[i] != "tip") {
      if (parts[i].size() > 9) return std::nullopt;
      url.version = std::stoi(parts[i]);
    }
    ++i;
  }
  if (i < parts.size()) {
    if (parts[i] != "files" || i + 1 >= parts.size()) return std::nullopt;
    std::vector<std::string> file(parts.begin() + static_cast<std::ptrdiff_t>(i) + 1, parts.end());
    url.file = url_decoded(fmt::format("{}", fmt::join(file, "/")));
  }
  return url;
}

std::optional<Resolved> resolve_resource(const std::string& uri, const ResourcePaths& paths) {
  if (const auto url = parse_fuel_url(uri)) {
    if (const auto found = in_fuel_caches(*url, paths.fuel_caches)) return Resolved{*found, false};
    return std::nullopt;
  }
  // gz-sim reads `file://PATH` as PATH: absolute, or searched for on the resource paths.
  const bool file_uri = uri.starts_with("file://");
  if (!file_uri && uri.find("://") != std::string::npos && !uri.starts_with("model://")) {
    return std::nullopt;
  }
  const std::string relative = uri.starts_with("model://") ? uri.substr(8)
                               : file_uri                  ? uri.substr(7)
                                                           : uri;
  if (fs::path(relative).is_absolute()) {  // sdformat has tried it already, unless a file://
    std::error_code ec;
    if (file_uri && fs::exists(relative, ec)) return Resolved{relative, false};
    return std::nullopt;
  }
  if (const auto found = in_model_folders(relative, paths.model_folders)) {
    return Resolved{*found, false};
  }
  if (!uri.starts_with("model://")) return std::nullopt;
  const std::string name = relative.substr(0, relative.find('/'));
  const std::string inside = relative.size() > name.size() ? relative.substr(name.size() + 1) : "";
  if (const auto cached = any_cached_model(name, paths.fuel_caches)) {
    std::error_code ec;
    const fs::path found = inside.empty() ? *cached : *cached / inside;
    if (fs::exists(found, ec)) return Resolved{found, true};
  }
  return std::nullopt;
}

std::string describe_folders(const std::vector<fs::path>& folders) {
  if (folders.empty()) return "nowhere";
  std::vector<std::string> names;
  for (const fs::path& f : folders)
    names.push_back(f.string());
  return fmt::format("{}", fmt::join(names, ":"));
}

}  // namespace leeway::sdfio
