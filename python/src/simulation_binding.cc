// leeway.Simulation: one world stepped from Python (docs/python.md). Arrays handed out are
// copies: a reset or a restore replaces the State's storage, so a view would outlive it.
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>

#include "bindings.h"
#include "leeway/output/output_frame.h"
#include "leeway/sdf/spawn_option.h"
#include "leeway/transport/input_plan.h"
#include "leeway/world/events.h"
#include "py_simulation.h"

namespace py = pybind11;

namespace leeway::python {
namespace {

void warn(const std::string& message) {
  if (message.empty()) return;
  PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 2);
}

OutputFrame frame_of(const std::string& name) {
  const std::optional<OutputFrame> f = parse_output_frame(name);
  if (!f) throw py::value_error("frame '" + name + "': expected 'enu' or 'ned'");
  return *f;
}

/// (rows, columns) of doubles, filled by `fill(row, pointer to its first column)`.
template <typename Fill>
py::array_t<double> rows(std::size_t n, py::ssize_t columns, Fill fill) {
  py::array_t<double> out({static_cast<py::ssize_t>(n), columns});
  auto a = out.mutable_unchecked<2>();
  for (std::size_t i = 0; i < n; ++i)
    fill(i, a.mutable_data(static_cast<py::ssize_t>(i), 0));
  return out;
}

std::vector<double> as_vector(const py::handle& values, std::size_t expected, const char* what) {
  const auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(values);
  if (!a || a.ndim() != 1 || static_cast<std::size_t>(a.shape(0)) != expected) {
    throw py::value_error(py::str("{}: expected a sequence of {} numbers, got {}")
                              .format(what, expected, py::repr(values)));
  }
  return {a.data(), a.data() + expected};
}

/// SDF elements from keywords: a dict becomes nested elements, a list or tuple its items
/// separated by spaces, anything else its str().
std::string sdf_elements(const py::dict& elements) {
  std::string out;
  for (const auto& [key, value] : elements) {
    const std::string name = py::str(key);
    std::string text;
    if (py::isinstance<py::dict>(value)) {
      text = sdf_elements(value.cast<py::dict>());
    } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value) ||
               py::isinstance<py::array>(value)) {
      for (const py::handle item : value)
        text += (text.empty() ? "" : " ") + std::string(py::str(item));
    } else {
      text = py::str(value);
    }
    out += "<" + name + ">" + text + "</" + name + ">";
  }
  return out;
}

using Part = PySimulation::EnvironmentPart;

/// The elements of one part of the environment from its keywords (set_sea_state, set_wind,
/// set_current): <waves> (or VRX's <wavefield>), <wind>, or the <current...> elements.
std::string part_elements(Part part, const py::dict& keywords) {
  if (keywords.size() == 0) return "";
  py::dict d = keywords;
  if (part == Part::kWaves && d.contains("wavefield")) {
    if (d.size() != 1) {
      throw py::value_error(
          "set_sea_state: wavefield= describes the whole sea; expected no other keywords");
    }
    return sdf_elements(d);
  }
  if (part == Part::kCurrent) {
    // The keywords name the environment's <current...> elements.
    static const std::map<std::string, std::string> kElements = {{"velocity", "current"},
                                                                 {"process", "current_process"},
                                                                 {"profile", "current_profile"},
                                                                 {"tides", "tides"}};
    py::dict renamed;
    for (const auto& [key, value] : d) {
      const auto it = kElements.find(py::str(key));
      if (it == kElements.end()) {
        throw py::value_error(py::str("set_current: unknown keyword '{}': expected velocity, "
                                      "process, profile or tides")
                                  .format(key));
      }
      renamed[py::str(it->second)] = value;
    }
    return sdf_elements(renamed);
  }
  const std::string name = part == Part::kWaves ? "waves" : "wind";
  return "<" + name + ">" + sdf_elements(d) + "</" + name + ">";
}

void replace(PySimulation& s, const std::vector<std::pair<Part, std::string>>& parts) {
  py::gil_scoped_release release;
  s.replace_environment(parts);
}

py::list task_list(const Simulation& sim) {
  py::list out;
  for (std::size_t k = 0; k < sim.scenario().tasks.size(); ++k) {
    const TaskModel& task = sim.scenario().tasks[k];
    const TaskState& s = sim.task_states()[k];
    py::dict d;
    d["name"] = task.name;
    d["kind"] = task_kind_name(task.kind);
    d["vehicle"] = task.vehicle_name;
    d["vehicle_index"] = task.vehicle;
    py::list goals;
    for (const TaskGoal& g : task.goals)
      goals.append(py::make_tuple(g.p_W.x(), g.p_W.y(), g.yaw));
    d["goals"] = goals;
    d["phase"] = task_phase_name(s.phase);
    d["running_time"] = task.running_time();
    d["finish_time"] = task.finish_time();
    d["scored_steps"] = s.running_steps;
    d["score"] = s.running_steps > 0 ? py::object(py::float_(s.score)) : py::object(py::none());
    d["error_sum"] = s.error_sum;
    d["min_errors"] = s.min_errors;
    d["collisions"] = s.collisions.size();
    out.append(d);
  }
  return out;
}

/// An actuator, body or sensor given by name or by index.
int index_of(const py::handle& key, std::size_t count, const char* what,
             const std::function<int(const std::string&)>& by_name) {
  if (py::isinstance<py::str>(key)) {
    try {
      return by_name(key.cast<std::string>());
    } catch (const std::out_of_range& e) {
      throw py::key_error(e.what());
    }
  }
  const auto i = key.cast<py::ssize_t>();
  if (i < 0 || static_cast<std::size_t>(i) >= count) {
    throw py::index_error(
        py::str("{} index {} out of range: the world has {}").format(what, i, count));
  }
  return static_cast<int>(i);
}

}  // namespace

int actuator_of(const PySimulation& s, const py::handle& key) {
  return index_of(key, s.model().actuators.size(), "actuator",
                  [&](const std::string& n) { return s.actuator(n); });
}
int body_of(const PySimulation& s, const py::handle& key) {
  return index_of(key, s.model().bodies.size(), "body",
                  [&](const std::string& n) { return s.body(n); });
}
int sensor_of(const PySimulation& s, const py::handle& key) {
  return index_of(key, s.model().sensors.size(), "sensor",
                  [&](const std::string& n) { return s.sensor(n); });
}

std::vector<int> actuators_of(const PySimulation& s, const py::object& actuators) {
  std::vector<int> index;
  if (actuators.is_none()) {
    for (std::size_t i = 0; i < s.model().actuators.size(); ++i)
      index.push_back(static_cast<int>(i));
  } else {
    for (const py::handle a : actuators)
      index.push_back(actuator_of(s, a));
  }
  return index;
}

void bind_simulation(py::module_& m) {
  py::class_<Snapshot>(m, "Snapshot",
                       "Everything that changes while a world runs (its State and its "
                       "controllers', navigators' and tasks' states): Simulation.restore() "
                       "continues exactly from it.")
      .def_property_readonly("t", [](const Snapshot& s) { return s.state.t; })
      .def_property_readonly("step_count", [](const Snapshot& s) { return s.state.step_count; })
      .def_property_readonly("seed", [](const Snapshot& s) { return s.state.seed; })
      .def(py::self == py::self)
      .def("__copy__", [](const Snapshot& s) { return s; })
      .def("__deepcopy__", [](const Snapshot& s, py::dict) { return s; });

  py::class_<PySimulation>(m, "Simulation", "One world, stepped from Python (docs/python.md).")
      .def(py::init([](std::optional<std::filesystem::path> world, std::uint64_t seed,
                       bool controllers, std::vector<std::string> spawns) {
             WorldSource source;
             if (world) source.path = world->string();
             source.seed = seed;
             source.controllers = controllers;
             for (const std::string& s : spawns)
               source.spawns.push_back(parse_spawn(s));
             py::gil_scoped_release release;
             return std::make_unique<PySimulation>(source);
           }),
           py::arg("world") = py::none(), py::kw_only(), py::arg("seed") = 0,
           py::arg("controllers") = true, py::arg("spawns") = std::vector<std::string>{},
           "Loads the world file `world` (None: the embedded default world) with `seed`.")
      .def_static(
          "from_sdf",
          [](const std::string& text, const std::string& name, std::uint64_t seed,
             bool controllers) {
            WorldSource source;
            source.text = text;
            source.name = name;
            source.seed = seed;
            source.controllers = controllers;
            if (text.empty()) throw py::value_error("from_sdf: the SDF text is empty");
            py::gil_scoped_release release;
            return std::make_unique<PySimulation>(source);
          },
          py::arg("text"), py::kw_only(), py::arg("name") = "<sdf text>", py::arg("seed") = 0,
          py::arg("controllers") = true, "Loads the first <world> of SDF text.")
      .def(
          "copy",
          [](const PySimulation& s) {
            auto c = std::make_unique<PySimulation>(s.sim().scenario(), s.warnings());
            c->sim().restore(s.sim().snapshot());
            return c;
          },
          "Another simulation of the same world, at this one's state, holding no inputs.")

      // The world.
      .def_property_readonly("world_name",
                             [](const PySimulation& s) { return s.model().world_name; })
      .def_property_readonly("source", [](const PySimulation& s) { return s.model().source; })
      .def_property_readonly("dt", [](const PySimulation& s) { return s.model().dt; })
      .def_property_readonly("seed", [](const PySimulation& s) { return s.model().seed; })
      .def_property_readonly("warnings", &PySimulation::warnings)
      .def_property_readonly("body_names",
                             [](const PySimulation& s) { return body_names(s.model()); })
      .def_property_readonly("actuator_names",
                             [](const PySimulation& s) { return actuator_names(s.model()); })
      .def_property_readonly("sensor_names",
                             [](const PySimulation& s) { return sensor_names(s.model()); })
      .def_property_readonly("sensor_types",
                             [](const PySimulation& s) {
                               std::vector<std::string> n;
                               for (const SensorModel& x : s.model().sensors)
                                 n.push_back(sensor_type_name(x));
                               return n;
                             })
      .def_property_readonly("controller_names",
                             [](const PySimulation& s) {
                               std::vector<std::string> n;
                               for (const ControllerModel& c : s.sim().scenario().controllers)
                                 n.push_back(c.model_name);
                               return n;
                             })
      .def_property_readonly(
          "actuator_ranges",
          [](const PySimulation& s) {
            const auto& a = s.model().actuators;
            return rows(a.size(), 2, [&](std::size_t i, double* r) {
              r[0] = a[i].command_min, r[1] = a[i].command_max;
            });
          },
          "(actuators, 2): each command's range [min, max], in its unit.")
      .def_property_readonly("actuator_units",
                             [](const PySimulation& s) {
                               std::vector<std::string> n;
                               for (const ActuatorModel& a : s.model().actuators)
                                 n.push_back(a.unit);
                               return n;
                             })
      .def_property_readonly(
          "actuator_topics",
          [](const PySimulation& s) {
            std::vector<std::string> n;
            for (std::size_t i = 0; i < s.model().actuators.size(); ++i)
              n.push_back(command_topic(s.sim().scenario(), i));
            return n;
          },
          "The gz-transport topic each actuator takes commands on when served.")
      .def("actuator_index", &PySimulation::actuator, py::arg("name"))
      .def("body_index", &PySimulation::body, py::arg("name"))
      .def("sensor_index", &PySimulation::sensor, py::arg("name"))

      // Stepping.
      .def_property_readonly("t", [](const PySimulation& s) { return s.sim().state().t; })
      .def_property_readonly("step_count",
                             [](const PySimulation& s) { return s.sim().state().step_count; })
      .def(
          "step",
          [](PySimulation& s, std::uint64_t n) {
            py::gil_scoped_release release;
            s.step(n);
          },
          py::arg("n") = 1,
          "Steps n times with the held commands and wrenches; raises StepError, at the refused "
          "step's start, for a step the physics refuses.")
      .def(
          "run_until",
          [](PySimulation& s, double t) {
            const std::uint64_t until = steps_for(t, s.model().dt);
            const std::uint64_t now = s.sim().state().step_count;
            py::gil_scoped_release release;
            if (until > now) s.step(until - now);
          },
          py::arg("t"), "Steps until the simulated time reaches t [s] (ceil(t / dt) steps from 0).")
      .def(
          "reset",
          [](PySimulation& s, std::optional<std::uint64_t> seed) {
            py::gil_scoped_release release;
            seed ? s.sim().reset(*seed) : s.sim().reset();
          },
          py::arg("seed") = py::none(),
          "Back to the initial state; with a seed, the world drawn again from it (its waves, "
          "gusts and noise) as a world loaded with that seed.")
      .def("snapshot", [](const PySimulation& s) { return s.sim().snapshot(); })
      .def(
          "restore", [](PySimulation& s, const Snapshot& snap) { s.sim().restore(snap); },
          py::arg("snapshot"))
      .def(
          "draw_images", [](PySimulation& s, bool on) { s.draw_images(on); }, py::arg("on") = true,
          "Whether the cameras draw, the lidars scan and the sonars ping at their samples.")

      // Inputs.
      .def(
          "set_command",
          [](PySimulation& s, const py::handle& actuator, double value) {
            warn(s.set_command(actuator_of(s, actuator), value));
          },
          py::arg("actuator"), py::arg("value"),
          "Holds a command for an actuator (\"model/actuator\" or its index), in its unit, from "
          "the next step on.")
      .def(
          "set_commands",
          [](PySimulation& s, const py::handle& values, const py::object& actuators) {
            const std::vector<int> index = actuators_of(s, actuators);
            const std::vector<double> v = as_vector(values, index.size(), "set_commands");
            // Every value checked before any is held: a refused one changes nothing.
            const std::vector<double> before = s.held_commands();
            try {
              for (std::size_t k = 0; k < index.size(); ++k)
                warn(s.set_command(index[k], v[k]));
            } catch (...) {
              for (std::size_t i = 0; i < before.size(); ++i) {
                if (std::isnan(before[i]))
                  s.clear_command(static_cast<int>(i));
                else
                  s.set_command(static_cast<int>(i), before[i]);
              }
              throw;
            }
          },
          py::arg("values"), py::arg("actuators") = py::none(),
          "Holds commands for every actuator in order, or for those named or indexed in "
          "`actuators`.")
      .def(
          "clear_commands",
          [](PySimulation& s, const py::object& actuators) {
            if (actuators.is_none()) return s.clear_command(-1);
            for (const py::handle a : actuators)
              s.clear_command(actuator_of(s, a));
          },
          py::arg("actuators") = py::none(),
          "Holds no command for these actuators (all by default): the last one latched holds "
          "until its watchdog, and the world's controller commands them again.")
      .def_property_readonly(
          "held_commands",
          [](const PySimulation& s) { return py::array(py::cast(s.held_commands())); })
      .def(
          "set_wrench",
          [](PySimulation& s, const py::handle& body, const py::handle& wrench) {
            const std::vector<double> w = as_vector(wrench, 6, "set_wrench");
            s.set_wrench(body_of(s, body), Vec6(w.data()));
          },
          py::arg("body"), py::arg("wrench"),
          "Holds an external wrench [Fx, Fy, Fz, Mx, My, Mz] on a body, about its origin, in its "
          "own axes (FLU) [N, N m].")
      .def("clear_wrenches", &PySimulation::clear_wrenches)

      // The state.
      .def_property_readonly("positions",
                             [](const PySimulation& s) {
                               const auto& b = s.sim().state().bodies;
                               return rows(b.size(), 3,
                                           [&](std::size_t i, double* r) { put(r, b[i].p_WB); });
                             })
      .def_property_readonly("quaternions",
                             [](const PySimulation& s) {
                               const auto& b = s.sim().state().bodies;
                               return rows(b.size(), 4, [&](std::size_t i, double* r) {
                                 r[0] = b[i].q_WB.w(), r[1] = b[i].q_WB.x();
                                 r[2] = b[i].q_WB.y(), r[3] = b[i].q_WB.z();
                               });
                             })
      .def_property_readonly("twists",
                             [](const PySimulation& s) {
                               const auto& b = s.sim().state().bodies;
                               return rows(b.size(), 6,
                                           [&](std::size_t i, double* r) { put(r, b[i].V_WB_B); });
                             })
      .def(
          "body_rows",
          [](const PySimulation& s, const std::string& frame) {
            const OutputFrame f = frame_of(frame);
            const auto& b = s.sim().state().bodies;
            return rows(b.size(), 12, [&](std::size_t i, double* r) {
              const PoseTwistRow row = to_output_frame(b[i], f);
              put(r, row.position);
              put(r + 3, row.roll_pitch_yaw);
              put(r + 6, row.twist);
            });
          },
          py::arg("frame") = "enu",
          "Each body as a recording's row: x y z [m], roll pitch yaw [rad], u v w [m/s], p q r "
          "[rad/s], in 'enu' (FLU bodies) or 'ned' (FRD bodies).")
      .def_property_readonly(
          "actuator_states",
          [](const PySimulation& s) { return py::array(py::cast(s.sim().state().actuators)); })
      .def_property_readonly(
          "latched_commands",
          [](const PySimulation& s) { return py::array(py::cast(s.sim().state().commands)); })

      // The last step's outputs.
      .def_property_readonly("accelerations",
                             [](const PySimulation& s) {
                               const auto& b = s.sim().data().bodies;
                               return rows(b.size(), 6,
                                           [&](std::size_t i, double* r) { put(r, b[i].nu_dot); });
                             })
      .def(
          "wrenches",
          [](const PySimulation& s, const py::handle& body) {
            const BodyWrenches& w =
                s.sim().data().bodies.at(static_cast<std::size_t>(body_of(s, body))).wrenches;
            py::dict d;
            for (int k = 0; k < BodyWrenches::kCount; ++k)
              d[py::str(std::string(BodyWrenches::name(k)))] =
                  py::array_t<double>(6, w.terms[static_cast<std::size_t>(k)].data());
            return d;
          },
          py::arg("body"),
          "The last step's force terms on a body at its start, about its origin in its axes.")
      .def_property_readonly("events",
                             [](const PySimulation& s) {
                               std::vector<std::string> out;
                               for (const Event& e : s.sim().data().events)
                                 out.push_back(describe(s.model(), e));
                               return out;
                             })
      .def(
          "sensor",
          [](const PySimulation& s, const py::handle& sensor) {
            return sensor_reading(s, sensor, "sim.draw_images()");
          },
          py::arg("sensor"),
          "The sensor's latest reading (\"model/sensor\" or its index); a camera's, lidar's or "
          "sonar's after draw_images().")
      .def_property_readonly("tasks", [](const PySimulation& s) { return task_list(s.sim()); })
      .def(
          "render",
          [](PySimulation& s, int width, int height, double fov, const py::handle& body,
             std::optional<std::array<double, 3>> eye,
             std::optional<std::array<double, 3>> target) {
            RenderView view;
            view.width = width;
            view.height = height;
            view.horizontal_fov = fov;
            if (!eye && !target) view.body = body_of(s, body);
            if (eye) view.eye_W = Vec3((*eye)[0], (*eye)[1], (*eye)[2]);
            if (target) view.target_W = Vec3((*target)[0], (*target)[1], (*target)[2]);
            CameraImage image;
            {
              py::gil_scoped_release release;
              image = s.render(view);
            }
            py::array_t<std::uint8_t> rgb({image.height, image.width, 3});
            std::copy(image.rgb.begin(), image.rgb.end(), rgb.mutable_data());
            return rgb;
          },
          py::arg("width") = 640, py::arg("height") = 480, py::arg("fov") = 1.0,
          py::arg("body") = 0, py::arg("eye") = py::none(), py::arg("target") = py::none(),
          "The world now as an RGB image (height x width x 3, uint8), drawn as a camera sensor "
          "draws it: from `eye` looking at `target` (ENU [m]), or following `body` (a name or an "
          "index) from behind and above; `fov` the horizontal field of view [rad].")

      // Serving, while Python steps.
      .def(
          "serve",
          [](PySimulation& s, const std::string& listen, std::optional<int> ros_domain,
             double clock_rate, bool gz, bool dds) {
            ServeOptions o;
            o.listen = listen;
            if (ros_domain) {
              o.ros_domain = *ros_domain;
            } else if (const char* id = std::getenv("ROS_DOMAIN_ID"); id && id[0]) {
              o.ros_domain = std::atoi(id);
            }
            if (o.ros_domain < 0 || o.ros_domain > 232)
              throw py::value_error(
                  py::str("ros_domain {}: expected 0 to 232").format(o.ros_domain));
            if (!(clock_rate >= 0.0) || !std::isfinite(clock_rate))
              throw py::value_error(
                  py::str("clock_rate {}: expected >= 0 (0: every step)").format(clock_rate));
            o.clock_rate_hz = clock_rate;
            o.gz = gz;
            o.dds = dds;
            py::gil_scoped_release release;
            s.serve(o);
          },
          py::kw_only(), py::arg("listen") = "127.0.0.1", py::arg("ros_domain") = py::none(),
          py::arg("clock_rate") = 0.0, py::arg("gz") = true, py::arg("dds") = true,
          "Serves the world over gz-transport and to ROS 2 over DDS, as `leeway run --serve`, "
          "while Python steps it (docs/python.md).")
      .def("stop_serving",
           [](PySimulation& s) {
             py::gil_scoped_release release;
             s.stop_serving();
           })
      .def_property_readonly("serving", &PySimulation::serving)
      .def_property_readonly("gz_topics", &PySimulation::gz_topics)
      .def_property_readonly("dds_topics", &PySimulation::dds_topics)

      // The environment, between runs.
      .def(
          "set_sea_state",
          [](PySimulation& s, const py::kwargs& kw) {
            replace(s, {{Part::kWaves, part_elements(Part::kWaves, kw)}});
          },
          "Replaces the sea by the <waves> these keywords describe (no keywords: calm; "
          "wavefield={...}: VRX's <wavefield>) and resets the world.")
      .def(
          "set_wind",
          [](PySimulation& s, const py::kwargs& kw) {
            replace(s, {{Part::kWind, part_elements(Part::kWind, kw)}});
          },
          "Replaces the wind by the <wind> these keywords describe (no keywords: none) and "
          "resets the world.")
      .def(
          "set_current",
          [](PySimulation& s, const py::kwargs& kw) {
            replace(s, {{Part::kCurrent, part_elements(Part::kCurrent, kw)}});
          },
          "Replaces the current by the elements these keywords describe (velocity=(east, "
          "north, up), or process=, profile=, tides=; none: still water) and resets the world.")
      .def(
          "set_environment",
          [](PySimulation& s, const std::optional<py::dict>& sea_state,
             const std::optional<py::dict>& wind, const std::optional<py::dict>& current) {
            std::vector<std::pair<Part, std::string>> parts;
            if (sea_state)
              parts.emplace_back(Part::kWaves, part_elements(Part::kWaves, *sea_state));
            if (wind) parts.emplace_back(Part::kWind, part_elements(Part::kWind, *wind));
            if (current)
              parts.emplace_back(Part::kCurrent, part_elements(Part::kCurrent, *current));
            if (!parts.empty()) replace(s, parts);
          },
          py::kw_only(), py::arg("sea_state") = py::none(), py::arg("wind") = py::none(),
          py::arg("current") = py::none(),
          "set_sea_state, set_wind and set_current at once (each a dict of their keywords; "
          "None: kept), read together: one reset, and a third of the time.");
}

}  // namespace leeway::python
