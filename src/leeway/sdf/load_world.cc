#include "leeway/sdf/load_world.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <tinyxml2.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <sdf/Model.hh>
#include <sdf/ParserConfig.hh>
#include <sdf/Physics.hh>
#include <sdf/Root.hh>
#include <sdf/World.hh>
#include <sdf/parser.hh>
#include <set>

#include "leeway/body/integrator.h"
#include "leeway/core/text.h"
#include "leeway/sdf/articulated_loader.h"
#include "leeway/sdf/body_loader.h"
#include "leeway/sdf/camera_params.h"
#include "leeway/sdf/collider_loader.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/gz/linear_battery.h"
#include "leeway/sdf/hydro_blocks.h"
#include "leeway/sdf/joint_efforts.h"
#include "leeway/sdf/leeway/controllers.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sdf/model_tree.h"
#include "leeway/sdf/plugin_registry.h"
#include "leeway/sdf/ray_scene_loader.h"
#include "leeway/sdf/read_budget.h"
#include "leeway/sdf/resource_paths.h"
#include "leeway/sdf/sdformat_scope.h"
#include "leeway/sdf/visual_loader.h"
#include "leeway/sdf/world_files.h"
#include "leeway/sdf/world_joints.h"
#include "leeway/sdf/world_settings.h"
#include "leeway/world/visual_scene.h"

namespace leeway {
namespace {

/// sdformat's "Unable to find uri[X]" says neither where it looked nor what to do about it.
std::string explain_missing_uri(const std::string& message, const sdfio::ResourcePaths& paths) {
  const auto open = message.find("uri[");
  const auto close = message.rfind(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return message;
  const std::string uri = message.substr(open + 4, close - open - 4);
  if (sdfio::parse_fuel_url(uri)) {
    return fmt::format(
        "'{}' is a Gazebo Fuel model that no local Fuel cache holds (searched: {}, each as "
        "HOST/OWNER/models/NAME/VERSION/), and Leeway never downloads at run time; expected it "
        "in a cache: fetch it once with `gz fuel download -u {}` (`ign fuel download` on "
        "Fortress), which fills ~/.gz/fuel, or set GZ_FUEL_CACHE_PATH to a cache that has it",
        uri, sdfio::describe_folders(paths.fuel_caches), uri);
  }
  if (uri.find("://") == std::string::npos || uri.starts_with("model://") ||
      (uri.starts_with("file://") && !uri.starts_with("file:///"))) {
    const std::string rest =
        uri.substr(uri.find("://") == std::string::npos ? 0 : uri.find("://") + 3);
    const std::string name = rest.substr(0, rest.find('/'));
    return fmt::format(
        "no model folder '{}' for '{}' (searched: {}; and the Fuel caches {}); expected a folder "
        "'{}' holding a model.config, in a directory on LEEWAY_RESOURCE_PATH, "
        "GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH, SDF_PATH or GAZEBO_MODEL_PATH, or in "
        "models/ beside the world or its parent",
        name, uri, sdfio::describe_folders(paths.model_folders),
        sdfio::describe_folders(paths.fuel_caches), name);
  }
  return fmt::format(
      "cannot find '{}'; expected a model:// URI, a model folder's name, a path "
      "or a Gazebo Fuel URL",
      uri);
}

bool is_missing_uri(const sdf::Error& e) {
  return e.Code() == sdf::ErrorCode::URI_LOOKUP &&
         e.Message().find("Unable to find uri[") != std::string::npos;
}

sdf::SDFPtr described_document();

/// The element called `name` that starts on `line`, at or below `e`.
const tinyxml2::XMLElement* element_at(const tinyxml2::XMLElement* e, const std::string& name,
                                       int line) {
  for (; e != nullptr; e = e->NextSiblingElement()) {
    if (e->GetLineNum() == line && name == e->Name()) return e;
    if (e->GetLineNum() > line) return nullptr;
    if (const auto* found = element_at(e->FirstChildElement(), name, line)) return found;
  }
  return nullptr;
}

/// What a value of an SDF type must be, as a user writes it.
std::string describe_sdf_type(const std::string& type) {
  if (type == "double" || type == "float") return "a finite number";
  if (type == "int" || type == "unsigned int" || type == "uint64_t") return "a whole number";
  if (type == "bool") return "true or false";
  if (type == "vector3") return "three finite numbers, x y z";
  if (type == "vector2d" || type == "vector2i") return "two finite numbers";
  if (type == "pose") return "six finite numbers, x y z roll pitch yaw";
  if (type == "color") return "four numbers r g b a, each in [0, 1]";
  if (type == "quaternion") return "four finite numbers";
  if (type == "time") return "seconds, or seconds and nanoseconds";
  return "a value of SDF type " + type;
}

/// libsdformat's "Error reading element <NAME>" says neither the value nor what it must be:
/// the value is read from the file at the error's line, its type from SDF's description by the
/// error's element path (/sdf/world[@name="w"]/gravity). Nullopt if either cannot be found.
std::optional<std::string> explain_unreadable_value(const sdf::Error& e) {
  constexpr std::string_view kPrefix = "Error reading element <";
  const std::string& message = e.Message();
  if (!message.starts_with(kPrefix) || !e.FilePath() || !e.LineNumber() || !e.XmlPath())
    return std::nullopt;
  const std::string name =
      message.substr(kPrefix.size(), message.find('>', kPrefix.size()) - kPrefix.size());
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(e.FilePath()->c_str()) != tinyxml2::XML_SUCCESS) return std::nullopt;
  const tinyxml2::XMLElement* element = element_at(doc.RootElement(), name, *e.LineNumber());
  if (element == nullptr || element->GetText() == nullptr) return std::nullopt;
  // The description's element for each step of the path after /sdf.
  sdf::ElementPtr description = described_document()->Root();
  const std::string path = *e.XmlPath();  // XmlPath() returns a copy: keep it
  std::size_t at = path.find('/', 1);     // past "/sdf"
  while (at != std::string::npos && description) {
    const std::size_t next = path.find('/', at + 1);
    const std::string step = path.substr(at + 1, next == std::string::npos ? next : next - at - 1);
    description = description->GetElementDescription(step.substr(0, step.find('[')));
    at = next;
  }
  if (!description || !description->GetValue()) return std::nullopt;
  const std::string value(trim_whitespace(element->GetText()));
  return fmt::format("<{}> is '{}', which libsdformat cannot read as {}; expected {}", name, value,
                     description->GetValue()->GetTypeName(),
                     describe_sdf_type(description->GetValue()->GetTypeName()));
}

LoadError to_load_error(const sdf::Error& e, const std::string& source,
                        const sdfio::ResourcePaths& paths) {
  SourceLocation where;
  where.file = e.FilePath().value_or(source);
  where.line = e.LineNumber().value_or(0);
  where.element = e.XmlPath().value_or("");
  if (is_missing_uri(e)) return LoadError(where, explain_missing_uri(e.Message(), paths));
  return LoadError(where, explain_unreadable_value(e).value_or(e.Message()));
}

// sdformat 12 lets some malformed documents escape as a C++ exception instead of an sdf::Error: a
// non-numeric <sdf version="..."> throws std::invalid_argument from ignition::math's version parser
// (found by the fuzzer). Whatever escapes becomes a LoadError naming the file.
template <typename Parse>
sdf::Errors parse_guarded(const std::string& source, Parse&& parse) {
  try {
    return parse();
  } catch (const std::bad_alloc&) {
    throw LoadError({source, 0, ""},
                    fmt::format("ran out of memory reading the world: libsdformat holds about "
                                "{:.1f} MB for each <model> it reads; expected a world whose "
                                "models fit in memory",
                                sdfio::kSdformatBytesPerModel / 1e6));
  } catch (const std::exception& e) {
    throw LoadError({source, 0, "sdf"},
                    fmt::format("sdformat could not read the document ({}); expected well-formed "
                                "XML with a version such as <sdf version=\"1.9\"> in it and in "
                                "every included model",
                                e.what()));
  }
}

/// A document to read SDF into: a copy of sdformat's description of the format (what sdf::init
/// builds). Building it parses every file of the SDF specification, about 30 ms here, and a copy
/// takes half that: a load of a small world (a campaign's trial, a Python set_environment) spent
/// most of its time building it. It is built once per process and copied for each load.
sdf::SDFPtr described_document() {
  static const sdf::ElementPtr description = [] {
    const auto sdf = std::make_shared<sdf::SDF>();
    sdf::init(sdf);
    return sdf->Root();
  }();
  auto document = std::make_shared<sdf::SDF>();
  document->Root(description->Clone());
  return document;
}

enum class Source { kFile, kText };

/// Root::Load(path, config) (kFile) or Root::LoadSdfString(text, config) (kText), reading into a
/// copy of the description built once (described_document) where they would build it again.
sdf::Errors load_root(sdf::Root& root, Source kind, const std::string& source,
                      const sdf::ParserConfig& config) {
  sdf::Errors errors;
  const sdf::SDFPtr document = described_document();
  if (kind == Source::kFile ? !sdf::readFile(source, config, document, errors)
                            : !sdf::readString(source, config, document, errors)) {
    errors.push_back(
        kind == Source::kFile
            ? sdf::Error(sdf::ErrorCode::FILE_READ, "Unable to read file:" + source)
            : sdf::Error(sdf::ErrorCode::STRING_READ, "Unable to read SDF string: " + source));
    return errors;
  }
  const sdf::Errors more = root.Load(document, config);
  errors.insert(errors.end(), more.begin(), more.end());
  return errors;
}

/// A step below this [s] is allowed, and warned about: the WAM-V's fastest dynamics (its
/// thrusters' first-order lag, its heave) need 1e-3 s at most, and 1e-9 s is 1e9 steps for
/// each simulated second.
constexpr double kSmallStep = 1e-5;

double read_step_size(const sdf::World& world, Diagnostics& diagnostics) {
  const sdf::Physics* physics = world.PhysicsDefault();
  const double dt = physics ? physics->MaxStepSize() : 0.001;
  sdf::ElementPtr e = world.Element();
  if (e->HasElement("physics")) e = e->GetElement("physics");
  if (e->HasElement("max_step_size")) e = e->GetElement("max_step_size");
  if (!std::isfinite(dt) || dt <= 0.0 || dt > 1.0) {
    throw LoadError(sdfio::location_of(e),
                    fmt::format("max_step_size is {}, expected a step in (0, 1] s", dt));
  }
  if (dt < kSmallStep) {
    diagnostics.warn(sdfio::location_of(e),
                     fmt::format("max_step_size is {:g} s: {:.3g} steps for each simulated "
                                 "second, which a marine vehicle does not need (1e-3 to 1e-2 s "
                                 "is usual); the run will be slow",
                                 dt, 1.0 / dt));
  }
  return dt;
}

/// The tasks, then the controllers (an autopilot may follow a task's goals): both need every
/// body. `bodies`: each non-static model's body index and its plugins, in the world's order.
void load_autonomy(const sdfio::ClassifiedPlugins& world_plugins,
                   const std::vector<std::pair<int, const sdfio::ClassifiedPlugins*>>& bodies,
                   Scenario& scenario, Diagnostics& diagnostics) {
  using sdfio::PluginFamily;
  using sdfio::PluginUse;
  Model& m = scenario.model;
  for (const PluginUse& use : world_plugins.of(PluginFamily::kTask)) {
    std::optional<TaskModel> loaded = use.loader<sdfio::TaskLoader>()(use.element, m, diagnostics);
    if (!loaded) continue;
    TaskModel& task = *loaded;
    for (const TaskModel& other : scenario.tasks) {
      if (other.name == task.name) {
        throw LoadError(
            sdfio::location_of(use.element),
            fmt::format("a second task named '{}'; expected unique <task_name>s", task.name));
      }
    }
    // VRX holds the vehicle on its platform through the initial phase: by the vehicle's
    // DetachableJoint where it has one (hold_detached_vehicles), else by the task.
    const BodyModel& vehicle = m.bodies[static_cast<std::size_t>(task.vehicle)];
    if (std::none_of(m.holds.begin(), m.holds.end(),
                     [&](const KinematicHold& h) { return h.body == task.vehicle; })) {
      m.holds.push_back(
          {task.vehicle, task.ready_time(), {vehicle.p_WB0, vehicle.q_WB0, Vec6::Zero()}});
    }
    scenario.tasks.push_back(std::move(task));
  }
  for (const auto& [body, plugins] : bodies) {
    bool has_controller = false;
    for (const PluginUse& use : plugins->of(PluginFamily::kController)) {
      if (has_controller) {
        throw LoadError(sdfio::location_of(use.element),
                        fmt::format("a second controller on model '{}'; expected at most one",
                                    m.bodies[static_cast<std::size_t>(body)].model_name));
      }
      has_controller = true;
      scenario.controllers.push_back(sdfio::load_controller(
          use.element, use.loader<sdfio::ControllerLoader>(), scenario, body));
    }
  }
}

/// Says that a model fixed to the world is scenery (`tree`: its base, its moving links hanging
/// from the world), and which of its plugins then act on nothing: all of a rigid model's; a
/// tree's but its hydrodynamics and joint forces, which act on its moving links.
void warn_anchored(const sdf::Model& model, const std::string& joint, bool tree,
                   const sdfio::ClassifiedPlugins& plugins, Diagnostics& diagnostics) {
  using F = sdfio::PluginFamily;
  std::vector<std::string> idle;
  for (const sdfio::PluginUse& use : plugins.uses) {
    if (!use.kind || sdfio::scope_of(use.kind->family) != sdfio::PluginScope::kModel ||
        use.kind->family == F::kWorldWind) {
      continue;
    }
    if (tree && (use.kind->family == F::kHydrodynamics || use.kind->family == F::kJointEffort))
      continue;
    idle.push_back(use.element->GetAttribute("filename")->GetAsString());
  }
  if (idle.empty()) return;
  diagnostics.warn(
      sdfio::location_of(model.Element()),
      fmt::format("model '{}' is fixed to the world by joint '{}', so {} static "
                  "scenery: its plugins {} act on nothing",
                  model.Name(), joint,
                  tree ? "its base (its moving links hang from the world) is" : "it is",
                  fmt::join(idle, ", ")));
}

/// Notes when a body's drag is too stiff for the world's step and is integrated in substeps
/// (integrator.h); refuses one that would need an absurd number.
void check_substeps(const BodyModel& b, double dt, const sdf::Model& model,
                    Diagnostics& diagnostics) {
  constexpr int kMaxSubsteps = 64;
  const int n = substeps_for(b, dt);
  if (n == 1) return;
  const std::string why = fmt::format(
      "its floats' drag relaxes its motion at up to {:.4g} 1/s (a time constant of {:.3g} ms: "
      "drag far from the centre of mass of a body of small inertia is stiff), faster than the "
      "integrator follows at the world's {:.4g} ms step",
      b.drag_rate, 1e3 / b.drag_rate, dt * 1e3);
  if (n > kMaxSubsteps) {
    throw LoadError(sdfio::location_of(model.Element()),
                    fmt::format("model '{}': {}, even in {} substeps; expected a smaller "
                                "linear_drag or angular_drag, or the link's real inertia",
                                model.Name(), why, kMaxSubsteps));
  }
  diagnostics.note(sdfio::location_of(model.Element()),
                   fmt::format("model '{}': {}: it is integrated in {} substeps of {:.4g} ms",
                               model.Name(), why, n, dt * 1e3 / n));
}

/// A geo-referenced file must cover the world origin or a model's start (sdf/leeway/fields.h).
void check_geo_coverage(const std::vector<sdfio::GeoCoverage>& files, const Model& m) {
  for (const auto& file : files) {
    bool covers = file.extent_W.contains(Eigen::Vector2d::Zero());
    for (const BodyModel& b : m.bodies)
      covers = covers || file.extent_W.contains(b.p_WB0.head<2>());
    if (!covers) {
      throw LoadError(
          file.where,
          fmt::format("the file covers x in [{:.0f}, {:.0f}] m, y in [{:.0f}, {:.0f}] m of the "
                      "world, which holds neither the world origin nor any model's start; "
                      "expected the UTM zone and hemisphere, the lon/lat order or the world's "
                      "<spherical_coordinates> to place it over the world",
                      file.extent_W.min().x(), file.extent_W.max().x(), file.extent_W.min().y(),
                      file.extent_W.max().y()));
    }
  }
}

/// `spawned`: the models added to the world at load (load_world.h's Spawn), after its own.
Scenario compile(const sdf::Root& root, const std::vector<const sdf::Model*>& spawned,
                 const sdf::Errors& sdf_errors, const std::string& source,
                 const sdfio::ResourcePaths& paths, std::uint64_t seed, Diagnostics& diagnostics) {
  if (root.WorldCount() == 0) {
    if (!sdf_errors.empty()) throw to_load_error(sdf_errors.front(), source, paths);
    if (root.Model()) {
      throw LoadError({source, 0, ""},
                      fmt::format("the file holds model '{}', not a world; expected an SDF "
                                  "<world>: include the model (SDF or URDF) from one with "
                                  "<include><uri>model://FOLDER</uri></include>, FOLDER being "
                                  "the model's folder on LEEWAY_RESOURCE_PATH",
                                  root.Model()->Name()));
    }
    throw LoadError({source, 0, ""}, "no <world> in the file, expected an SDF world");
  }
  // A model that is not there makes every later complaint about it (a plugin's link, say) a
  // consequence: the missing file is the error to name.
  if (const auto missing = std::find_if(sdf_errors.begin(), sdf_errors.end(), is_missing_uri);
      missing != sdf_errors.end()) {
    throw to_load_error(*missing, source, paths);
  }
  const sdf::World& world = *root.WorldByIndex(0);
  Scenario scenario;
  Model& m = scenario.model;
  m.world_name = world.Name();
  m.source = source;
  m.dt = read_step_size(world, diagnostics);
  m.seed = seed;
  // Every plugin is classified once (plugin_registry.h); each step of the load takes its family.
  const sdfio::ClassifiedPlugins world_plugins =
      sdfio::classify_plugins(world.Element(), sdfio::PluginScope::kWorld);
  std::vector<const sdf::Model*> top;
  for (std::uint64_t i = 0; i < world.ModelCount(); ++i)
    top.push_back(world.ModelByIndex(i));
  top.insert(top.end(), spawned.begin(), spawned.end());
  const std::vector<sdfio::PlacedModel> models = sdfio::place_models(top, diagnostics);
  std::vector<std::string> model_names;
  std::vector<sdfio::ClassifiedPlugins> model_plugins;
  for (const sdfio::PlacedModel& placed : models) {
    model_names.push_back(placed.name);
    model_plugins.push_back(
        sdfio::classify_plugins(placed.model->Element(), sdfio::PluginScope::kModel));
  }
  const sdfio::WorldSettings settings = sdfio::load_world_settings(
      world, world_plugins, model_names, model_plugins, seed, diagnostics);
  m.gravity_W = settings.gravity_W;
  m.environment = settings.environment;
  m.origin = settings.origin;
  m.client_limits = settings.client_limits;
  std::vector<std::pair<int, const sdfio::ClassifiedPlugins*>> bodies;
  std::vector<int> body_of;
  std::vector<std::set<std::string>> moving_links;  // of scenery: an arm's on a fixed base
  for (std::size_t i = 0; i < models.size(); ++i) {
    const sdf::Model& model = *models[i].model;
    const std::string& name = models[i].name;
    const sdfio::ClassifiedPlugins& plugins = model_plugins[i];
    const Eigen::Isometry3d& X_WM = models[i].X_WM;
    const std::optional<std::string> anchor = sdfio::world_anchor(model);
    const std::size_t first_actuator = m.actuators.size();
    // The model's parts, each a body (or scenery, -1) with the links it carries: a model whose
    // links move on joints is a tree of bodies (articulated_loader.h); a static model, or one
    // fixed to the world by a joint, is scenery (nothing to integrate, only shapes to touch),
    // unless links of it move; any other model is one body.
    std::vector<std::pair<int, sdfio::MergedLinks>> parts;
    std::optional<sdfio::ArticulatedLoad> tree;
    if (!models[i].is_static) {
      tree = sdfio::load_articulated(model, name, plugins, X_WM, anchor.has_value(), settings,
                                     static_cast<int>(m.bodies.size()),
                                     static_cast<int>(m.trees.size()), m.actuators, m.sensors,
                                     scenario.wiring, diagnostics);
    }
    if (anchor && !models[i].is_static)
      warn_anchored(model, *anchor, tree.has_value(), plugins, diagnostics);
    if (tree) {
      for (std::size_t g = 0; g < tree->group_body.size(); ++g)
        parts.emplace_back(tree->group_body[g], std::move(tree->group_links[g]));
      for (BodyModel& b : tree->bodies)
        m.bodies.push_back(std::move(b));
      m.trees.push_back(std::move(tree->tree));
    } else if (!models[i].is_static && !anchor) {
      sdfio::MergedLinks links = sdfio::merge_links(model, diagnostics);
      const int body = static_cast<int>(m.bodies.size());
      const std::vector<sdfio::HydroParams> hydro =
          sdfio::load_hydro_blocks(plugins, {name, links, settings, diagnostics});
      m.bodies.push_back(sdfio::load_body(model, name, plugins, hydro, links, X_WM, settings, body,
                                          m.actuators, m.sensors, scenario.wiring, diagnostics));
      sdfio::warn_joint_efforts_on_rigid_model(model, plugins, diagnostics);
      parts.emplace_back(body, std::move(links));
    } else {
      parts.emplace_back(-1, sdfio::link_frames(model));
    }
    // Its actuators go by its scoped name too (model_tree.h).
    for (std::size_t a = first_actuator; a < m.actuators.size(); ++a)
      m.actuators[a].model_name = name;
    for (const auto& part : parts) {
      if (part.first >= 0) check_substeps(m.bodies[part.first], m.dt, model, diagnostics);
    }
    const int body = parts[0].first;  // its canonical link's
    body_of.push_back(body);
    moving_links.push_back(parts[0].second.links_elsewhere);
    if (body >= 0) {
      sdfio::load_batteries(plugins, model, name, body, m, diagnostics);
      for (const sdfio::PluginUse& use : plugins.of(sdfio::PluginFamily::kPosePublisher)) {
        PosePublisherModel p = use.loader<sdfio::PosePublisherLoader>()(use.element, diagnostics);
        p.body = body;
        scenario.wiring.pose_publishers.push_back(p);
      }
      bodies.emplace_back(body, &plugins);
    } else {
      // Scenery's sensors are the world's: a camera on a post, a sonar on a jacket (gz-sim
      // simulates them as it does any other).
      const sdfio::MergedLinks& links = parts[0].second;
      const sdfio::ModelContext context{name, links, settings, diagnostics};
      sdfio::load_model_sensors(model, name, plugins, context, -1, X_WM * links.X_MB, m.sensors,
                                scenario.wiring.sensors);
    }
    for (const auto& [part_body, links] : parts) {
      for (Visual& v : sdfio::load_visuals(model, name, part_body, X_WM, links, diagnostics))
        m.visuals.push_back(std::move(v));
      ContactWiring contact;
      Collider collider = sdfio::load_collider(model, part_body, X_WM, links, contact);
      collider.model_name = name;
      if (!collider.shapes.empty() || !collider.undetected.empty()) {
        m.colliders.push_back(std::move(collider));
        scenario.wiring.contacts.push_back(std::move(contact));
      }
    }
  }
  check_geo_coverage(settings.geo_fields, m);
  sdfio::light_cameras(world, m.sensors);
  // Only a world whose sensors cast rays needs its meshes read.
  if (std::any_of(m.sensors.begin(), m.sensors.end(), [](const SensorModel& s) {
        return std::holds_alternative<DvlModel>(s.kind) || draws_images(s);
      })) {
    m.visual_scene = std::make_shared<const VisualScene>(build_visual_scene(
        m, sdfio::load_ray_scene(models, body_of, moving_links, diagnostics), diagnostics));
  }
  sdfio::hold_detached_vehicles(models, model_plugins, body_of, world_plugins, m, diagnostics);
  load_autonomy(world_plugins, bodies, scenario, diagnostics);
  for (const auto& object : settings.wind_objects) {
    const std::string& name = object.first;
    if (std::none_of(m.bodies.begin(), m.bodies.end(),
                     [&](const BodyModel& b) { return b.model_name == name; })) {
      diagnostics.warn(object.second.where,
                       fmt::format("<wind_obj> names model '{}', which this world does not hold "
                                   "(VRX spawns its WAM-V later); its windage applies to nothing",
                                   name));
    }
  }
  // Leeway's own checks come first (they are more precise); then whatever sdformat objected to.
  if (!sdf_errors.empty()) throw to_load_error(sdf_errors.front(), source, paths);
  return scenario;
}

}  // namespace

namespace {

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

/// The spawned models as a world of <include>s, which sdformat resolves as it resolves the
/// world's own.
std::string spawn_world(const std::vector<Spawn>& spawns) {
  std::string text = "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\"><world name=\"spawned\">\n";
  for (const Spawn& s : spawns) {
    std::error_code ec;
    // A relative folder is relative to the working directory, as on a command line.
    const std::string uri = std::filesystem::exists(s.uri, ec)
                                ? std::filesystem::absolute(s.uri).lexically_normal().string()
                                : s.uri;
    text += fmt::format("<include><uri>{}</uri>", xml_escaped(uri));
    if (!s.name.empty()) text += fmt::format("<name>{}</name>", xml_escaped(s.name));
    text += fmt::format("<pose>{}</pose></include>\n", fmt::join(s.pose_xyz_rpy, " "));
  }
  return text + "</world></sdf>\n";
}

/// Which --spawn an error of the spawned world came from, for a message that has no file of its
/// own: sdformat's element path names the include ("/sdf/world[...]/include[N]/...").
std::string spawn_source(const sdf::Error& e, const std::vector<Spawn>& spawns) {
  const std::string path = e.XmlPath().value_or("");
  std::size_t index = 0;
  if (const auto at = path.find("include["); at != std::string::npos) {
    index = static_cast<std::size_t>(std::atoi(path.c_str() + at + 8));
  } else if (spawns.size() != 1) {
    return "--spawn";
  }
  return index < spawns.size() ? fmt::format("--spawn {}", spawns[index].uri) : "--spawn";
}

void check_spawn(const Spawn& s) {
  const SourceLocation where{"--spawn", 0, s.name.empty() ? s.uri : s.name};
  if (s.uri.empty()) throw LoadError(where, "no URI; expected model://NAME, NAME or a folder");
  for (double v : s.pose_xyz_rpy) {
    if (!std::isfinite(v)) {
      throw LoadError(where, fmt::format("pose {} is not finite; expected x y z roll pitch yaw",
                                         fmt::join(s.pose_xyz_rpy, " ")));
    }
  }
}

/// libsdformat's configuration for a world read with `paths`: model:// maps to their model
/// folders, and what that map does not find (bare names, Fuel URLs, models in a Fuel cache) is
/// resolved as resolve_resource() does, each URI it took from a Fuel cache added to
/// `from_fuel_cache`; what nothing finds becomes a LoadError that explains it (and sdformat
/// prints no console complaint of its own). The configuration refers to both arguments.
sdf::ParserConfig parser_config(const sdfio::ResourcePaths& paths,
                                std::set<std::string>& from_fuel_cache) {
  sdf::ParserConfig config;
  config.AddURIPath("model://", sdfio::describe_folders(paths.model_folders));
  config.SetFindCallback([&paths, &from_fuel_cache](const std::string& uri) {
    const auto found = sdfio::resolve_resource(uri, paths);
    if (!found) return std::string();
    if (found->fuel_fallback) from_fuel_cache.insert(uri);
    return found->path.string();
  });
  return config;
}

void warn_of_fuel_cache(const std::string& source, const std::set<std::string>& from_fuel_cache,
                        Diagnostics& diagnostics) {
  for (const std::string& uri : from_fuel_cache) {
    diagnostics.warn({source, 0, "include"},
                     fmt::format("'{}' is on no resource path and was taken from the Fuel cache "
                                 "(gz-sim would not find it there; a model in the cache "
                                 "including its siblings by model:// does this)",
                                 uri));
  }
}

}  // namespace

Scenario load_scenario_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed,
                            const std::vector<Spawn>& spawns) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw LoadError({path, 0, ""}, "cannot read the world: no such file");
  }
  for (const Spawn& s : spawns)
    check_spawn(s);
  // sdformat 12 fails on bare relative paths; an absolute one always works.
  const std::filesystem::path absolute = std::filesystem::absolute(path).lexically_normal();
  const sdfio::ResourcePaths paths = sdfio::resource_paths_from_environment(absolute.parent_path());
  const std::size_t models = sdfio::check_world_files(absolute, paths, diagnostics);
  if (const std::optional<double> room = sdfio::available_memory_bytes())
    sdfio::check_read_budget(path, models, *room);
  std::set<std::string> from_fuel_cache;
  const sdf::ParserConfig config = parser_config(paths, from_fuel_cache);
  sdf::Root root;
  sdf::Root spawned_root;
  sdf::Errors errors;
  {
    sdfio::SdformatScope scope(config);
    errors = parse_guarded(
        path, [&] { return load_root(root, Source::kFile, absolute.string(), config); });
    if (!spawns.empty()) {
      for (sdf::Error e : parse_guarded("--spawn", [&] {
             return load_root(spawned_root, Source::kText, spawn_world(spawns), config);
           })) {
        if (e.FilePath().value_or("<data-string>") == "<data-string>") {
          e.SetFilePath(spawn_source(e, spawns));
        }
        errors.push_back(e);
      }
    }
    for (const sdf::Error& e : scope.printed_errors())
      errors.push_back(e);
  }
  std::vector<const sdf::Model*> spawned;
  if (!spawns.empty()) {
    if (const sdf::World* w = spawned_root.WorldByIndex(0)) {
      for (std::uint64_t i = 0; i < w->ModelCount(); ++i)
        spawned.push_back(w->ModelByIndex(i));
    }
    const sdf::World* world = root.WorldByIndex(0);
    for (const sdf::Model* model : spawned) {
      if (world && world->ModelNameExists(model->Name())) {
        throw LoadError({"--spawn", 0, model->Name()},
                        fmt::format("the world already holds a model named '{}'; expected a "
                                    "new name for the spawned model",
                                    model->Name()));
      }
    }
  }
  warn_of_fuel_cache(path, from_fuel_cache, diagnostics);
  return compile(root, spawned, errors, path, paths, seed, diagnostics);
}

Scenario load_scenario_string(const std::string& sdf_text, const std::string& source_name,
                              Diagnostics& diagnostics, std::uint64_t seed) {
  std::error_code ec;
  const std::filesystem::path here = std::filesystem::current_path(ec);
  const sdfio::ResourcePaths paths = sdfio::resource_paths_from_environment(here);
  const std::size_t models =
      sdfio::check_world_text(sdf_text, source_name, here, paths, diagnostics);
  if (const std::optional<double> room = sdfio::available_memory_bytes())
    sdfio::check_read_budget(source_name, models, *room);
  std::set<std::string> from_fuel_cache;
  const sdf::ParserConfig config = parser_config(paths, from_fuel_cache);
  sdf::Root root;
  sdf::Errors errors;
  {
    sdfio::SdformatScope scope(config);
    errors = parse_guarded(source_name,
                           [&] { return load_root(root, Source::kText, sdf_text, config); });
    for (const sdf::Error& e : scope.printed_errors())
      errors.push_back(e);
  }
  warn_of_fuel_cache(source_name, from_fuel_cache, diagnostics);
  // Elements parsed from memory carry no file name: give them the caller's.
  try {
    Scenario scenario = compile(root, {}, errors, source_name, paths, seed, diagnostics);
    diagnostics.name_unnamed_sources(source_name);
    return scenario;
  } catch (const LoadError& e) {
    diagnostics.name_unnamed_sources(source_name);
    if (!e.where().file.empty()) throw;
    SourceLocation where = e.where();
    where.file = source_name;
    throw LoadError(where, e.problem());
  }
}

Model load_world_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed,
                      const std::vector<Spawn>& spawns) {
  return load_scenario_file(path, diagnostics, seed, spawns).model;
}

Model load_world_string(const std::string& sdf_text, const std::string& source_name,
                        Diagnostics& diagnostics, std::uint64_t seed) {
  return load_scenario_string(sdf_text, source_name, diagnostics, seed).model;
}

}  // namespace leeway
