// The parts of the _leeway module, each bound in its own file (module.cc calls them in order).
#pragma once

#include <pybind11/pybind11.h>

#include <vector>

#include "leeway/sensors/sensor.h"

namespace leeway::python {

class PySimulation;

/// Copies a fixed-size vector's coefficients to `out`.
template <typename Vector>
void put(double* out, const Vector& v) {
  for (int i = 0; i < v.size(); ++i)
    out[i] = v[i];
}

/// An actuator, body or sensor of `s` given by name ("model/actuator", "model", "model/sensor")
/// or by index: its index. KeyError for an unknown name (listing the world's), IndexError for
/// an index out of range.
int actuator_of(const PySimulation& s, const pybind11::handle& key);
int body_of(const PySimulation& s, const pybind11::handle& key);
int sensor_of(const PySimulation& s, const pybind11::handle& key);
/// The actuators named or indexed in `actuators` (actuator_of each), or all in order for None.
std::vector<int> actuators_of(const PySimulation& s, const pybind11::object& actuators);

void bind_errors(pybind11::module_& m);
void bind_simulation(pybind11::module_& m);
void bind_batch(pybind11::module_& m);

/// A sensor's latest reading as a dict of numbers and numpy arrays (copies), named as its
/// recording's columns (output/sensor_recorder.h), plus "t" and "sampled" (docs/python.md).
pybind11::dict reading_dict(const SensorModel& sensor, const SensorSample& sample);

/// The latest reading of `s`'s sensor `key` ("model/sensor" or its index) as reading_dict; a
/// sensor that draws (a camera, a lidar, a sonar) read while `s` draws no images raises
/// RuntimeError saying so (it would hold no frame: width 0, no ranges), naming `draw_call`, the
/// call that turns drawing on.
pybind11::dict sensor_reading(const PySimulation& s, const pybind11::handle& key,
                              const char* draw_call);

}  // namespace leeway::python
