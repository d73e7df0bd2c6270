#include "leeway/sdf/plugin_registry.h"

#include <fmt/format.h>
#include <cctype>
#include <type_traits>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/gz/buoyancy.h"
#include "leeway/sdf/gz/hydrodynamics.h"
#include "leeway/sdf/gz/linear_battery.h"
#include "leeway/sdf/gz/odometry_publisher.h"
#include "leeway/sdf/gz/pose_publisher.h"
#include "leeway/sdf/leeway/actuators.h"
#include "leeway/sdf/leeway/autopilot.h"
#include "leeway/sdf/leeway/client_limits.h"
#include "leeway/sdf/leeway/controllers.h"
#include "leeway/sdf/leeway/dive_pilot.h"
#include "leeway/sdf/leeway/environment.h"
#include "leeway/sdf/leeway/hull.h"
#include "leeway/sdf/leeway/hydrodynamics.h"
#include "leeway/sdf/leeway/rov_pilot.h"
#include "leeway/sdf/leeway/sea_state.h"
#include "leeway/sdf/leeway/station_keeper.h"
#include "leeway/sdf/sensor_plugins.h"
#include "leeway/sdf/uuv/actuators.h"
#include "leeway/sdf/uuv/current.h"
#include "leeway/sdf/uuv/hydrodynamics.h"
#include "leeway/sdf/uuv/sensors.h"
#include "leeway/sdf/vrx/hulls.h"
#include "leeway/sdf/vrx/hydrodynamics.h"
#include "leeway/sdf/vrx/pinger.h"
#include "leeway/sdf/vrx/polyhedra_buoyancy.h"
#include "leeway/sdf/vrx/scoring.h"
#include "leeway/sdf/vrx/thrust.h"
#include "leeway/sdf/vrx/wind.h"
#include "leeway/sdf/world_settings.h"

namespace leeway::sdfio {
namespace {

using F = PluginFamily;

/// Lower case without underscores: "Stationkeeping_Scoring" and "stationkeeping_scoring" meet.
std::string folded(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != '_') out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

// Loaders whose own signature differs from their family's contract, adapted here.

void setting_gz_buoyancy(const sdf::ElementPtr& p, WorldContext& c) {
  c.settings.gz_buoyancy = load_gz_buoyancy(p);
}
void setting_environment_preload(const sdf::ElementPtr& p, WorldContext& c) {
  if (c.settings.environment_data) {
    throw LoadError(location_of(p), fmt::format("a second EnvironmentPreload (the first is at "
                                                "{}:{}); expected one table per world",
                                                c.settings.environment_data->where.file,
                                                c.settings.environment_data->where.line));
  }
  c.settings.environment_data = load_environment_preload(p, c.settings.origin);
}
void setting_environment(const sdf::ElementPtr& p, WorldContext& c) {
  load_environment(p, c.run_seed, c.settings, c.diagnostics);
}
void setting_client_limits(const sdf::ElementPtr& p, WorldContext& c) {
  if (!c.settings.client_limits_where.file.empty()) {
    throw LoadError(location_of(p), fmt::format("a second ClientLimits (the first is at {}); "
                                                "expected one per world",
                                                c.settings.client_limits_where.str()));
  }
  c.settings.client_limits_where = location_of(p);
  load_client_limits(p, c.model_names, c.settings.client_limits);
}
void setting_uuv_current(const sdf::ElementPtr& p, WorldContext& c) {
  load_uuv_current(p, c.settings.environment.current);
}
void setting_vrx_wind(const sdf::ElementPtr& p, WorldContext& c) {
  claim_wind(c.settings, p);
  load_vrx_wind(p, c.settings.environment.wind, c.settings.wind_objects, c.diagnostics);
}
/// VRX's PublisherPlugin: the sea state it sends on /vrx/wavefield/parameters. Its other
/// messages (the acoustic tasks' pinger position) are not sent.
void setting_vrx_publisher(const sdf::ElementPtr& p, WorldContext& c) {
  for_each_child(p, [&](const sdf::ElementPtr& message) {
    if (message->GetName() != "message") return;
    const sdf::ParamPtr topic = message->GetAttribute("topic");
    if (topic && topic->GetAsString() == kVrxWavefieldTopic) {
      claim_waves(c.settings, message);
      Environment& env = c.settings.environment;
      env.waves = load_vrx_wavefield_message(message, env.surface_level, c.diagnostics);
      return;
    }
    c.diagnostics.warn_once("publisher topic " + (topic ? topic->GetAsString() : ""),
                            location_of(message),
                            fmt::format("VRX's PublisherPlugin message on '{}' is not sent "
                                        "(Leeway reads the one on {}, the sea state)",
                                        topic ? topic->GetAsString() : "", kVrxWavefieldTopic));
  });
}
void setting_vrx_classic_model_wind(const sdf::ElementPtr& p, WorldContext& c) {
  claim_wind(c.settings, p);
  load_vrx_classic_model_wind(p, c.model_name, c.settings.environment.wind, c.settings.wind_objects,
                              c.diagnostics);
}

template <TaskKind kind>
std::optional<TaskModel> vrx_task(const sdf::ElementPtr& p, const Model& model,
                                  Diagnostics& diagnostics) {
  return load_vrx_task(p, kind, model, diagnostics);
}

std::optional<TaskModel> unscored_vrx_task(const sdf::ElementPtr& p, const Model&,
                                           Diagnostics& diagnostics) {
  warn_unscored_vrx_task(p, diagnostics);
  return std::nullopt;
}

std::vector<HydroParams> hydro_gz(const sdf::ElementPtr& p, const ModelContext& c) {
  return {load_gz_hydrodynamics(p, c.world.environment_data, c.diagnostics)};
}
std::vector<HydroParams> hydro_uuv(const sdf::ElementPtr& p, const ModelContext& c) {
  return load_uuv_underwater_object(p, c.world.environment.fluid_density, c.diagnostics);
}
std::vector<HydroParams> hydro_vrx(const sdf::ElementPtr& p, const ModelContext&) {
  return {load_vrx_simple_hydrodynamics(p)};
}
std::vector<HydroParams> hydro_vrx_classic(const sdf::ElementPtr& p, const ModelContext& c) {
  return {load_vrx_classic_hydrodynamics(p, c.links.canonical_link)};
}
std::vector<HydroParams> hydro_leeway(const sdf::ElementPtr& p, const ModelContext& c) {
  HydroParams h = load_leeway_hydrodynamics(p);
  if (h.link_name.empty()) h.link_name = c.links.canonical_link;
  return {h};
}

void hull_leeway(const sdf::ElementPtr& p, const ModelContext& c, HullParts& hull) {
  load_leeway_hull(p, c.links, hull, c.diagnostics);
}
void hull_vrx_surface(const sdf::ElementPtr& p, const ModelContext& c, HullParts& hull) {
  load_vrx_surface(p, c.links, c.world.environment.surface_level, hull);
}
void hull_vrx_polyhedra(const sdf::ElementPtr& p, const ModelContext& c, HullParts& hull) {
  for (ShapeFloat& f : load_polyhedra_buoyancy_drag(p, c.links, c.world.environment.surface_level))
    hull.shape_floats.push_back(f);
}
void hull_vrx_classic(const sdf::ElementPtr& p, const ModelContext& c, HullParts& hull) {
  load_vrx_classic_grid(p, c.links, c.world.environment.surface_level, hull, c.diagnostics);
}

/// An actuator loader that has no joints to look up.
template <void (*load)(const sdf::ElementPtr&, ActuatorSink&)>
void without_joints(const sdf::ElementPtr& p, ActuatorSink& sink, DrivenJoints&) {
  load(p, sink);
}

/// A controller's law loader, its own model type widened to ControlLaw. A law that needs only the
/// physics (every one but the autopilot, which may follow a task) is given the Model.
template <auto load>
ControlLaw law(const sdf::ElementPtr& p, const Scenario& scenario, int body) {
  if constexpr (std::is_invocable_v<decltype(load), const sdf::ElementPtr&, const Model&, int>) {
    return load(p, scenario.model, body);
  } else {
    return load(p, scenario, body);
  }
}

}  // namespace

PluginScope scope_of(PluginFamily family) {
  return family == F::kWorldSetting || family == F::kTask ? PluginScope::kWorld
                                                          : PluginScope::kModel;
}

bool PluginPattern::matches(const std::string& filename, const std::string& name) const {
  if (folded) {
    return !filename_part.empty() &&
           sdfio::folded(filename + " " + name).find(filename_part) != std::string::npos;
  }
  if (!filename_part.empty() && filename.find(filename_part) != std::string::npos) return true;
  return !name_suffix.empty() && name.size() >= name_suffix.size() &&
         name.compare(name.size() - name_suffix.size(), name_suffix.size(), name_suffix) == 0;
}

const std::vector<PluginKind>& plugin_registry() {
  // Within a family the first matching row wins: keep the specific spellings above the general.
  static const std::vector<PluginKind> table = {
      // On the <world>.
      {F::kWorldSetting, {"buoyancy-system", "systems::Buoyancy"}, &setting_gz_buoyancy},
      {F::kWorldSetting, {"leeway-environment", "leeway::Environment"}, &setting_environment},
      {F::kWorldSetting, {"leeway-client-limits", "leeway::ClientLimits"}, &setting_client_limits},
      {F::kWorldSetting,
       {"environment-preload-system", "systems::EnvironmentPreload"},
       &setting_environment_preload},
      {F::kWorldSetting, {"underwater_current", "UnderwaterCurrentPlugin"}, &setting_uuv_current},
      {F::kWorldSetting, {"USVWind", "vrx::USVWind"}, &setting_vrx_wind},
      {F::kWorldSetting, {"usv_gazebo_wind_plugin", ""}, &setting_vrx_wind},
      {F::kWorldSetting, {"PublisherPlugin", "vrx::PublisherPlugin"}, &setting_vrx_publisher},
      {F::kTask, {"wayfindingscoring", "", true}, &vrx_task<TaskKind::kWayfinding>},
      {F::kTask, {"stationkeepingscoring", "", true}, &vrx_task<TaskKind::kStationKeeping>},
      // VRX's other scoring plugins (navigation, perception, docking, wildlife, acoustic,
      // gymkhana): refused with the list of the tasks Leeway scores.
      {F::kTask, {"scoringplugin", "", true}, &unscored_vrx_task},
      // On a <model>.
      {F::kWorldWind, {"usv_gazebo_wind_plugin", ""}, &setting_vrx_classic_model_wind},
      {F::kHydrodynamics, {"hydrodynamics-system", "systems::Hydrodynamics"}, &hydro_gz},
      {F::kHydrodynamics, {"underwater_object", ""}, &hydro_uuv},
      {F::kHydrodynamics, {"SimpleHydrodynamics", "::SimpleHydrodynamics"}, &hydro_vrx},
      {F::kHydrodynamics, {"usv_gazebo_dynamics_plugin", ""}, &hydro_vrx_classic},
      {F::kHydrodynamics, {"leeway-hydrodynamics", "leeway::Hydrodynamics"}, &hydro_leeway},
      {F::kHull, {"leeway-hull", "leeway::Hull"}, &hull_leeway},
      {F::kHull, {"libSurface", "::Surface"}, &hull_vrx_surface},
      {F::kHull, {"PolyhedraBuoyancyDrag", "::PolyhedraBuoyancyDrag"}, &hull_vrx_polyhedra},
      {F::kHull, {"usv_gazebo_dynamics_plugin", ""}, &hull_vrx_classic},
      {F::kJointController,
       {"joint-position-controller-system", "systems::JointPositionController"},
       &load_gz_joint_position_controller},
      {F::kJointController,
       {"joint-controller-system", "systems::JointController"},
       &without_joints<load_gz_joint_controller>},
      {F::kActuator, {"thruster-system", "systems::Thruster"}, &load_gz_thruster},
      {F::kActuator, {"lift-drag-system", "systems::LiftDrag"}, &load_gz_lift_drag},
      {F::kActuator,
       {"buoyancy-engine-system", "systems::BuoyancyEngine"},
       &without_joints<load_gz_buoyancy_engine>},
      // UUV Simulator 0.6 and the plain builds; 0.5's packages (LAUV, Desistek SAGA) drop "uuv_".
      {F::kActuator, {"thruster_ros_plugin", ""}, &without_joints<load_uuv_thruster>},
      {F::kActuator, {"thruster_plugin", ""}, &without_joints<load_uuv_thruster>},
      {F::kActuator, {"fin_ros_plugin", ""}, &without_joints<load_uuv_fin>},
      {F::kActuator, {"fin_plugin", ""}, &without_joints<load_uuv_fin>},
      {F::kActuator, {"usv_gazebo_thrust", ""}, &without_joints<load_vrx_thrust>},
      {F::kActuator, {"leeway-foil", "leeway::Foil"}, &without_joints<load_leeway_foil>},
      {F::kActuator,
       {"leeway-thruster", "leeway::Thruster"},
       &without_joints<load_leeway_thruster>},
      {F::kActuator,
       {"leeway-control-surface", "leeway::ControlSurface"},
       &without_joints<load_leeway_control_surface>},
      {F::kJointEffort,
       {"apply-joint-force-system", "systems::ApplyJointForce"},
       &load_gz_apply_joint_force},
      {F::kController, {"leeway-autopilot", "leeway::Autopilot"}, &law<load_autopilot>},
      {F::kController,
       {"leeway-station-keeping", "leeway::StationKeeping"},
       &law<load_station_keeper>},
      {F::kController, {"leeway-dive-pilot", "leeway::DivePilot"}, &law<load_dive_pilot>},
      {F::kController, {"leeway-rov-pilot", "leeway::RovPilot"}, &law<load_rov_pilot>},
      {F::kBattery,
       {"linearbatteryplugin-system", "systems::LinearBatteryPlugin"},
       &load_linear_battery},
      {F::kDetachableJoint,
       {"detachable-joint-system", "systems::DetachableJoint"},
       &load_detachable_joint},
      {F::kSensor, {"uuv_gazebo_ros_imu_plugin", ""}, &load_uuv_imu},
      {F::kSensor, {"uuv_gazebo_ros_subsea_pressure_plugin", ""}, &load_uuv_pressure},
      {F::kSensor, {"uuv_gazebo_ros_magnetometer_plugin", ""}, &load_uuv_magnetometer},
      {F::kSensor, {"uuv_gazebo_ros_dvl_plugin", ""}, &load_uuv_dvl},
      {F::kSensor, {"uuv_gazebo_ros_rpt_plugin", ""}, &load_uuv_rpt},
      {F::kSensor, {"uuv_gazebo_ros_pose_gt_plugin", ""}, &load_uuv_pose_gt},
      {F::kSensor, {"AcousticPingerPlugin", "::AcousticPingerPlugin"}, &load_vrx_pinger},
      {F::kSensor, {"odometry-publisher-system", "systems::OdometryPublisher"}, &load_gz_odometry},
      {F::kPosePublisher,
       {"pose-publisher-system", "systems::PosePublisher"},
       &load_pose_publisher},
  };
  return table;
}

std::vector<PluginUse> ClassifiedPlugins::of(PluginFamily family) const {
  std::vector<PluginUse> out;
  for (const PluginUse& use : uses) {
    if (use.kind && use.kind->family == family) out.push_back(use);
  }
  return out;
}

ClassifiedPlugins classify_plugins(const sdf::ElementPtr& parent, PluginScope scope) {
  ClassifiedPlugins out;
  for (sdf::ElementPtr p = parent->HasElement("plugin") ? parent->GetElement("plugin") : nullptr; p;
       p = p->GetNextElement("plugin")) {
    const std::string filename = p->GetAttribute("filename")->GetAsString();
    const std::string name = p->GetAttribute("name")->GetAsString();
    const std::size_t first = out.uses.size();
    for (const PluginKind& kind : plugin_registry()) {
      if (scope_of(kind.family) != scope || !kind.pattern.matches(filename, name)) continue;
      bool family_taken = false;
      for (std::size_t i = first; i < out.uses.size(); ++i)
        family_taken = family_taken || out.uses[i].kind->family == kind.family;
      if (!family_taken) out.uses.push_back({p, &kind});
    }
    if (out.uses.size() == first) out.uses.push_back({p, nullptr});
  }
  return out;
}

void report_unknown_plugin(const PluginUse& use, PluginScope scope, Diagnostics& diagnostics) {
  const std::string filename = use.element->GetAttribute("filename")->GetAsString();
  if (PluginPattern("joint-state-publisher", "systems::JointStatePublisher")
          .matches(filename, use.element->GetAttribute("name")->GetAsString())) {
    diagnostics.warn_once("plugin " + filename, location_of(use.element),
                          "gz-sim's JointStatePublisher has nothing to read: a served run "
                          "publishes every model's joint states (docs/interfaces.md)");
    return;
  }
  diagnostics.warn_once("plugin " + filename, location_of(use.element),
                        fmt::format("{} plugin '{}' has no meaning in Leeway and is ignored (said "
                                    "once, wherever else it appears)",
                                    scope == PluginScope::kWorld ? "world" : "model", filename));
}

}  // namespace leeway::sdfio
