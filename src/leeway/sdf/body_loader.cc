#include "leeway/sdf/body_loader.h"

#include <fmt/format.h>
#include <Eigen/Cholesky>
#include <sdf/Link.hh>

#include "leeway/body/mass_checks.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/hydro_blocks.h"
#include "leeway/sdf/leeway/hull_meshes.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sdf/plugin_registry.h"
#include "leeway/sdf/sensor_params.h"
#include "leeway/sdf/sensor_plugins.h"
#include "leeway/sdf/world_joints.h"

namespace leeway::sdfio {
namespace {

// An added-mass table printed to five significant figures can differ from its transpose by
// half a unit of an entry's fifth figure: up to 5e-5 of the largest entry (UUV Simulator's
// RexROV: 10.774 against 10.775, 1.4e-7 of its 3659.9). Such an asymmetry is the printing's,
// not the vehicle's, and is symmetrized without a word.
constexpr double kPrintedAsymmetry = 1e-4;

Mat6 compile_added_mass(const HydroParams& hydro, Diagnostics& diagnostics) {
  const Symmetrized s = symmetrize(hydro.M_A);
  if (s.relative_asymmetry > kPrintedAsymmetry) {
    diagnostics.warn(hydro.where,
                     fmt::format("the added-mass matrix is not symmetric (largest asymmetry "
                                 "{:.3g} of its largest entry); its symmetric part is used, as "
                                 "potential-flow added mass is symmetric",
                                 s.relative_asymmetry));
  }
  return s.matrix;
}

/// Whether gz-sim's buoyancy system acts on the model.
bool gz_buoyant(const ModelContext& c) {
  std::vector<std::string> links;
  for (const auto& [name, link] : c.links.links)
    links.push_back(name);
  return c.world.gz_buoyancy && c.world.gz_buoyancy->applies_to(c.name, links);
}

/// A collision primitive as a float's shape (hydro/shape_float.h).
FloatShape float_shape(const ConvexShape& shape) {
  return std::visit(
      [](const auto& s) -> FloatShape {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Sphere>) {
          return {ShapeKind::kSphere, Vec3::Zero(), s.radius, 0.0};
        } else if constexpr (std::is_same_v<T, Box>) {
          return {ShapeKind::kBox, 2.0 * s.half_size, 0.0, 0.0};
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          return {ShapeKind::kCylinder, Vec3::Zero(), s.radius, 2.0 * s.half_length};
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return {ShapeKind::kCapsule, Vec3::Zero(), s.radius, 2.0 * s.half_length};
        } else if constexpr (std::is_same_v<T, Cone>) {
          return {ShapeKind::kCone, Vec3::Zero(), s.radius, 2.0 * s.half_length};
        } else {
          return {ShapeKind::kEllipsoid, s.semi_axes, 0.0, 0.0};
        }
      },
      shape);
}

/// gz-sim's graded buoyancy on every primitive collision: with rho_0 the default density and
/// rho_k the layers' from the lowest up, the fluid's push is rho_top V g at the centre of volume
/// (the restoring term) plus, at each layer's height z_k, (rho_(k-1) - rho_k) g times the volume
/// below z_k at its centroid: one float per layer and shape, its plane held horizontal.
std::vector<ShapeFloat> graded_layer_floats(const MergedLinks& links, const GzBuoyancy& b) {
  std::vector<ShapeFloat> floats;
  double below = b.fluid_density;
  for (const GzBuoyancy::Layer& layer : b.layers) {
    for (const auto& [shape, X_BS] : links.primitives) {
      ShapeFloat f;
      f.shape = float_shape(shape);
      f.X_BS = X_BS;
      f.fluid_density = below - layer.density;
      f.fluid_level = layer.z;
      f.follows_waves = false;
      floats.push_back(f);
    }
    below = layer.density;
  }
  return floats;
}

/// The volume [m^3] and its centroid (in B) of every collision of the model: primitives and
/// closed meshes (read here, as gz-sim's buoyancy system reads them). A mesh under graded
/// buoyancy is refused: its layers cut primitives only.
std::pair<double, Vec3> collision_volume(const MergedLinks& links, const WorldSettings& world,
                                         Diagnostics& diagnostics) {
  double volume = links.collision_volume;
  Vec3 moment = volume * links.p_BoBcv;
  for (const auto& [mesh, X_BS] : links.meshes) {
    const sdf::ElementPtr uri = optional_child(mesh, "uri");
    if (!world.gz_buoyancy->layers.empty()) {
      throw LoadError(location_of(uri ? uri : mesh),
                      "a mesh collision under gz-sim's graded buoyancy, which gives it no "
                      "buoyancy at all (gz-sim cuts boxes and spheres only, and warns); Leeway's "
                      "layers cut primitive shapes only; expected box, cylinder, sphere, "
                      "ellipsoid, capsule or cone collisions, or a uniform fluid");
    }
    const sdf::ElementPtr scale_e = optional_child(mesh, "scale");
    const Vec3 scale = scale_e ? read_vec3(scale_e, "three scale factors") : Vec3::Ones();
    const HullMesh closed =
        transformed(load_closed_mesh(
                        resolve_file(required_child(mesh, "uri", "the mesh file")), scale, uri,
                        "since gz-sim's buoyancy system needs the volume it encloses", diagnostics),
                    X_BS);
    volume += closed.volume;
    moment += closed.volume * closed.p_BoCv;
  }
  return {volume, volume > 0.0 ? Vec3(moment / volume) : Vec3::Zero()};
}

RestoringModel compile_restoring(const ModelContext& c, const std::optional<HydroParams>& hydro) {
  const MergedLinks& links = c.links;
  const WorldSettings& world = c.world;
  const bool gz_buoyancy = gz_buoyant(c);
  if (hydro && hydro->linear_restoring) {
    if (gz_buoyancy) {
      throw LoadError(hydro->where,
                      "<restoring> given while gz-sim's buoyancy system also acts on this model; "
                      "expected one source of buoyancy (add <enable> to the buoyancy plugin)");
    }
    return *hydro->linear_restoring;
  }
  SubmergedRestoring r;
  r.f_weight_W = links.mass * world.gravity_W;
  r.p_BoBcm = links.p_BoBcm;
  if (hydro && hydro->buoyancy) {
    if (gz_buoyancy) {
      throw LoadError(hydro->where,
                      "<buoyancy> given while gz-sim's buoyancy system also acts on this model; "
                      "expected one source of buoyancy");
    }
    // The plugin's own water if it states one (its home simulator's buoyancy), else the world's.
    const double rho = hydro->buoyancy->fluid_density > 0.0 ? hydro->buoyancy->fluid_density
                                                            : world.environment.fluid_density;
    // Neutral: the volume of that water whose weight is the body's.
    const double volume = hydro->buoyancy->neutral ? links.mass / rho : hydro->buoyancy->volume;
    r.f_buoyancy_W = -rho * volume * world.gravity_W;
    r.p_BoBcb = hydro->buoyancy->p_BoBcb;
    r.height = hydro->buoyancy->height;
  } else if (gz_buoyancy) {
    if (!links.first_without_volume.element.empty()) {
      throw LoadError(links.first_without_volume,
                      "gz-sim's buoyancy system needs this collision's volume, and a heightmap "
                      "or polyline encloses none Leeway can compute; expected box, cylinder, "
                      "sphere, ellipsoid, capsule, cone or closed mesh collisions");
    }
    const auto [volume, p_BoBcv] = collision_volume(links, c.world, c.diagnostics);
    // Graded: the top layer's density here, the layers below it as floats (load_body).
    r.f_buoyancy_W = -world.gz_buoyancy->top_density() * volume * world.gravity_W;
    r.p_BoBcb = p_BoBcv;
  }
  return r;
}

/// The model's hull plugins; with a floating hull, the restoring term carries the weight alone.
void load_hull(const sdf::Model& model, const ClassifiedPlugins& plugins,
               const ModelContext& context, const std::optional<HydroParams>& hydro, BodyModel& b) {
  const MergedLinks& links = context.links;
  const WorldSettings& world = context.world;
  Diagnostics& diagnostics = context.diagnostics;
  HullParts hull;
  for (const PluginUse& use : plugins.of(PluginFamily::kHull))
    use.loader<HullLoader>()(use.element, context, hull);
  const sdf::ElementPtr root = model.Element();
  b.gravity = world.gravity_W.norm();
  b.hull_friction = hull.friction;
  b.windage = hull.windage;
  // VRX's <wind_obj> acts on the model's own body, not on an articulated model's moving links.
  if (const auto it = world.wind_objects.find(context.name);
      links.canonical_link == model.CanonicalLink()->Name() && it != world.wind_objects.end()) {
    const WindObject& wind = it->second;
    if (!std::holds_alternative<std::monostate>(b.windage)) {
      throw LoadError(wind.where, fmt::format("model '{}' has windage in its hull plugin and in "
                                              "USVWind's <wind_obj>; expected one, so the wind "
                                              "does not push twice",
                                              model.Name()));
    }
    if (!wind.link_name.empty() && wind.link_name != links.canonical_link) {
      throw LoadError(wind.where,
                      fmt::format("<wind_obj> names link '{}' of model '{}'; Leeway applies "
                                  "VRX's windage at the body's reference link, so expected '{}'",
                                  wind.link_name, model.Name(), links.canonical_link));
    }
    b.windage = wind.windage;
  }
  if (!hull.floats()) return;
  if ((hydro && (hydro->buoyancy || hydro->linear_restoring)) || gz_buoyant(context)) {
    throw LoadError(hydro ? hydro->where : location_of(root),
                    fmt::format("model '{}' has a hull that floats it and another source of "
                                "buoyancy (<buoyancy>, <restoring> or gz-sim's buoyancy "
                                "system); expected one, so no buoyancy is counted twice",
                                model.Name()));
  }
  SubmergedRestoring weight;
  weight.f_weight_W = links.mass * world.gravity_W;
  weight.p_BoBcm = links.p_BoBcm;
  b.restoring = weight;
  b.strip_hulls = std::move(hull.strips);
  b.shape_floats = std::move(hull.shape_floats);
  if (hull.mesh) {
    // A mesh in the wrong unit (millimetres read as metres) floats absurdly: say so.
    const double displacement = hull.mesh->mesh.volume * world.environment.fluid_density;
    if (displacement > 100.0 * links.mass || displacement < 0.01 * links.mass) {
      diagnostics.warn(
          hull.mesh_where,
          fmt::format("the hull mesh encloses {:.4g} m^3, which would displace {:.4g} kg of "
                      "water against the model's {:.4g} kg; expected within 1% to 100 times "
                      "the mass: is the mesh in another unit (see <scale>)?",
                      hull.mesh->mesh.volume, displacement, links.mass));
    }
    b.mesh_hydrostatics = std::move(hull.mesh);
  }
}

/// The model's thrusters and control surfaces, its joint controllers first (thrusters and foils
/// look up the joints they turn on).
void load_actuators(const ClassifiedPlugins& plugins, ActuatorSink& sink) {
  DrivenJoints driven;
  for (const PluginFamily family : {PluginFamily::kJointController, PluginFamily::kActuator}) {
    for (const PluginUse& use : plugins.of(family))
      use.loader<ActuatorLoader>()(use.element, sink, driven);
  }
  for (const auto& [joint, d] : driven) {
    if (!d.used) {
      sink.diagnostics.warn(
          location_of(sink.model.Element()),
          fmt::format("joint '{}' is driven by a JointPositionController but steers no thruster, "
                      "hinges no LiftDrag foil and does not hold the model to the world; its "
                      "actuator '{}' moves nothing",
                      joint, joint));
    }
  }
}

/// A level start at a heading that is a whole number of quarter turns, with its quaternion's
/// equal-magnitude entries made exactly equal. Rounding then treats the two halves of a
/// symmetric motion alike, so a straight run from such a start stays exactly straight (its
/// lateral states exactly zero), as in a simulator that integrates Euler angles; an unstable hull
/// (Fossen's Otter above 1.5 m/s) would otherwise turn away from rounding noise.
Quat exact_quarter_turns(const Quat& q) {
  if (std::abs(q.x()) > 1e-15 || std::abs(q.y()) > 1e-15) return q;
  const double half = std::sqrt(0.5);
  for (const double w : {0.0, half, 1.0}) {
    for (const double z : {0.0, half, 1.0}) {
      for (const double sw : {1.0, -1.0}) {
        for (const double sz : {1.0, -1.0}) {
          const Quat snapped(sw * w, 0.0, 0.0, sz * z);
          if (std::abs(snapped.w() * snapped.w() + snapped.z() * snapped.z() - 1.0) < 1e-15 &&
              (snapped.coeffs() - q.coeffs()).norm() < 1e-12) {
            return snapped;
          }
        }
      }
    }
  }
  return q;
}

}  // namespace

void load_model_sensors(const sdf::Model& model, const std::string& name,
                        const ClassifiedPlugins& plugins, const ModelContext& context,
                        int body_index, const Eigen::Isometry3d& X_WB,
                        std::vector<SensorModel>& sensors, std::vector<SensorWiring>& wiring) {
  std::vector<WiredSensor> plugin_sensors;
  std::set<std::pair<std::string, std::string>> taken;
  SensorPluginContext sensor_context{model, context, body_index, plugin_sensors, taken};
  for (const PluginUse& use : plugins.of(PluginFamily::kSensor))
    use.loader<SensorLoader>()(use.element, sensor_context);
  std::vector<WiredSensor> link_sensors =
      load_sensors(model, name, context.links, body_index, context.world.origin,
                   context.world.magnetic_field_W, taken, context.diagnostics);
  for (WiredSensor& s : plugin_sensors)
    add_sensor(link_sensors, std::move(s), model.Element());
  for (WiredSensor& s : link_sensors) {
    // Held by the world itself (sample_sensors.cc): its frame in W.
    if (body_index < 0) s.model.X_BS = Pose(X_WB * s.model.X_BS.isometry());
    // gz-sim's altimeter measures from where it starts.
    if (auto* altimeter = std::get_if<AltimeterModel>(&s.model.kind)) {
      altimeter->vertical_reference =
          (body_index < 0 ? s.model.X_BS.p : Vec3(X_WB * s.model.X_BS.p)).z();
    }
    sensors.push_back(std::move(s.model));
    wiring.push_back(std::move(s.wiring));
  }
}

std::set<std::string> actuated_joints(const sdf::Model& model, const std::string& name,
                                      const ClassifiedPlugins& plugins) {
  // The actuators loaded onto a scratch body of the whole model, their words unsaid: the load
  // that counts says them.
  Diagnostics unsaid;
  const MergedLinks links = merge_links(model, unsaid);
  BodyModel body;
  body.model_name = name;
  std::vector<ActuatorModel> actuators;
  std::vector<ActuatorWiring> wiring;
  ActuatorSink sink{model, links, 0, body, actuators, wiring, unsaid};
  load_actuators(plugins, sink);
  return sink.claimed_joints;
}

BodyModel load_body(const sdf::Model& model, const std::string& name,
                    const ClassifiedPlugins& plugins, std::span<const HydroParams> hydro_blocks,
                    const MergedLinks& links, const Eigen::Isometry3d& X_WM,
                    const WorldSettings& world, int body_index,
                    std::vector<ActuatorModel>& actuators, std::vector<SensorModel>& sensors,
                    Wiring& wiring, Diagnostics& diagnostics) {
  const ModelContext context{name, links, world, diagnostics};
  const std::optional<HydroParams> hydro =
      body_hydro(hydro_blocks, links, world.environment.fluid_density);

  BodyModel b;
  b.model_name = name;
  b.link_name = links.canonical_link;
  for (const auto& [link_name, link] : links.links)
    b.links.push_back({link_name, Pose(link.X_BL)});
  b.X_BM = Pose(links.X_MB.inverse());
  b.mass = links.mass;
  b.p_BoBcm = links.p_BoBcm;
  b.I_Bcm = links.I_Bcm;
  b.M_RB = rigid_body_mass_matrix(b.mass, b.p_BoBcm, b.I_Bcm);
  if (hydro) {
    b.M_A = compile_added_mass(*hydro, diagnostics);
    b.damping = hydro->damping;
    b.link_damping = hydro->link_damping;
    b.added_mass_coriolis = hydro->added_mass_coriolis;
    b.munk = hydro->munk;
    b.point_weights = hydro->point_weights;
    const double water = world.environment.fluid_density;
    if (hydro->cross_flow_drag) {
      b.cross_flow_drag = hydro->cross_flow_drag;
      if (b.cross_flow_drag->fluid_density == 0.0) b.cross_flow_drag->fluid_density = water;
    }
    if (hydro->body_lift) {
      b.body_lift = hydro->body_lift;
      if (b.body_lift->fluid_density == 0.0) b.body_lift->fluid_density = water;
    }
  }
  const Mat6 M = b.M_RB + b.M_A;
  if (const std::string problem = check_mass_matrix(M); !problem.empty()) {
    throw LoadError(hydro ? hydro->where : location_of(model.Element()),
                    fmt::format("model '{}': {}", model.Name(), problem));
  }
  b.world_joint = load_world_joint(model, links, diagnostics);
  b.M_inv = b.world_joint ? constrained_inverse_mass(*b.world_joint, M)
                          : Mat6(M.ldlt().solve(Mat6::Identity()));
  b.restoring = compile_restoring(context, hydro);
  if (gz_buoyant(context) && !world.gz_buoyancy->layers.empty()) {
    b.shape_floats = graded_layer_floats(links, *world.gz_buoyancy);
  }
  if (hydro) b.v_current_override_W = hydro->v_current_W;
  if (hydro) b.current_lookup = hydro->current_lookup;
  if (hydro) b.wave_kinematics = hydro->wave_kinematics;
  load_hull(model, plugins, context, hydro, b);
  for (const ShapeFloat& f : b.shape_floats)
    b.drag_rate += shape_float_drag_rate(f, b.M_inv);
  ActuatorSink sink{model, links, body_index, b, actuators, wiring.actuators, diagnostics};
  load_actuators(plugins, sink);
  for (const auto& [joint, where] : links.moving_joints) {
    const bool to_world = b.world_joint && b.world_joint->name == joint;
    if (!sink.claimed_joints.contains(joint) && !to_world) {
      diagnostics.warn(where, fmt::format("joint '{}' is treated as fixed: Leeway merges a "
                                          "model's links into one rigid body for now",
                                          joint));
    }
  }

  const Eigen::Isometry3d X_WB = X_WM * links.X_MB;
  load_model_sensors(model, name, plugins, context, body_index, X_WB, sensors, wiring.sensors);
  b.p_WB0 = X_WB.translation();
  b.q_WB0 = exact_quarter_turns(Quat(X_WB.linear()));
  if (b.world_joint) {
    b.world_joint->p_WB_zero = b.p_WB0;
    b.world_joint->q_WB_zero = b.q_WB0;
  }
  return b;
}

}  // namespace leeway::sdfio
