#include "leeway/sdf/element_reading.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include <fmt/ranges.h>

#include "leeway/core/text.h"
#include "leeway/sdf/resource_paths.h"

namespace leeway::sdfio {

namespace fs = std::filesystem;

namespace {

/// A short, readable element path: the XML path without sdformat's [@name=...] noise.
std::string short_path(const sdf::ElementPtr& element) {
  std::vector<std::string> parts;
  for (sdf::ElementPtr e = element; e; e = e->GetParent()) {
    std::string part = e->GetName();
    if (part == "sdf") break;
    if (e->HasAttribute("name")) {
      const std::string name = e->GetAttribute("name")->GetAsString();
      if (!name.empty()) part = fmt::format("{}[{}]", part, name);
    } else if (e->HasAttribute("filename")) {
      part = fmt::format("{}[{}]", part, e->GetAttribute("filename")->GetAsString());
    }
    parts.push_back(part);
  }
  std::reverse(parts.begin(), parts.end());
  return fmt::format("{}", fmt::join(parts, "/"));
}

/// Offset of the next opening tag `<name` (followed by white space, '>' or '/') at or after `from`.
std::size_t find_tag(const std::string& text, const std::string& name, std::size_t from) {
  const std::string open = "<" + name;
  for (std::size_t pos = text.find(open, from); pos != std::string::npos;
       pos = text.find(open, pos + 1)) {
    const std::size_t end = pos + open.size();
    if (end < text.size() && (std::isspace(static_cast<unsigned char>(text[end])) ||
                              text[end] == '>' || text[end] == '/')) {
      return pos;
    }
  }
  return std::string::npos;
}

/// The file `element` was written in. sdformat moves a <plugin> given in an <include> into the
/// included model and labels it, and all below it, with the model's file, though its lines are
/// the including file's; its XmlPath still says include, and the file is the one the model was
/// included from (the file of the model's parent).
std::string file_of(const sdf::ElementPtr& element) {
  for (sdf::ElementPtr e = element; e; e = e->GetParent()) {
    if (e->GetName() != "plugin" || e->XmlPath().find("/include[") == std::string::npos) continue;
    const sdf::ElementPtr model = e->GetParent();
    if (model && model->GetParent()) return model->GetParent()->FilePath();
  }
  return element->FilePath();
}

/// sdformat 12 records no line numbers for a plugin's children. Recover them from the file:
/// starting at the nearest ancestor that has a line, find each element's opening tag in turn,
/// skipping the earlier siblings of the same name. Falls back to the ancestor's line.
int recover_line(const sdf::ElementPtr& element) {
  std::vector<sdf::ElementPtr> chain;
  sdf::ElementPtr anchor = element;
  while (anchor && !anchor->LineNumber()) {
    chain.push_back(anchor);
    anchor = anchor->GetParent();
  }
  if (!anchor) return 0;
  const int anchor_line = *anchor->LineNumber();
  std::ifstream in(file_of(element));
  if (!in) return anchor_line;
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::size_t pos = 0;
  for (int line = 1; line < anchor_line && pos != std::string::npos; ++line) {
    pos = text.find('\n', pos);
    if (pos != std::string::npos) ++pos;
  }
  for (auto it = chain.rbegin(); it != chain.rend() && pos != std::string::npos; ++it) {
    const std::string& name = (*it)->GetName();
    int earlier_siblings = 0;
    for (sdf::ElementPtr sib = (*it)->GetParent()->GetFirstElement(); sib && sib != *it;
         sib = sib->GetNextElement()) {
      earlier_siblings += sib->GetName() == name;
    }
    for (int k = 0; k <= earlier_siblings && pos != std::string::npos; ++k) {
      pos = find_tag(text, name, k == 0 ? pos : pos + 1);
    }
  }
  if (pos == std::string::npos) return anchor_line;
  return 1 +
         static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
}

}  // namespace

SourceLocation location_of(const sdf::ElementPtr& element) {
  SourceLocation where;
  if (!element) return where;
  where.file = file_of(element);
  // sdformat converts a URDF in memory and labels what it made "urdf file", with no lines.
  if (where.file == "urdf file") where.file = "(a URDF converted by sdformat)";
  where.line = element->LineNumber().value_or(0);
  if (where.line == 0) where.line = recover_line(element);
  where.element = short_path(element);
  return where;
}

bool flag_or(const sdf::ElementPtr& parent, const char* name, bool fallback) {
  const sdf::ElementPtr e = optional_child(parent, name);
  return e ? read_bool(e) : fallback;
}

std::string attribute_of(const sdf::ElementPtr& e, const char* name) {
  const sdf::ParamPtr a = e->GetAttribute(name);
  return a ? a->GetAsString() : "";
}

std::string text_of(const sdf::ElementPtr& element) {
  const sdf::ParamPtr value = element->GetValue();
  return value ? std::string(trim_whitespace(value->GetAsString())) : std::string();
}

std::vector<double> read_numbers(const sdf::ElementPtr& element, std::size_t count,
                                 const std::string& expected) {
  const std::string text = text_of(element);
  std::vector<double> values;
  std::istringstream tokens(text);
  std::string token;
  while (tokens >> token) {
    double x = 0.0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), x);
    if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(x)) {
      throw LoadError(location_of(element),
                      fmt::format("got '{}', expected {} (finite numbers)", text, expected));
    }
    values.push_back(x);
  }
  if ((count == 0 && values.empty()) || (count != 0 && values.size() != count)) {
    throw LoadError(location_of(element),
                    fmt::format("got '{}' ({} value{}), expected {}", text, values.size(),
                                values.size() == 1 ? "" : "s", expected));
  }
  return values;
}

double read_number(const sdf::ElementPtr& element, const std::string& expected) {
  return read_numbers(element, 1, expected)[0];
}

Vec3 read_vec3(const sdf::ElementPtr& element, const std::string& expected) {
  const auto v = read_numbers(element, 3, expected);
  return {v[0], v[1], v[2]};
}

bool read_bool(const sdf::ElementPtr& element) {
  // Any case, as sdformat reads a bool (UUV Simulator's xacro writes Python's True, False).
  const std::string text = ascii_lowercase(text_of(element));
  if (text == "true" || text == "1") return true;
  if (text == "false" || text == "0") return false;
  throw LoadError(location_of(element),
                  fmt::format("got '{}', expected true, false, 1 or 0", text));
}

sdf::ElementPtr optional_child(const sdf::ElementPtr& parent, const std::string& name) {
  return parent->HasElement(name) ? parent->GetElement(name) : nullptr;
}

double read_number_at_least(const sdf::ElementPtr& element, double lo, bool strictly,
                            const std::string& what) {
  const double v = read_number(element, what);
  if (strictly ? v <= lo : v < lo) {
    throw LoadError(location_of(element),
                    fmt::format("got {}, expected {} {} {}", v, what, strictly ? ">" : ">=", lo));
  }
  return v;
}

void throw_unknown_keyword(const sdf::ElementPtr& element, const std::string& got,
                           const std::vector<std::string>& choices) {
  std::string expected = choices.empty() ? "" : choices.front();
  for (std::size_t i = 1; i < choices.size(); ++i) {
    expected += (i + 1 == choices.size() ? " or " : ", ") + choices[i];
  }
  throw LoadError(location_of(element), fmt::format("got '{}', expected {}", got, expected));
}

double read_number_in(const sdf::ElementPtr& element, double lo, double hi,
                      const std::string& what) {
  const double v = read_number(element, what);
  if (v < lo || v > hi) {
    throw LoadError(location_of(element),
                    fmt::format("got {}, expected {} in [{}, {}]", v, what, lo, hi));
  }
  return v;
}

void for_each_child(const sdf::ElementPtr& parent,
                    const std::function<void(const sdf::ElementPtr&)>& f) {
  for (sdf::ElementPtr child = parent->GetFirstElement(); child; child = child->GetNextElement()) {
    f(child);
  }
}

void reject_unknown_children(const sdf::ElementPtr& parent,
                             const std::function<bool(const std::string&)>& known,
                             const std::string& what_is_accepted) {
  for_each_child(parent, [&](const sdf::ElementPtr& child) {
    if (!known(child->GetName())) {
      throw LoadError(location_of(child),
                      fmt::format("unknown parameter <{}>; this plugin accepts {}",
                                  child->GetName(), what_is_accepted));
    }
  });
}

void reject_unknown_children(const sdf::ElementPtr& parent, const std::set<std::string>& known,
                             const std::string& what_is_accepted) {
  reject_unknown_children(
      parent, [&](const std::string& n) { return known.contains(n); }, what_is_accepted);
}

sdf::ElementPtr required_child(const sdf::ElementPtr& parent, const char* name, const char* what) {
  if (!parent->HasElement(name)) {
    throw LoadError(location_of(parent), fmt::format("missing <{}>, expected {}", name, what));
  }
  return parent->GetElement(name);
}

double required_positive(const sdf::ElementPtr& parent, const char* name, const char* what) {
  return read_number_at_least(required_child(parent, name, what), 0.0, true, what);
}

double number_or(const sdf::ElementPtr& parent, const char* name, double fallback, double lo,
                 bool strictly, const char* what) {
  const sdf::ElementPtr e = optional_child(parent, name);
  return e ? read_number_at_least(e, lo, strictly, what) : fallback;
}

Eigen::Isometry3d read_pose(const sdf::ElementPtr& element) {
  if (!element) return Eigen::Isometry3d::Identity();
  const std::vector<double> v = read_numbers(element, 6, "x y z roll pitch yaw [m, rad]");
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Vec3(v[0], v[1], v[2]);
  X.linear() = (Eigen::AngleAxisd(v[5], Vec3::UnitZ()) * Eigen::AngleAxisd(v[4], Vec3::UnitY()) *
                Eigen::AngleAxisd(v[3], Vec3::UnitX()))
                   .toRotationMatrix();
  return X;
}

int read_count_at_least(const sdf::ElementPtr& element, int lo, const std::string& what) {
  const double v = read_number(element, what);
  if (v != std::floor(v) || v < lo || v > 1e9) {
    throw LoadError(location_of(element),
                    fmt::format("got {}, expected {}: a whole number >= {}", v, what, lo));
  }
  return static_cast<int>(v);
}

int read_count_in(const sdf::ElementPtr& element, int lo, int hi, const std::string& what) {
  const double v = read_number(element, what);
  if (v != std::floor(v) || v < lo || v > hi) {
    throw LoadError(location_of(element), fmt::format("got {}, expected a whole number of {} in "
                                                      "[{}, {}]",
                                                      v, what, lo, hi));
  }
  return static_cast<int>(v);
}

namespace {

/// A relative `file://` path, found as the header says: beside the SDF file, in the model
/// folders, or in the SDF file's own model folder when it starts with that model's name (a Fuel
/// model, cached as NAME/VERSION/, writes file://NAME/meshes/...). Beside the SDF file when it is
/// nowhere, for the error to name.
fs::path find_relative(const fs::path& path, const fs::path& written_in) {
  std::vector<fs::path> candidates{written_in / path};
  for (const fs::path& folder : resource_paths_from_environment(written_in).model_folders)
    candidates.push_back(folder / path);
  const fs::path first = *path.begin();
  if (first == written_in.filename() || first == written_in.parent_path().filename())
    candidates.push_back(written_in / path.lexically_relative(first));
  std::error_code ec;
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate, ec)) return candidate;
  return candidates.front();
}

/// Why `uri` names no file: its model's folder was found and lacks the file (a mesh the model
/// does not ship), or the folder is on no path.
std::string unresolved_file(const std::string& uri, const ResourcePaths& paths) {
  if (uri.starts_with("model://")) {
    const std::string rest = uri.substr(8);
    const std::size_t slash = rest.find('/');
    if (slash != std::string::npos) {
      if (const auto folder = resolve_resource("model://" + rest.substr(0, slash), paths)) {
        return fmt::format(
            "no file '{}' in the folder '{}' of model '{}' (the model's folder was found; it "
            "does not hold the file)",
            rest.substr(slash + 1), folder->path.string(), rest.substr(0, slash));
      }
    }
  }
  return fmt::format(
      "no file '{}' in the model folders ({}) or the Fuel caches ({}); expected its model's "
      "folder on GZ_SIM_RESOURCE_PATH (or IGN_GAZEBO_RESOURCE_PATH, SDF_PATH, GAZEBO_MODEL_PATH)",
      uri, describe_folders(paths.model_folders), describe_folders(paths.fuel_caches));
}

}  // namespace

std::string resolve_file(const sdf::ElementPtr& file, bool or_folder) {
  const std::string text = text_of(file);
  const fs::path written_in = fs::path(file->FilePath()).parent_path();
  fs::path path;
  if (text.starts_with("file://")) {
    path = text.substr(7);
    if (path.is_relative()) path = find_relative(path, written_in);
  } else if (text.starts_with("model://") || parse_fuel_url(text)) {
    const ResourcePaths paths = resource_paths_from_environment(written_in);
    const auto found = resolve_resource(text, paths);
    if (!found) throw LoadError(location_of(file), unresolved_file(text, paths));
    path = found->path;
  } else {
    path = text;
    if (path.is_relative() && !written_in.empty()) path = written_in / path;
  }
  std::error_code ec;
  if (!fs::is_regular_file(path, ec) && !(or_folder && fs::is_directory(path, ec))) {
    throw LoadError(location_of(file), fmt::format("no such file '{}'", path.string()));
  }
  return path.string();
}

bool read_frame_is_frd(const sdf::ElementPtr& parent) {
  const sdf::ElementPtr e = optional_child(parent, "frame");
  if (!e) return false;
  const std::string f = text_of(e);
  if (f == "frd") return true;
  if (f == "flu") return false;
  throw LoadError(location_of(e), fmt::format("got '{}', expected flu or frd", f));
}

void require_perpendicular(const sdf::ElementPtr& where, const Vec3& a, const char* a_name,
                           const Vec3& b, const char* b_name) {
  if (std::abs(a.dot(b)) > 1e-6) {
    throw LoadError(location_of(where),
                    fmt::format("<{}> is not normal to <{}> (cosine {:.3g}); expected "
                                "perpendicular directions",
                                b_name, a_name, a.dot(b)));
  }
}

std::vector<double> read_increasing_numbers(const sdf::ElementPtr& e, const char* what) {
  std::vector<double> v = read_numbers(e, 0, what);
  if (v.size() < 2) throw LoadError(location_of(e), fmt::format("expected at least two {}", what));
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (!(v[i] > v[i - 1])) {
      throw LoadError(location_of(e),
                      fmt::format("{} is not above {} (place {}): expected {} strictly increasing",
                                  v[i], v[i - 1], i + 1, what));
    }
  }
  return v;
}

template <int N>
Eigen::Matrix<double, N, N> read_square_matrix(const sdf::ElementPtr& e, bool diagonal_ok) {
  const std::string expected =
      diagonal_ok ? fmt::format("{} (diagonal) or {} (row-major) numbers", N, N * N)
                  : fmt::format("{} numbers (a {}x{} matrix, row-major)", N * N, N, N);
  std::vector<double> v = read_numbers(e, 0, expected);
  Eigen::Matrix<double, N, N> M = Eigen::Matrix<double, N, N>::Zero();
  if (v.size() == N * N) {
    for (int i = 0; i < N * N; ++i)
      M(i / N, i % N) = v[static_cast<std::size_t>(i)];
  } else if (diagonal_ok && v.size() == N) {
    for (int i = 0; i < N; ++i)
      M(i, i) = v[static_cast<std::size_t>(i)];
  } else {
    throw LoadError(location_of(e), fmt::format("got '{}' ({} numbers), expected {}", text_of(e),
                                                v.size(), expected));
  }
  return M;
}
template Mat3 read_square_matrix<3>(const sdf::ElementPtr&, bool);
template Mat6 read_square_matrix<6>(const sdf::ElementPtr&, bool);

double any_number_or(const sdf::ElementPtr& parent, const char* name, double fallback,
                     const char* what) {
  const sdf::ElementPtr e = optional_child(parent, name);
  return e ? read_number(e, what) : fallback;
}

double read_density(const sdf::ElementPtr& e) {
  const double rho = read_number(e, "a fluid density in kg/m^3");
  if (rho <= 0.0) {
    throw LoadError(location_of(e), fmt::format("got {}, expected a density > 0 kg/m^3", rho));
  }
  return rho;
}

}  // namespace leeway::sdfio
