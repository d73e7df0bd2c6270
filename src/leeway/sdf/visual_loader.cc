#include "leeway/sdf/visual_loader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <iterator>
#include <sdf/Geometry.hh>
#include <sdf/Link.hh>
#include <sdf/Mesh.hh>
#include <sdf/Plane.hh>
#include <sdf/Visual.hh>
#include <sstream>
#include <string_view>

#include "leeway/formats/ogre_material.h"
#include "leeway/sdf/collision_shape.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {
namespace {

/// The diffuse colours of Gazebo's stock material scripts (gazebo.material), which gz-sim
/// still draws for <script><name>Gazebo/...</name>.
constexpr std::array<std::pair<std::string_view, Rgba>, 16> kGazeboScripts{{
    {"Gazebo/Grey", {0.7f, 0.7f, 0.7f, 1.0f}},
    {"Gazebo/DarkGrey", {0.175f, 0.175f, 0.175f, 1.0f}},
    {"Gazebo/White", {1.0f, 1.0f, 1.0f, 1.0f}},
    {"Gazebo/FlatBlack", {0.1f, 0.1f, 0.1f, 1.0f}},
    {"Gazebo/Black", {0.0f, 0.0f, 0.0f, 1.0f}},
    {"Gazebo/Red", {1.0f, 0.0f, 0.0f, 1.0f}},
    {"Gazebo/RedBright", {0.87f, 0.26f, 0.07f, 1.0f}},
    {"Gazebo/Green", {0.0f, 1.0f, 0.0f, 1.0f}},
    {"Gazebo/Blue", {0.0f, 0.0f, 1.0f, 1.0f}},
    {"Gazebo/SkyBlue", {0.53f, 0.81f, 0.92f, 1.0f}},
    {"Gazebo/Yellow", {1.0f, 1.0f, 0.0f, 1.0f}},
    {"Gazebo/Orange", {1.0f, 0.5088f, 0.0468f, 1.0f}},
    {"Gazebo/Purple", {1.0f, 0.0f, 1.0f, 1.0f}},
    {"Gazebo/Turquoise", {0.0f, 1.0f, 1.0f, 1.0f}},
    {"Gazebo/Gold", {0.8f, 0.64f, 0.0f, 1.0f}},
    {"Gazebo/Indigo", {0.33f, 0.0f, 0.5f, 1.0f}},
}};

/// `element`'s colour, "r g b" or "r g b a", each channel checked to lie in [0, 1].
Rgba read_color(const sdf::ElementPtr& element) {
  std::istringstream tokens(text_of(element));
  const auto count = std::distance(std::istream_iterator<std::string>(tokens), {});
  std::vector<double> v =
      read_numbers(element, count == 3 ? 3 : 4, "a colour: r g b a, each in [0, 1]");
  if (v.size() == 3) v.push_back(1.0);
  for (const double x : v) {
    if (!(x >= 0.0 && x <= 1.0)) {
      throw LoadError(location_of(element),
                      fmt::format("got {}, expected a colour: r g b a, each in [0, 1]", x));
    }
  }
  return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]),
          static_cast<float>(v[3])};
}

/// What a visual's material gives: a colour, an image.
struct Look {
  std::optional<Rgba> color;
  std::string texture;
  SourceLocation texture_where;
};

/// The colour and texture of the material `name` in the OGRE scripts `script` names
/// (formats/ogre_material.h); what cannot be read is warned about, once for each file and name.
Look script_look(const sdf::ElementPtr& script, const std::string& name, Diagnostics& diagnostics) {
  std::vector<std::string> searched;
  for (sdf::ElementPtr uri = optional_child(script, "uri"); uri; uri = uri->GetNextElement("uri")) {
    std::string path;
    try {
      path = resolve_file(uri, true);
    } catch (const LoadError& missing) {
      diagnostics.warn_once("material script " + text_of(uri), location_of(uri),
                            fmt::format("the material script is not read: {} (said once for "
                                        "the script)",
                                        missing.problem()));
      continue;
    }
    const OgreMaterials scripts = read_ogre_materials(path);
    for (const std::string& problem : scripts.problems)
      diagnostics.warn_once("material script " + problem, location_of(uri), problem);
    Look look;
    if (const auto it = scripts.colors.find(name); it != scripts.colors.end())
      look.color = it->second;
    if (const auto it = scripts.textures.find(name); it != scripts.textures.end()) {
      look.texture = it->second;
      look.texture_where = location_of(uri);
    }
    if (look.color || !look.texture.empty()) return look;
    searched.push_back(path);
  }
  if (!searched.empty()) {
    diagnostics.warn_once("material " + name, location_of(script),
                          fmt::format("material '{}' has no colour in {}: drawn in its mesh's "
                                      "colours or grey (said once for the name)",
                                      name, fmt::join(searched, ", ")));
  }
  return {};
}

/// <pbr><metal|specular><albedo_map>'s image, which one cannot find is warned about once.
std::string albedo_map(const sdf::ElementPtr& material, SourceLocation& where,
                       Diagnostics& diagnostics) {
  const sdf::ElementPtr pbr = optional_child(material, "pbr");
  if (!pbr) return "";
  for (const char* workflow : {"metal", "specular"}) {
    const sdf::ElementPtr w = optional_child(pbr, workflow);
    const sdf::ElementPtr map = w ? optional_child(w, "albedo_map") : nullptr;
    if (!map || text_of(map).empty()) continue;
    where = location_of(map);
    try {
      return resolve_file(map);
    } catch (const LoadError& missing) {
      diagnostics.warn_once("albedo map " + text_of(map), where,
                            fmt::format("the albedo map is not drawn: {} (said once for the "
                                        "file)",
                                        missing.problem()));
    }
  }
  return "";
}

Look material_look(const sdf::Visual& visual, Diagnostics& diagnostics) {
  const sdf::ElementPtr material = optional_child(visual.Element(), "material");
  if (!material) return {};
  Look look;
  look.texture = albedo_map(material, look.texture_where, diagnostics);
  for (const char* name : {"diffuse", "ambient"}) {
    if (const sdf::ElementPtr e = optional_child(material, name)) {
      look.color = read_color(e);
      return look;
    }
  }
  const sdf::ElementPtr script = optional_child(material, "script");
  const sdf::ElementPtr name = script ? optional_child(script, "name") : nullptr;
  if (!name) return look;
  for (const auto& [script_name, color] : kGazeboScripts) {
    if (text_of(name) == script_name) {
      look.color = color;
      return look;
    }
  }
  Look from_script = script_look(script, text_of(name), diagnostics);
  look.color = from_script.color;
  if (look.texture.empty()) {
    look.texture = std::move(from_script.texture);
    look.texture_where = from_script.texture_where;
  }
  return look;
}

bool ends_with(const std::string& text, std::string_view end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

/// Whether `visual` draws the water: VRX's WaveVisual shader, or a material from a water or
/// waves script (Gazebo's and UUV Simulator's). Leeway draws the sea itself, from the waves the
/// physics sums; drawn again, the world's own would cover it.
bool draws_the_water(const sdf::Visual& visual) {
  for (sdf::ElementPtr p = visual.Element()->GetFirstElement(); p; p = p->GetNextElement()) {
    if (p->GetName() != "plugin") continue;
    const std::string filename = p->Get<std::string>("filename");
    const std::string name = p->Get<std::string>("name");
    if (filename.find("WaveVisual") != std::string::npos ||
        name.find("WaveVisual") != std::string::npos)
      return true;
  }
  const sdf::ElementPtr material = optional_child(visual.Element(), "material");
  const sdf::ElementPtr script = material ? optional_child(material, "script") : nullptr;
  const sdf::ElementPtr uri = script ? optional_child(script, "uri") : nullptr;
  if (!uri) return false;
  const std::string text = text_of(uri);
  return ends_with(text, "water.material") || ends_with(text, "waves.material");
}

/// Rotates z onto the unit vector n.
Eigen::Matrix3d z_onto(const Vec3& n) {
  return Eigen::Quaterniond::FromTwoVectors(Vec3::UnitZ(), n).toRotationMatrix();
}

}  // namespace

std::vector<Visual> load_visuals(const sdf::Model& model, const std::string& model_name, int body,
                                 const Eigen::Isometry3d& X_WM, const MergedLinks& links,
                                 Diagnostics& diagnostics) {
  std::vector<Visual> visuals;
  for (const BodyLink& body_link : body_links(model)) {
    const auto carried = links.links.find(body_link.name);
    if (carried == links.links.end()) continue;  // on another of its tree's bodies
    // A static model's visuals are posed in W.
    const Eigen::Isometry3d X_BL = body >= 0 ? carried->second.X_BL : X_WM * body_link.X_ML;
    const sdf::Link& link = *body_link.link;
    for (std::uint64_t k = 0; k < link.VisualCount(); ++k) {
      const sdf::Visual& v = *link.VisualByIndex(k);
      if (draws_the_water(v)) continue;
      Visual visual;
      visual.model_name = model_name;
      visual.name = body_link.name + "::" + v.Name();
      visual.body = body;
      visual.X_BV = X_BL * resolve_pose(v.SemanticPose(), link.Name(), v.Element());
      Look look = material_look(v, diagnostics);
      visual.color = look.color;
      visual.texture = std::move(look.texture);
      visual.texture_where = look.texture_where;
      if (const sdf::ElementPtr mu = optional_child(v.Element(), "leeway:backscatter")) {
        visual.response.backscatter =
            static_cast<float>(read_number_in(mu, 1e-12, 1.0, "Lambert's mu in (0, 1]"));
      }
      if (const sdf::ElementPtr retro = optional_child(v.Element(), "laser_retro")) {
        visual.response.laser_retro =
            static_cast<float>(read_number_in(retro, 0.0, 1e6, "a reflectivity >= 0"));
      }
      if (const sdf::ElementPtr t = optional_child(v.Element(), "transparency")) {
        visual.opacity = 1.0f - static_cast<float>(read_number_in(t, 0.0, 1.0, "a transparency"));
      }
      const sdf::Geometry& geometry = *v.Geom();
      const std::string scoped = model_name + "::" + visual.name;
      if (const std::optional<ConvexShape> shape = convex_shape(geometry)) {
        visual.geometry = *shape;
      } else if (const sdf::Plane* plane = geometry.PlaneShape()) {
        const auto& n = plane->Normal();
        visual.X_BV.linear() = visual.X_BV.linear() * z_onto(Vec3(n.X(), n.Y(), n.Z()));
        visual.geometry = VisualPlane{plane->Size().X(), plane->Size().Y()};
      } else if (geometry.MeshShape()) {
        const sdf::ElementPtr mesh_e = optional_child(geometry.Element(), "mesh");
        const sdf::ElementPtr uri = required_child(mesh_e, "uri", "the mesh file");
        VisualMesh mesh;
        mesh.where = location_of(uri);
        try {
          mesh.path = resolve_file(uri);
        } catch (const LoadError& missing) {
          diagnostics.warn_once("visual mesh " + text_of(uri), mesh.where,
                                fmt::format("visual '{}' is not drawn: {} (said once for the file)",
                                            scoped, missing.problem()));
          continue;
        }
        if (const sdf::ElementPtr scale = optional_child(mesh_e, "scale"))
          mesh.scale = read_vec3(scale, "three scale factors");
        if (const sdf::ElementPtr submesh = optional_child(mesh_e, "submesh")) {
          mesh.submesh = text_of(required_child(submesh, "name", "the mesh's name in the file"));
          if (const sdf::ElementPtr center = optional_child(submesh, "center"))
            mesh.center_submesh = read_bool(center);
        }
        visual.geometry = std::move(mesh);
      } else {
        if (geometry.Type() != sdf::GeometryType::EMPTY) {
          diagnostics.warn_once("undrawn visual geometry", location_of(v.Element()),
                                fmt::format("visual '{}' is a heightmap or a polyline, which "
                                            "Leeway does not draw (said once)",
                                            scoped));
        }
        continue;
      }
      visuals.push_back(std::move(visual));
    }
  }
  return visuals;
}

}  // namespace leeway::sdfio
