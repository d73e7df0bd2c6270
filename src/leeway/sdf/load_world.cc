#include "leeway/sdf/load_world.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
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

#include "leeway/sdf/body_loader.h"
#include "leeway/sdf/collider_loader.h"
#include "leeway/sdf/controller_params.h"
#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/link_merging.h"
#include "leeway/sdf/plugin_registry.h"
#include "leeway/sdf/world_joints.h"
#include "leeway/sdf/world_settings.h"

namespace leeway {
namespace {

/// sdformat's "Unable to find uri[X]" says neither where it looked nor what to do about it.
std::string explain_missing_uri(const std::string& message, const std::string& search_path) {
  const auto open = message.find("uri[");
  const auto close = message.rfind(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return message;
  const std::string uri = message.substr(open + 4, close - open - 4);
  const std::string env = "LEEWAY_RESOURCE_PATH, GZ_SIM_RESOURCE_PATH or IGN_GAZEBO_RESOURCE_PATH";
  const std::string searched =
      search_path.empty() ? std::string("nowhere: a world read from memory resolves no URIs")
                          : search_path;
  if (uri.starts_with("http://") || uri.starts_with("https://")) {
    return fmt::format(
        "'{}' is a web (Gazebo Fuel) URL, and Leeway never downloads at run time; expected a "
        "local model: download it once (`gz fuel download -u {}`, `ign fuel` on older Gazebo, or "
        "the zip from its Fuel page), put its folder in a directory on {} (searched: {}), and "
        "include it as model://<folder name>",
        uri, uri, env, searched);
  }
  if (uri.starts_with("model://")) {
    const std::string rest = uri.substr(8);
    const std::string name = rest.substr(0, rest.find('/'));
    return fmt::format(
        "no model folder '{}' for '{}' (searched: {}); expected a folder '{}' holding a "
        "model.config, in a directory on {} or in models/ beside the world or its parent",
        name, uri, searched, name, env);
  }
  return fmt::format("cannot find '{}'; expected a model:// URI or a path to a model folder", uri);
}

LoadError to_load_error(const sdf::Error& e, const std::string& source,
                        const std::string& search_path) {
  SourceLocation where;
  where.file = e.FilePath().value_or(source);
  where.line = e.LineNumber().value_or(0);
  where.element = e.XmlPath().value_or("");
  const bool missing_uri = e.Code() == sdf::ErrorCode::URI_LOOKUP &&
                           e.Message().find("Unable to find uri[") != std::string::npos;
  return LoadError(where,
                   missing_uri ? explain_missing_uri(e.Message(), search_path) : e.Message());
}

// sdformat 12 lets some malformed documents escape as a C++ exception instead of an sdf::Error: a
// non-numeric <sdf version="..."> throws std::invalid_argument from ignition::math's version parser
// (found by the fuzzer). Whatever escapes becomes a LoadError naming the file.
template <typename Parse>
sdf::Errors parse_guarded(const std::string& source, Parse&& parse) {
  try {
    return parse();
  } catch (const std::exception& e) {
    throw LoadError({source, 0, "sdf"},
                    fmt::format("sdformat could not read the document ({}); expected well-formed "
                                "XML with a version such as <sdf version=\"1.9\"> in it and in "
                                "every included model",
                                e.what()));
  }
}

double read_step_size(const sdf::World& world) {
  const sdf::Physics* physics = world.PhysicsDefault();
  const double dt = physics ? physics->MaxStepSize() : 0.001;
  if (!std::isfinite(dt) || dt <= 0.0 || dt > 1.0) {
    sdf::ElementPtr e = world.Element();
    if (e->HasElement("physics")) e = e->GetElement("physics");
    if (e->HasElement("max_step_size")) e = e->GetElement("max_step_size");
    throw LoadError(sdfio::location_of(e),
                    fmt::format("max_step_size is {}, expected a step in (0, 1] s", dt));
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
    TaskModel task = use.loader<sdfio::TaskLoader>()(use.element, m, diagnostics);
    for (const TaskModel& other : scenario.tasks) {
      if (other.name == task.name) {
        throw LoadError(
            sdfio::location_of(use.element),
            fmt::format("a second task named '{}'; expected unique <task_name>s", task.name));
      }
    }
    // VRX holds the vehicle on its platform through the initial phase.
    const BodyModel& vehicle = m.bodies[static_cast<std::size_t>(task.vehicle)];
    m.holds.push_back(
        {task.vehicle, task.ready_time(), {vehicle.p_WB0, vehicle.q_WB0, Vec6::Zero()}});
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

/// Says that a model fixed to the world is scenery, and which of its plugins then act on nothing.
void warn_anchored(const sdf::Model& model, const std::string& joint,
                   const sdfio::ClassifiedPlugins& plugins, Diagnostics& diagnostics) {
  std::vector<std::string> idle;
  for (const sdfio::PluginUse& use : plugins.uses) {
    if (use.kind && sdfio::scope_of(use.kind->family) == sdfio::PluginScope::kModel &&
        use.kind->family != sdfio::PluginFamily::kWorldWind)
      idle.push_back(use.element->GetAttribute("filename")->GetAsString());
  }
  if (idle.empty()) return;
  diagnostics.warn(sdfio::location_of(model.Element()),
                   fmt::format("model '{}' is fixed to the world by joint '{}', so it is static "
                               "scenery: its plugins {} act on nothing",
                               model.Name(), joint, fmt::join(idle, ", ")));
}

/// A geo-referenced file must cover the world origin or a model's start (field_params.h).
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

Scenario compile(const sdf::Root& root, const sdf::Errors& sdf_errors, const std::string& source,
                 const std::string& search_path, std::uint64_t seed, Diagnostics& diagnostics) {
  if (root.WorldCount() == 0) {
    if (!sdf_errors.empty()) throw to_load_error(sdf_errors.front(), source, search_path);
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
  const sdf::World& world = *root.WorldByIndex(0);
  Scenario scenario;
  Model& m = scenario.model;
  m.world_name = world.Name();
  m.source = source;
  m.dt = read_step_size(world);
  m.seed = seed;
  // Every plugin is classified once (plugin_registry.h); each step of the load takes its family.
  const sdfio::ClassifiedPlugins world_plugins =
      sdfio::classify_plugins(world.Element(), sdfio::PluginScope::kWorld);
  std::vector<sdfio::ClassifiedPlugins> model_plugins;
  for (std::uint64_t i = 0; i < world.ModelCount(); ++i) {
    model_plugins.push_back(
        sdfio::classify_plugins(world.ModelByIndex(i)->Element(), sdfio::PluginScope::kModel));
  }
  const sdfio::WorldSettings settings =
      sdfio::load_world_settings(world, world_plugins, model_plugins, seed, diagnostics);
  m.gravity_W = settings.gravity_W;
  m.environment = settings.environment;
  m.origin = settings.origin;
  std::vector<std::pair<int, const sdfio::ClassifiedPlugins*>> bodies;
  for (std::uint64_t i = 0; i < world.ModelCount(); ++i) {
    const sdf::Model& model = *world.ModelByIndex(i);
    ignition::math::Pose3d pose;
    if (const sdf::Errors e = model.SemanticPose().Resolve(pose); !e.empty()) {
      throw LoadError(sdfio::location_of(model.Element()), e.front().Message());
    }
    const Eigen::Isometry3d X_WM = sdfio::to_isometry(pose);
    // Static models, and models fixed to the world by a joint, are scenery: nothing to
    // integrate, only shapes to touch.
    const std::optional<std::string> anchor = sdfio::world_anchor(model);
    if (anchor && !model.Static()) warn_anchored(model, *anchor, model_plugins[i], diagnostics);
    const int body = model.Static() || anchor ? -1 : static_cast<int>(m.bodies.size());
    if (body >= 0) {
      m.bodies.push_back(sdfio::load_body(model, model_plugins[i], X_WM, settings, body,
                                          m.actuators, diagnostics));
      bodies.emplace_back(body, &model_plugins[i]);
    }
    Collider collider = sdfio::load_collider(model, body, X_WM);
    if (!collider.shapes.empty() || !collider.undetected.empty()) {
      m.colliders.push_back(std::move(collider));
    }
  }
  check_geo_coverage(settings.geo_fields, m);
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
  if (!sdf_errors.empty()) throw to_load_error(sdf_errors.front(), source, search_path);
  return scenario;
}

}  // namespace

std::string model_search_path(const std::filesystem::path& world_dir) {
  std::vector<std::string> dirs;
  for (const char* variable :
       {"LEEWAY_RESOURCE_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH"}) {
    if (const char* value = std::getenv(variable); value && *value) dirs.emplace_back(value);
  }
  dirs.push_back((world_dir / "models").string());
  dirs.push_back((world_dir.parent_path() / "models").string());
  return fmt::format("{}", fmt::join(dirs, ":"));
}

Scenario load_scenario_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw LoadError({path, 0, ""}, "cannot read the world: no such file");
  }
  // sdformat 12 fails on bare relative paths; an absolute one always works.
  const std::filesystem::path absolute = std::filesystem::absolute(path).lexically_normal();
  const std::string search_path = model_search_path(absolute.parent_path());
  sdf::ParserConfig config;
  config.AddURIPath("model://", search_path);
  // Without a callback sdformat prints a console complaint on every URI it cannot find; the
  // LoadError explains it instead.
  config.SetFindCallback([](const std::string&) { return std::string(); });
  sdf::Root root;
  const sdf::Errors errors =
      parse_guarded(path, [&] { return root.Load(absolute.string(), config); });
  return compile(root, errors, path, search_path, seed, diagnostics);
}

Scenario load_scenario_string(const std::string& sdf_text, const std::string& source_name,
                              Diagnostics& diagnostics, std::uint64_t seed) {
  sdf::Root root;
  const sdf::Errors errors =
      parse_guarded(source_name, [&] { return root.LoadSdfString(sdf_text); });
  // Elements parsed from memory carry no file name: give them the caller's.
  try {
    Scenario scenario = compile(root, errors, source_name, "", seed, diagnostics);
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

Model load_world_file(const std::string& path, Diagnostics& diagnostics, std::uint64_t seed) {
  return load_scenario_file(path, diagnostics, seed).model;
}

Model load_world_string(const std::string& sdf_text, const std::string& source_name,
                        Diagnostics& diagnostics, std::uint64_t seed) {
  return load_scenario_string(sdf_text, source_name, diagnostics, seed).model;
}

}  // namespace leeway
