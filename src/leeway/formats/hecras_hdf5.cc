#include "leeway/formats/hecras_hdf5.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <hdf5.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "leeway/core/error.h"

namespace leeway {
namespace {

constexpr const char* kAreas = "/Geometry/2D Flow Areas";
constexpr const char* kSeries =
    "/Results/Unsteady/Output/Output Blocks/Base Output/Unsteady Time Series";

/// An HDF5 identifier closed with its own close function.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() {
    if (id_ >= 0) close_(id_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

/// Silences HDF5's own error printing while a file is read; our errors say what went wrong.
class QuietHdf5 {
 public:
  QuietHdf5() {
    H5Eget_auto2(H5E_DEFAULT, &func_, &data_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  ~QuietHdf5() { H5Eset_auto2(H5E_DEFAULT, func_, data_); }
  QuietHdf5(const QuietHdf5&) = delete;
  QuietHdf5& operator=(const QuietHdf5&) = delete;

 private:
  H5E_auto2_t func_ = nullptr;
  void* data_ = nullptr;
};

struct Reader {
  std::string path;
  hid_t file;

  [[noreturn]] void fail(const std::string& dataset, const std::string& problem) const {
    throw LoadError({path, 0, dataset}, problem);
  }

  bool exists(const std::string& object) const {
    std::string prefix;
    for (std::size_t start = 1; start <= object.size();) {
      const std::size_t end = std::min(object.find('/', start), object.size());
      prefix = object.substr(0, end);
      if (H5Lexists(file, prefix.c_str(), H5P_DEFAULT) <= 0) return false;
      start = end + 1;
    }
    return true;
  }

  /// A dataset's values as doubles, and its shape.
  template <typename T>
  std::vector<T> read(const std::string& dataset, std::vector<hsize_t>& shape,
                      const std::string& missing_hint) const {
    if (!exists(dataset)) {
      fail(dataset, "no such dataset" + (missing_hint.empty() ? "" : "; " + missing_hint));
    }
    const Handle d(H5Dopen2(file, dataset.c_str(), H5P_DEFAULT), H5Dclose);
    if (!d.valid()) fail(dataset, "cannot open the dataset");
    const Handle space(H5Dget_space(d.get()), H5Sclose);
    const int rank = H5Sget_simple_extent_ndims(space.get());
    if (rank < 0) fail(dataset, "cannot read its shape");
    shape.assign(static_cast<std::size_t>(rank), 0);
    H5Sget_simple_extent_dims(space.get(), shape.data(), nullptr);
    const hsize_t n =
        std::accumulate(shape.begin(), shape.end(), hsize_t{1}, std::multiplies<hsize_t>());
    std::vector<T> v(n);
    const hid_t type = std::is_same_v<T, double> ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT;
    if (n > 0 && H5Dread(d.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) < 0) {
      fail(dataset, "cannot read its values as numbers");
    }
    return v;
  }

  std::vector<std::string> groups_in(const std::string& group) const {
    std::vector<std::string> names;
    if (!exists(group)) return names;
    const Handle g(H5Gopen2(file, group.c_str(), H5P_DEFAULT), H5Gclose);
    H5G_info_t info;
    if (!g.valid() || H5Gget_info(g.get(), &info) < 0) fail(group, "cannot open the group");
    for (hsize_t i = 0; i < info.nlinks; ++i) {
      const ssize_t length =
          H5Lget_name_by_idx(g.get(), ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
      std::string name(static_cast<std::size_t>(std::max<ssize_t>(length, 0)), '\0');
      H5Lget_name_by_idx(g.get(), ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size() + 1,
                         H5P_DEFAULT);
      // A group opens as one; a dataset (such as "Attributes") does not.
      const Handle child(H5Gopen2(g.get(), name.c_str(), H5P_DEFAULT), H5Gclose);
      if (child.valid()) {
        names.push_back(name);
      }
    }
    return names;
  }

  /// The root attribute "Units System", empty when absent or not a string.
  std::string units_system() const {
    if (H5Aexists(file, "Units System") <= 0) return {};
    const Handle a(H5Aopen(file, "Units System", H5P_DEFAULT), H5Aclose);
    const Handle type(H5Aget_type(a.get()), H5Tclose);
    if (H5Tget_class(type.get()) != H5T_STRING) return {};
    if (H5Tis_variable_str(type.get()) > 0) {
      char* text = nullptr;
      const Handle memory(H5Tcopy(H5T_C_S1), H5Tclose);
      H5Tset_size(memory.get(), H5T_VARIABLE);
      if (H5Aread(a.get(), memory.get(), &text) < 0 || text == nullptr) return {};
      std::string s(text);
      H5free_memory(text);
      return s;
    }
    std::string s(H5Tget_size(type.get()), '\0');
    if (H5Aread(a.get(), type.get(), s.data()) < 0) return {};
    return s.substr(0, s.find('\0'));
  }
};

/// Triangles covering a convex cell whose nodes come in any order.
void triangulate_cell(const std::vector<Eigen::Vector2d>& nodes, std::vector<int> cell,
                      std::vector<std::array<int, 3>>& triangles) {
  Eigen::Vector2d centroid = Eigen::Vector2d::Zero();
  for (int k : cell)
    centroid += nodes[k];
  centroid /= static_cast<double>(cell.size());
  std::sort(cell.begin(), cell.end(), [&](int a, int b) {
    const Eigen::Vector2d da = nodes[a] - centroid, db = nodes[b] - centroid;
    return std::atan2(da.y(), da.x()) < std::atan2(db.y(), db.x());
  });
  for (std::size_t k = 1; k + 1 < cell.size(); ++k)
    triangles.push_back({cell[0], cell[k], cell[k + 1]});
}

}  // namespace

HecRasField read_hecras_field(const std::string& path, const std::string& area_name) {
  const QuietHdf5 quiet;
  if (H5Fis_hdf5(path.c_str()) <= 0) throw LoadError({path, 0, ""}, "not an HDF5 file");
  const Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.valid()) throw LoadError({path, 0, ""}, "cannot open the HDF5 file");
  const Reader r{path, file.get()};

  HecRasField out;
  const std::vector<std::string> areas = r.groups_in(kAreas);
  if (area_name.empty()) {
    if (areas.size() != 1) {
      std::string list;
      for (const auto& a : areas)
        list += fmt::format("{}'{}'", list.empty() ? "" : ", ", a);
      r.fail(kAreas, fmt::format("{} 2-D flow areas ({}); expected one, or name it with <area>",
                                 areas.size(), list));
    }
    out.area = areas.front();
  } else {
    if (std::find(areas.begin(), areas.end(), area_name) == areas.end()) {
      r.fail(kAreas, fmt::format("no 2-D flow area '{}'", area_name));
    }
    out.area = area_name;
  }
  const std::string geometry = fmt::format("{}/{}", kAreas, out.area);
  const std::string results = fmt::format("{}/2D Flow Areas/{}", kSeries, out.area);
  const double length_scale = r.units_system() == "US Customary" ? 0.3048 : 1.0;

  std::vector<hsize_t> shape;
  const std::string coordinates_name = geometry + "/FacePoints Coordinate";
  const auto xy = r.read<double>(coordinates_name, shape, "");
  if (shape.size() != 2 || shape[1] != 2 || shape[0] < 3) {
    r.fail(coordinates_name, "expected an N x 2 array of node coordinates with N >= 3");
  }
  const std::size_t n_nodes = shape[0];
  std::vector<Eigen::Vector2d> nodes(n_nodes);
  for (std::size_t i = 0; i < n_nodes; ++i) {
    nodes[i] = length_scale * Eigen::Vector2d(xy[2 * i], xy[2 * i + 1]);
    if (!nodes[i].allFinite()) r.fail(coordinates_name, fmt::format("node {} is not finite", i));
  }

  const std::string cells_name = geometry + "/Cells FacePoint Indexes";
  const auto cells = r.read<int>(cells_name, shape, "");
  if (shape.size() != 2) r.fail(cells_name, "expected a cells x nodes-per-cell array");
  std::vector<std::array<int, 3>> triangles;
  for (std::size_t c = 0; c < shape[0]; ++c) {
    std::vector<int> cell;
    for (std::size_t k = 0; k < shape[1]; ++k) {
      const int node = cells[c * shape[1] + k];
      if (node < 0) continue;  // padding
      if (static_cast<std::size_t>(node) >= n_nodes) {
        r.fail(cells_name,
               fmt::format("cell {} uses node {}; there are {} face points", c, node, n_nodes));
      }
      if (std::find(cell.begin(), cell.end(), node) == cell.end()) cell.push_back(node);
    }
    if (cell.size() < 3) continue;  // a virtual perimeter cell
    triangulate_cell(nodes, std::move(cell), triangles);
    ++out.cells;
  }
  try {
    out.series.mesh = make_triangle_mesh(std::move(nodes), std::move(triangles));
  } catch (const std::invalid_argument& e) {
    r.fail(cells_name, e.what());
  }

  const std::string time_name = std::string(kSeries) + "/Time";
  auto& t = out.series.t;
  t = r.read<double>(time_name, shape, "expected the unsteady time series output");
  if (shape.size() != 1 || t.empty()) r.fail(time_name, "expected a 1-D array of times");
  for (std::size_t i = 0; i < t.size(); ++i) {
    t[i] *= 86400.0;  // days
    if (!std::isfinite(t[i]) || (i > 0 && !(t[i] > t[i - 1]))) {
      r.fail(time_name, fmt::format("time {} ({} days) is not finite or does not increase", i,
                                    t[i] / 86400.0));
    }
  }

  const std::string hint = "enable the node velocity output in the plan's output options";
  std::vector<hsize_t> shape_y;
  const std::string vx_name = results + "/Node X Vel", vy_name = results + "/Node Y Vel";
  const auto vx = r.read<double>(vx_name, shape, hint);
  const auto vy = r.read<double>(vy_name, shape_y, hint);
  for (const auto& [name, s] : {std::pair{vx_name, shape}, std::pair{vy_name, shape_y}}) {
    if (s.size() != 2 || s[0] != t.size() || s[1] != n_nodes) {
      r.fail(name, fmt::format("shape {}; expected {} times x {} nodes", fmt::join(s, " x "),
                               t.size(), n_nodes));
    }
  }
  auto& values = out.series.values;
  values.resize(vx.size());
  for (std::size_t i = 0; i < vx.size(); ++i) {
    values[i] = Vec3(vx[i], vy[i], 0.0) * length_scale;
    if (!values[i].allFinite()) {
      r.fail(vx_name,
             fmt::format("velocity at time {} node {} is not finite", i / n_nodes, i % n_nodes));
    }
  }
  return out;
}

}  // namespace leeway
