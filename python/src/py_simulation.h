// What `leeway.Simulation` wraps: a sim::Simulation (sim/simulation.h), the inputs a script
// holds between its steps (commands and external wrenches, given at every step as
// `leeway run --command` gives its own), and the world's load warnings. Nothing here knows
// Python: the binding (simulation_binding.cc) converts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "leeway/sdf/load_world.h"
#include "leeway/sensors/camera.h"
#include "leeway/sim/simulation.h"
#include "leeway/transport/served_run.h"

namespace leeway {}  // namespace leeway

namespace leeway::python {

/// Where a world comes from: a file, SDF text, or neither (the embedded default world).
struct WorldSource {
  std::string path;         ///< a file; empty: `text`, or the default world
  std::string text;         ///< SDF text; used when `path` is empty and it is not
  std::string name;         ///< what `text` is called in messages
  std::uint64_t seed = 0;   ///< Model::seed (load_world.h)
  bool controllers = true;  ///< false: the world's controllers are left out
  std::vector<Spawn> spawns;
};

/// How a simulation is served while Python steps it (transport/served_run.h).
using leeway::ServeOptions;

/// A step that step() refused or undid: the State stays at that step's start.
struct StepRefused : std::runtime_error {
  StepRefused(const std::string& what, double t_) : std::runtime_error(what), t(t_) {}
  double t;  ///< [s] the time of the refused step's start
};

/// A view of the world for render(): a camera at `eye_W` looking at `target_W` (ENU [m]), or, with
/// neither, following body `body` from behind and above (its heading's way, three of its
/// bounding radii back and one and a half up); `width` x `height` pixels over `horizontal_fov`.
struct RenderView {
  int width = 640;
  int height = 480;
  double horizontal_fov = 1.0;  ///< [rad]
  int body = 0;
  std::optional<Vec3> eye_W, target_W;
};

/// The world's moving models, actuators and sensors by name, in index order: a body by its
/// model's name, an actuator or sensor as "model/name".
std::vector<std::string> body_names(const Model& model);
std::vector<std::string> actuator_names(const Model& model);
std::vector<std::string> sensor_names(const Model& model);

class PySimulation {
 public:
  /// Loads the world; throws LoadError (core/error.h) naming file, line and element.
  explicit PySimulation(const WorldSource& source);
  ~PySimulation();
  /// A world already loaded (another PySimulation's, an edited one).
  PySimulation(Scenario scenario, std::vector<std::string> warnings);
  PySimulation(const PySimulation&) = delete;
  PySimulation& operator=(const PySimulation&) = delete;

  Simulation& sim() { return *sim_; }
  const Simulation& sim() const { return *sim_; }
  const Model& model() const { return sim_->model(); }
  const std::vector<std::string>& warnings() const { return warnings_; }

  /// Whether the cameras draw, the lidars scan and the sonars ping at their samples (off at the
  /// start: a frame costs milliseconds); the Simulation's own setting (StepData::draw_images),
  /// which replace_environment() carries over.
  void draw_images(bool on) { sim_->draw_images(on); }
  bool draws_images() const { return sim_->data().draw_images; }

  /// The world as `view` sees it now, drawn as a camera sensor draws (sensors/camera.h: the
  /// world's visuals, its sun, the sea with its reflections, the water's attenuation), without
  /// noise, on every core. A world whose sensors draw nothing has no visual scene: the first
  /// render builds one (its visuals' meshes read then). Throws std::invalid_argument for a view
  /// the camera refuses (check_camera) or an eye on its target.
  CameraImage render(const RenderView& view);

  /// `n` steps with the held inputs (and, served, what the clients sent: serve()); throws
  /// StepRefused for the first one refused. The caller may release the GIL around it.
  void step(std::uint64_t n);

  /// Serves the world over gz-transport and DDS as `leeway run --serve` does, while Python
  /// steps it: every step is published, and the commands and wrenches clients send join the
  /// held ones (an actuator the script holds a command for follows the script's). Throws
  /// std::runtime_error if a transport refuses. Serving again replaces the servers.
  void serve(const ServeOptions& options);
  void stop_serving();
  bool serving() const { return served_run_ != nullptr; }
  /// The topics served over gz-transport and DDS (empty when not served).
  std::vector<std::string> gz_topics() const;
  std::vector<std::string> dds_topics() const;

  /// The actuator called "model/actuator" (or its index as text is not accepted): its index,
  /// or std::out_of_range listing the world's actuators.
  int actuator(const std::string& name) const;
  int body(const std::string& model_name) const;
  int sensor(const std::string& name) const;

  /// Holds `value` for actuator `index` from the next step on. Throws std::invalid_argument,
  /// holding nothing new, for a value its actuator refuses (not finite, or outside the range
  /// of a policy that rejects); returns the clamp warning for one it clamps ("" if none).
  std::string set_command(int index, double value);
  /// No command held for actuator `index` (every actuator for -1): the last one latched holds
  /// until its watchdog, and the world's controller, if any, commands it again.
  void clear_command(int index);
  /// The held commands (NaN where none).
  std::vector<double> held_commands() const;

  /// Holds the external wrench [Fx Fy Fz Mx My Mz] on body `index` about Bo, in B [N, N m];
  /// throws std::invalid_argument for a non-finite one.
  void set_wrench(int index, const Vec6& F_Bo_B);
  void clear_wrenches() { inputs_.F_ext_Bo_B.clear(); }

  /// Replaces one part of the world's environment by what `elements` describe: the
  /// leeway::Environment plugin's elements for it (<waves> or <wavefield>; <wind>; <current>,
  /// <current_process>, <current_profile>, <tides>: docs/sdf-reference.md), read and checked as
  /// the world loader reads them, drawn with the world's seed. No elements: calm water, no wind,
  /// no current. The world is then at its initial state; the held inputs stay. Throws
  /// LoadError, and changes nothing, for elements the loader refuses.
  /// Several parts at once, read together.
  enum class EnvironmentPart { kWaves, kWind, kCurrent };
  void replace_environment(const std::vector<std::pair<EnvironmentPart, std::string>>& parts);

 private:
  std::unique_ptr<Simulation> sim_;
  std::vector<std::string> warnings_;
  /// The world with a visual scene for render(), made at its first call when the world has none.
  std::shared_ptr<const Model> render_model_;
  Inputs inputs_;
  // Served (after sim_: destroyed before it, as they must be).
  std::optional<ServeOptions> served_;
  std::unique_ptr<ServedRun> served_run_;
};

}  // namespace leeway::python
