// leeway.Batch: N copies of one world, each with its own seed, State and held commands, stepped
// together in C++ across threads with the GIL released (docs/python.md). A world is stepped by
// one thread alone and reads nothing of the others, so the results are the same bits for any
// number of threads.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <thread>

#include "bindings.h"
#include "leeway/core/interleaved_rows.h"
#include "leeway/output/output_frame.h"
#include "py_simulation.h"

namespace py = pybind11;

namespace leeway::python {
namespace {

class Batch {
 public:
  Batch(const WorldSource& source, const std::vector<std::uint64_t>& seeds, int threads)
      : threads_(threads) {
    PySimulation first(source);
    worlds_.reserve(seeds.size());
    for (std::size_t i = 0; i < seeds.size(); ++i) {
      worlds_.push_back(std::make_unique<PySimulation>(first.sim().scenario(), first.warnings()));
      if (seeds[i] != first.model().seed) worlds_.back()->sim().reset(seeds[i]);
    }
    errors_.assign(seeds.size(), "");
  }

  std::size_t size() const { return worlds_.size(); }
  int threads() const { return threads_; }
  PySimulation& world(std::size_t i) { return *worlds_[i]; }
  const PySimulation& world(std::size_t i) const { return *worlds_[i]; }
  const std::vector<std::string>& errors() const { return errors_; }

  /// `n` steps of every world that has not failed; a world whose step is refused keeps its
  /// error and stays at that step's start until a reset.
  void step(std::uint64_t n) {
    on_blocks([&](std::size_t i) {
      if (!errors_[i].empty()) return;
      try {
        worlds_[i]->step(n);
      } catch (const StepRefused& e) {
        errors_[i] = e.what();
      }
    });
  }

  void reset(const std::optional<std::vector<std::uint64_t>>& seeds) {
    on_blocks([&](std::size_t i) {
      seeds ? worlds_[i]->sim().reset((*seeds)[i]) : worlds_[i]->sim().reset();
      errors_[i].clear();
    });
  }

 private:
  /// f(i) for every world i, on the batch's threads, each thread taking a contiguous block of
  /// worlds. Worlds made one after the other sit side by side in memory, down to sharing cache
  /// lines; if neighbours were stepped on different threads at once (every other world to each
  /// thread), every step would pass those lines between the cores.
  template <typename F>
  void on_blocks(F f) {
    const std::size_t count = worlds_.size();
    on_interleaved_rows(threads_, threads_, [&](int block, int blocks) {
      const auto b = static_cast<std::size_t>(block), m = static_cast<std::size_t>(blocks);
      for (std::size_t i = b * count / m; i < (b + 1) * count / m; ++i)
        f(i);
    });
  }

  std::vector<std::unique_ptr<PySimulation>> worlds_;
  std::vector<std::string> errors_;  ///< one per world: why its step was refused, or ""
  int threads_;
};

std::vector<std::uint64_t> checked_seeds(const Batch& b, const std::vector<std::uint64_t>& seeds) {
  if (seeds.size() != b.size()) {
    throw py::value_error(
        py::str("expected {} seeds, one per world; got {}").format(b.size(), seeds.size()));
  }
  return seeds;
}

/// (N, bodies, columns) of doubles, filled by fill(world, body, pointer to its first column).
template <typename Fill>
py::array_t<double> per_body(const Batch& b, py::ssize_t columns, Fill fill) {
  const std::size_t bodies = b.size() > 0 ? b.world(0).model().bodies.size() : 0;
  py::array_t<double> out(
      {static_cast<py::ssize_t>(b.size()), static_cast<py::ssize_t>(bodies), columns});
  auto a = out.mutable_unchecked<3>();
  for (std::size_t w = 0; w < b.size(); ++w) {
    const std::vector<BodyState>& states = b.world(w).sim().state().bodies;
    for (std::size_t i = 0; i < bodies; ++i)
      fill(states[i], a.mutable_data(static_cast<py::ssize_t>(w), static_cast<py::ssize_t>(i), 0));
  }
  return out;
}

}  // namespace

void bind_batch(py::module_& m) {
  py::class_<Batch>(m, "Batch",
                    "N copies of one world with their own seeds, stepped together across "
                    "threads (docs/python.md).")
      .def(py::init([](std::optional<std::filesystem::path> world, std::size_t n,
                       std::optional<std::vector<std::uint64_t>> seeds, int threads,
                       bool controllers) {
             std::vector<std::uint64_t> s(n);
             for (std::size_t i = 0; i < n; ++i)
               s[i] = i;
             if (seeds) {
               if (seeds->size() != n) {
                 throw py::value_error(
                     py::str("expected {} seeds, one per world; got {}").format(n, seeds->size()));
               }
               s = *seeds;
             }
             if (n == 0) throw py::value_error("a batch needs at least one world (n >= 1)");
             WorldSource source;
             if (world) source.path = world->string();
             source.seed = s[0];
             source.controllers = controllers;
             const int t =
                 threads > 0 ? threads
                             : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
             py::gil_scoped_release release;
             return std::make_unique<Batch>(source, s, t);
           }),
           py::arg("world") = py::none(), py::kw_only(), py::arg("n"),
           py::arg("seeds") = py::none(), py::arg("threads") = 0, py::arg("controllers") = true,
           "n copies of the world file `world` (None: the default world), world i with "
           "seeds[i] (default i), stepped on `threads` threads (0: one per core).")
      .def_property_readonly("size", &Batch::size)
      .def("__len__", &Batch::size)
      .def_property_readonly("threads", &Batch::threads)
      .def_property_readonly("dt", [](const Batch& b) { return b.world(0).model().dt; })
      .def_property_readonly("actuator_names",
                             [](const Batch& b) { return actuator_names(b.world(0).model()); })
      .def_property_readonly("body_names",
                             [](const Batch& b) { return body_names(b.world(0).model()); })
      .def_property_readonly("seeds",
                             [](const Batch& b) {
                               py::array_t<std::uint64_t> s(static_cast<py::ssize_t>(b.size()));
                               for (std::size_t i = 0; i < b.size(); ++i)
                                 s.mutable_at(i) = b.world(i).model().seed;
                               return s;
                             })
      .def(
          "step",
          [](Batch& b, std::uint64_t n) {
            py::gil_scoped_release release;
            b.step(n);
          },
          py::arg("n") = 1, "n steps of every world that has not failed (see errors).")
      .def(
          "reset",
          [](Batch& b, std::optional<std::vector<std::uint64_t>> seeds) {
            if (seeds) checked_seeds(b, *seeds);
            py::gil_scoped_release release;
            b.reset(seeds);
          },
          py::arg("seeds") = py::none(),
          "Every world back to its initial state; with seeds, world i drawn again from seeds[i].")
      .def(
          "set_commands",
          [](Batch& b, const py::array_t<double, py::array::c_style | py::array::forcecast>& values,
             const py::object& actuators) {
            const PySimulation& w0 = b.world(0);
            const std::vector<int> index = actuators_of(w0, actuators);
            if (values.ndim() != 2 || static_cast<std::size_t>(values.shape(0)) != b.size() ||
                static_cast<std::size_t>(values.shape(1)) != index.size()) {
              throw py::value_error(py::str("set_commands: expected an array of shape ({}, {}) "
                                            "(worlds, actuators); got {}")
                                        .format(b.size(), index.size(), values.attr("shape")));
            }
            // Checked before any is held: a refused value changes nothing.
            auto v = values.unchecked<2>();
            for (std::size_t w = 0; w < b.size(); ++w) {
              for (std::size_t k = 0; k < index.size(); ++k) {
                const double x = v(static_cast<py::ssize_t>(w), static_cast<py::ssize_t>(k));
                const CheckedCommand c =
                    check_command(w0.model().actuators[static_cast<std::size_t>(index[k])], x);
                if (c.rejected) throw py::value_error(py::str("world {}: {}").format(w, c.problem));
              }
            }
            for (std::size_t w = 0; w < b.size(); ++w) {
              for (std::size_t k = 0; k < index.size(); ++k)
                b.world(w).set_command(index[k],
                                       v(static_cast<py::ssize_t>(w), static_cast<py::ssize_t>(k)));
            }
          },
          py::arg("values"), py::arg("actuators") = py::none(),
          "Holds commands: values[w, k] for world w's k-th actuator (of `actuators`, or all).")
      .def(
          "draw_images",
          [](Batch& b, bool on) {
            for (std::size_t w = 0; w < b.size(); ++w)
              b.world(w).draw_images(on);
          },
          py::arg("on") = true,
          "Whether every world's cameras draw, lidars scan and sonars ping at their samples.")
      .def(
          "sensor",
          [](const Batch& b, const py::handle& sensor) {
            py::list readings;
            for (std::size_t w = 0; w < b.size(); ++w)
              readings.append(sensor_reading(b.world(w), sensor, "batch.draw_images()"));
            return readings;
          },
          py::arg("sensor"),
          "The sensor's latest reading in each world (\"model/sensor\" or its index), as "
          "Simulation.sensor gives it: a list of dicts, world by world.")
      .def_property_readonly("t",
                             [](const Batch& b) {
                               py::array_t<double> t(static_cast<py::ssize_t>(b.size()));
                               for (std::size_t i = 0; i < b.size(); ++i)
                                 t.mutable_at(i) = b.world(i).sim().state().t;
                               return t;
                             })
      .def_property_readonly("positions",
                             [](const Batch& b) {
                               return per_body(
                                   b, 3, [](const BodyState& s, double* r) { put(r, s.p_WB); });
                             })
      .def_property_readonly("quaternions",
                             [](const Batch& b) {
                               return per_body(b, 4, [](const BodyState& s, double* r) {
                                 r[0] = s.q_WB.w(), r[1] = s.q_WB.x(), r[2] = s.q_WB.y(),
                                 r[3] = s.q_WB.z();
                               });
                             })
      .def_property_readonly("twists",
                             [](const Batch& b) {
                               return per_body(
                                   b, 6, [](const BodyState& s, double* r) { put(r, s.V_WB_B); });
                             })
      .def(
          "body_rows",
          [](const Batch& b, const std::string& frame) {
            const std::optional<OutputFrame> f = parse_output_frame(frame);
            if (!f) throw py::value_error("frame '" + frame + "': expected 'enu' or 'ned'");
            return per_body(b, 12, [&](const BodyState& s, double* r) {
              const PoseTwistRow row = to_output_frame(s, *f);
              put(r, row.position);
              put(r + 3, row.roll_pitch_yaw);
              put(r + 6, row.twist);
            });
          },
          py::arg("frame") = "enu", "(N, bodies, 12): each world's Simulation.body_rows().")
      .def_property_readonly("errors", &Batch::errors,
                             "One per world: why its last step was refused, or ''.")
      .def("snapshots",
           [](const Batch& b) {
             std::vector<Snapshot> s;
             for (std::size_t i = 0; i < b.size(); ++i)
               s.push_back(b.world(i).sim().snapshot());
             return s;
           })
      .def(
          "restore",
          [](Batch& b, const std::vector<Snapshot>& snapshots) {
            if (snapshots.size() != b.size())
              throw py::value_error(
                  py::str("expected {} snapshots; got {}").format(b.size(), snapshots.size()));
            // All or none: a snapshot refused puts back the worlds restored before it.
            std::vector<Snapshot> before;
            for (std::size_t i = 0; i < b.size(); ++i)
              before.push_back(b.world(i).sim().snapshot());
            try {
              for (std::size_t i = 0; i < b.size(); ++i)
                b.world(i).sim().restore(snapshots[i]);
            } catch (...) {
              for (std::size_t i = 0; i < b.size(); ++i)
                b.world(i).sim().restore(before[i]);
              throw;
            }
          },
          py::arg("snapshots"));
}

}  // namespace leeway::python
