#include "leeway/transport/foxglove/scene_json.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "leeway/core/overloaded.h"
#include "leeway/env/bathymetry.h"
#include "leeway/env/wave_field.h"
#include "leeway/formats/mesh_file.h"
#include "leeway/transport/foxglove/json_text.h"
#include "leeway/transport/ros2/ros_names.h"

namespace leeway {
namespace {

namespace jt = json_text;

/// {"r":..,"g":..,"b":..,"a":..}
struct Color {
  double r, g, b, a;
};
void color(std::string& out, const Color& c) {
  fmt::format_to(std::back_inserter(out), R"({{"r":{},"g":{},"b":{},"a":{}}})", c.r, c.g, c.b, c.a);
}
constexpr Color kVessel{0.93, 0.53, 0.16, 1.0};  // safety orange
constexpr Color kStatic{0.75, 0.75, 0.72, 1.0};
constexpr Color kHull{0.85, 0.85, 0.82, 1.0};
constexpr Color kGoal{0.2, 0.85, 0.35, 0.9};
constexpr Color kSea{0.06, 0.3, 0.45, 0.9};
constexpr Color kSeabed{0.55, 0.47, 0.33, 1.0};
constexpr Color kThrust{1.0, 0.85, 0.2, 0.9};

/// The seabed within `half_size` [m] of (cx, cy) as an indexed triangle list on an n x n grid of
/// cells; land (NaN) leaves its cells out. Empty when none of it is seabed.
std::string seabed_triangles(const Bathymetry& bathymetry, double cx, double cy, double half_size,
                             int n) {
  const double h = 2 * half_size / n;
  std::vector<int> index((n + 1) * (n + 1), -1);
  std::string points, indices;
  int count = 0;
  for (int j = 0; j <= n; ++j) {
    for (int i = 0; i <= n; ++i) {
      const double x = cx - half_size + i * h, y = cy - half_size + j * h;
      const double z = seabed_height(bathymetry, x, y);
      if (!std::isfinite(z)) continue;
      index[j * (n + 1) + i] = count++;
      fmt::format_to(std::back_inserter(points), R"({}{{"x":{:.2f},"y":{:.2f},"z":{:.2f}}})",
                     points.empty() ? "" : ",", x, y, z);
    }
  }
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const int a = index[j * (n + 1) + i], b = index[j * (n + 1) + i + 1];
      const int c = index[(j + 1) * (n + 1) + i], d = index[(j + 1) * (n + 1) + i + 1];
      if (a < 0 || b < 0 || c < 0 || d < 0) continue;
      fmt::format_to(std::back_inserter(indices), "{}{},{},{},{},{},{}", indices.empty() ? "" : ",",
                     a, b, d, a, d, c);
    }
  }
  if (indices.empty()) return {};
  std::string s =
      R"({"pose":{"position":{"x":0,"y":0,"z":0},"orientation":{"x":0,"y":0,"z":0,"w":1}},"points":[)";
  s += points;
  s += R"(],"color":)";
  color(s, kSeabed);
  s += R"(,"colors":[],"indices":[)" + indices + "]}";
  return s;
}

/// A thruster's thrust as an arrow in its body's frame, from the propeller along the force it
/// exerts, 0.4 ln(1 + |T| / 20 N) m long: tens of newtons and thousands both show.
std::string thrust_arrow(const ThrusterPose& pose, double thrust) {
  const double length = 0.4 * std::log1p(std::abs(thrust) / 20.0);
  const Vec3 direction = thrust >= 0.0 ? pose.axis_B : Vec3(-pose.axis_B);
  const Quat q = Quat::FromTwoVectors(Vec3::UnitX(), direction);
  std::string s = R"({"pose":)";
  json_text::pose(s, pose.p_BoP_B, q);
  fmt::format_to(
      std::back_inserter(s),
      R"(,"shaft_length":{:.3f},"shaft_diameter":0.06,"head_length":{:.3f},"head_diameter":0.16,"color":)",
      0.75 * length, 0.25 * length);
  color(s, kThrust);
  s += '}';
  return s;
}

/// A foxglove.SceneEntity's head; the primitives' arrays follow, then close_entity().
void open_entity(std::string& out, double t, std::string_view frame, std::string_view id) {
  jt::stamped(out, t, frame);
  jt::key(out, "id");
  jt::string(out, id);
  out += R"(,"lifetime":{"sec":0,"nsec":0},"frame_locked":true,"metadata":[])";
}

/// The primitives of one entity, gathered by kind: foxglove.SceneEntity lists each kind apart.
struct Primitives {
  std::string arrows, cubes, spheres, cylinders, lines, triangles, texts;

  static void append(std::string& list, const std::string& item) {
    if (!list.empty()) list += ',';
    list += item;
  }
  /// The entity's primitive arrays, closing it.
  std::string text() const {
    return fmt::format(
        R"(,"arrows":[{}],"cubes":[{}],"spheres":[{}],"cylinders":[{}],"lines":[{}],)"
        R"("triangles":[{}],"texts":[{}],"models":[]}})",
        arrows, cubes, spheres, cylinders, lines, triangles, texts);
  }
  void write(std::string& out) const { out += text(); }
};

/// A box, sphere or cylinder primitive: pose, size (and a cylinder's scales), colour.
std::string primitive(const Eigen::Isometry3d& X, const Vec3& size, const Color& c,
                      const char* extra = "") {
  std::string s = R"({"pose":)";
  jt::pose(s, X.translation(), Quat(X.linear()));
  jt::key(s, "size");
  jt::vec3(s, size);
  s += extra;
  jt::key(s, "color");
  color(s, c);
  s += '}';
  return s;
}

void add_shape(Primitives& p, const ConvexShape& shape, const Eigen::Isometry3d& X,
               const Color& c) {
  constexpr const char* kCylinder = R"(,"bottom_scale":1,"top_scale":1)";
  std::visit(
      Overloaded{
          [&](const Sphere& s) {
            p.append(p.spheres, primitive(X, Vec3::Constant(2 * s.radius), c));
          },
          [&](const Box& b) { p.append(p.cubes, primitive(X, 2 * b.half_size, c)); },
          [&](const Cylinder& s) {
            p.append(p.cylinders, primitive(X, Vec3(2 * s.radius, 2 * s.radius, 2 * s.half_length),
                                            c, kCylinder));
          },
          [&](const Capsule& s) {
            p.append(p.cylinders, primitive(X, Vec3(2 * s.radius, 2 * s.radius, 2 * s.half_length),
                                            c, kCylinder));
            for (const double end : {-s.half_length, s.half_length}) {
              Eigen::Isometry3d cap = X;
              cap.translate(Vec3(0, 0, end));
              p.append(p.spheres, primitive(cap, Vec3::Constant(2 * s.radius), c));
            }
          },
          [&](const Ellipsoid& e) { p.append(p.spheres, primitive(X, 2 * e.semi_axes, c)); },
          [&](const Cone& s) {
            p.append(p.cylinders, primitive(X, Vec3(2 * s.radius, 2 * s.radius, 2 * s.half_length),
                                            c, R"(,"bottom_scale":1,"top_scale":0)"));
          }},
      shape);
}

/// A triangle mesh as an indexed triangle list, at pose X in its entity's frame.
std::string triangles(const Eigen::Isometry3d& X, const std::vector<Vec3>& points,
                      const std::vector<std::array<std::uint32_t, 3>>& faces, const Color& c) {
  std::string s = R"({"pose":)";
  jt::pose(s, X.translation(), Quat(X.linear()));
  s += R"(,"points":[)";
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Vec3& v = points[i];
    fmt::format_to(std::back_inserter(s), R"({}{{"x":{:.4f},"y":{:.4f},"z":{:.4f}}})",
                   i == 0 ? "" : ",", v.x(), v.y(), v.z());
  }
  s += R"(],"color":)";
  color(s, c);
  s += R"(,"colors":[],"indices":[)";
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const auto& t = faces[f];
    fmt::format_to(std::back_inserter(s), "{}{},{},{}", f == 0 ? "" : ",", t[0], t[1], t[2]);
  }
  s += "]}";
  return s;
}

Color color_of(const Rgba& c, float opacity) {
  return {c.r, c.g, c.b, c.a * opacity};
}

/// The mesh files the visuals draw, each read once however many visuals use it (a VRX dock is
/// dozens of one block); a file that cannot be read is said in `warnings` and draws nothing.
class MeshCache {
 public:
  const std::vector<MeshPart>* parts(const VisualMesh& mesh, std::vector<std::string>& warnings) {
    const auto key = std::make_tuple(mesh.path, mesh.scale.x(), mesh.scale.y(), mesh.scale.z(),
                                     mesh.submesh, mesh.center_submesh);
    auto it = parts_.find(key);
    if (it == parts_.end()) {
      std::optional<std::vector<MeshPart>> read;
      try {
        read = read_mesh_parts(mesh);
      } catch (const std::runtime_error& error) {
        warnings.push_back(fmt::format("{}: mesh '{}' is not drawn: {}", mesh.where.str(),
                                       mesh.path, error.what()));
      }
      it = parts_.emplace(key, std::move(read)).first;
    }
    return it->second ? &*it->second : nullptr;
  }

 private:
  using Key = std::tuple<std::string, double, double, double, std::string, bool>;
  std::map<Key, std::optional<std::vector<MeshPart>>> parts_;
};

void add_visual(Primitives& p, const Visual& v, MeshCache& meshes,
                std::vector<std::string>& warnings) {
  const Color plain = color_of(v.color.value_or(Rgba{}), v.opacity);
  std::visit(
      Overloaded{
          [&](const ConvexShape& shape) { add_shape(p, shape, v.X_BV, plain); },
          [&](const VisualPlane& plane) {
            p.append(p.cubes, primitive(v.X_BV, Vec3(plane.size_x, plane.size_y, 0.001), plain));
          },
          [&](const VisualMesh& mesh) {
            const std::vector<MeshPart>* parts = meshes.parts(mesh, warnings);
            if (!parts) return;
            for (const MeshPart& part : *parts) {
              p.append(p.triangles, triangles(v.X_BV, part.vertices, part.faces,
                                              color_of(v.color.value_or(part.color), v.opacity)));
            }
          }},
      v.geometry);
}

}  // namespace

SceneJson::SceneJson(const Scenario& scenario, int focus_body, int sea_cells, double sea_size,
                     std::vector<std::string>& warnings)
    : scenario_(scenario), focus_body_(focus_body), cells_(sea_cells), size_(sea_size) {
  const Model& model = scenario.model;
  // A model is drawn by its visuals; one that has none, by its collision shapes and hull mesh.
  std::set<std::string> drawn;
  MeshCache meshes;
  for (std::size_t i = 0; i < model.visuals.size();) {
    const Visual& first = model.visuals[i];
    Primitives p;
    for (; i < model.visuals.size() && model.visuals[i].model_name == first.model_name; ++i)
      add_visual(p, model.visuals[i], meshes, warnings);
    entities_.push_back(
        {ros_body_frame(model, first.body), "visuals/" + first.model_name, p.text()});
    drawn.insert(first.model_name);
  }
  for (const Collider& c : model.colliders) {
    if (drawn.count(c.model_name)) continue;
    Primitives p;
    for (const CollisionShape& s : c.shapes) {
      add_shape(p, s.shape, c.body >= 0 ? s.X_BS : c.X_WB * s.X_BS,
                c.body >= 0 ? kVessel : kStatic);
    }
    entities_.push_back({ros_body_frame(model, c.body), "shapes/" + c.model_name, p.text()});
  }
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& b = model.bodies[i];
    if (!b.mesh_hydrostatics || drawn.count(b.model_name)) continue;
    Primitives p;
    p.triangles = triangles(Eigen::Isometry3d::Identity(), b.mesh_hydrostatics->mesh.p_BoV,
                            b.mesh_hydrostatics->mesh.faces, kHull);
    entities_.push_back(
        {ros_body_frame(model, static_cast<int>(i)), "hull/" + b.model_name, p.text()});
  }
}

void SceneJson::scene(std::string& out, double t) const {
  const Model& model = scenario_.model;
  out = R"({"deletions":[],"entities":[)";
  bool first = true;
  const auto entity = [&](std::string_view frame, std::string_view id, const Primitives& p) {
    if (!first) out += ',';
    first = false;
    open_entity(out, t, frame, id);
    p.write(out);
  };
  for (const Prepared& e : entities_) {
    if (!first) out += ',';
    first = false;
    open_entity(out, t, e.frame, e.id);
    out += e.primitives;
  }
  if (model.environment.bathymetry && focus_body_ >= 0) {
    // The seabed about the vessel's start: 300 m square, 5 m cells.
    const Vec3& p_WB0 = model.bodies[static_cast<std::size_t>(focus_body_)].p_WB0;
    Primitives p;
    p.triangles = seabed_triangles(*model.environment.bathymetry, p_WB0.x(), p_WB0.y(), 150.0, 60);
    if (!p.triangles.empty()) entity("world", "seabed", p);
  }
  for (const TaskModel& task : scenario_.tasks) {
    Primitives p;
    std::string path = R"({"type":0,"pose":{"position":{"x":0,"y":0,"z":0},)"
                       R"("orientation":{"x":0,"y":0,"z":0,"w":1}},"thickness":0.15,)"
                       R"("scale_invariant":false,"points":[)";
    for (std::size_t g = 0; g < task.goals.size(); ++g) {
      const TaskGoal& goal = task.goals[g];
      const Vec3 p_W(goal.p_W.x(), goal.p_W.y(), model.environment.surface_level + 0.3);
      Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
      X.translation() = p_W;
      X.linear() = Eigen::AngleAxisd(goal.yaw, Vec3::UnitZ()).toRotationMatrix();
      std::string arrow = R"({"pose":)";
      jt::pose(arrow, p_W, Quat(X.linear()));
      arrow +=
          R"(,"shaft_length":2,"shaft_diameter":0.25,"head_length":1,"head_diameter":0.6,"color":)";
      color(arrow, kGoal);
      arrow += '}';
      p.append(p.arrows, arrow);
      std::string text = R"({"pose":)";
      jt::pose(text, p_W + Vec3(0, 0, 1.5), Quat::Identity());
      text += R"(,"billboard":true,"font_size":14,"scale_invariant":true,"color":)";
      color(text, kGoal);
      jt::key(text, "text");
      jt::string(text, task.goals.size() == 1 ? task.name : fmt::format("{} {}", task.name, g + 1));
      text += '}';
      p.append(p.texts, text);
      if (g > 0) path += ',';
      jt::vec3(path, p_W);
    }
    path += R"(],"color":)";
    color(path, kGoal);
    path += R"(,"colors":[],"indices":[]})";
    if (task.goals.size() > 1) p.lines = path;
    entity("world", "task/" + task.name, p);
  }
  out += "]}";
}

void SceneJson::markers(std::string& out, const Simulation& sim) const {
  const Model& model = sim.model();
  const State& state = sim.state();
  const StepData& data = sim.data();
  const double t = state.t;
  out = R"({"deletions":[],"entities":[)";
  bool first = true;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const BodyModel& body = model.bodies[i];
    if (body.thrusters.empty()) continue;
    Primitives p;
    for (const Thruster& thruster : body.thrusters) {
      const double azimuth =
          thruster.azimuth_actuator >= 0
              ? state.actuators[static_cast<std::size_t>(thruster.azimuth_actuator)]
              : 0.0;
      const double thrust = data.actuator_loads[static_cast<std::size_t>(thruster.actuator)].thrust;
      p.append(p.arrows, thrust_arrow(thruster_pose(thruster, azimuth), thrust));
    }
    if (!first) out += ',';
    first = false;
    open_entity(out, t, ros_body_frame(model, static_cast<int>(i)), "thrust/" + body.model_name);
    p.write(out);
  }
  out += "]}";
}

void SceneJson::sea(std::string& out, const Simulation& sim) {
  const Model& model = sim.model();
  const State& state = sim.state();
  const double t = state.t;
  // A grid about the vessel, snapped to the grid's spacing so that it does not swim
  // under it; each vertex the Gerstner point of its calm-water position
  // (gerstner_grid: a sine and cosine per component per row, not per point).
  const int n = cells_;
  const double h = size_ / n;
  const Vec3 focus =
      focus_body_ < 0 ? Vec3::Zero() : state.bodies[static_cast<std::size_t>(focus_body_)].p_WB;
  const double x0 = std::round(focus.x() / h) * h - 0.5 * size_;
  const double y0 = std::round(focus.y() / h) * h - 0.5 * size_;
  const std::optional<WaveField>& waves = model.environment.waves;
  out = R"({"deletions":[],"entities":[)";
  open_entity(out, t, "world", "sea");
  out += R"(,"arrows":[],"cubes":[],"spheres":[],"cylinders":[],"lines":[],"triangles":[)"
         R"({"pose":{"position":{"x":0,"y":0,"z":0},"orientation":{"x":0,"y":0,"z":0,"w":1}},)"
         R"("points":[)";
  sea_points_.resize(static_cast<std::size_t>((n + 1) * (n + 1)));
  if (waves) {
    gerstner_grid(*waves, x0, y0, h, n, t, sea_points_);
  } else {
    for (std::size_t p = 0; p < sea_points_.size(); ++p) {
      sea_points_[p] = Vec3(x0 + static_cast<double>(p % static_cast<std::size_t>(n + 1)) * h,
                            y0 + static_cast<double>(p / static_cast<std::size_t>(n + 1)) * h,
                            model.environment.surface_level);
    }
  }
  for (std::size_t p = 0; p < sea_points_.size(); ++p) {
    fmt::format_to(std::back_inserter(out), R"({}{{"x":{:.3f},"y":{:.3f},"z":{:.3f}}})",
                   p == 0 ? "" : ",", sea_points_[p].x(), sea_points_[p].y(), sea_points_[p].z());
  }
  out += R"(],"color":)";
  color(out, kSea);
  out += R"(,"colors":[],"indices":[)";
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const int a = j * (n + 1) + i, b1 = a + 1, c1 = a + n + 1, d = c1 + 1;
      fmt::format_to(std::back_inserter(out), "{}{},{},{},{},{},{}", i + j == 0 ? "" : ",", a, b1,
                     d, a, d, c1);
    }
  }
  out += R"(]}],"texts":[],"models":[]}]})";
}

}  // namespace leeway
