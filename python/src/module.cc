// The compiled half of the `leeway` Python package (python/leeway/__init__.py re-exports it).
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "leeway/core/error.h"
#include "py_simulation.h"

namespace py = pybind11;

namespace leeway::python {

void bind_errors(py::module_& m) {
  // Static: the translator below outlives the module's init.
  static py::exception<std::runtime_error> error(m, "Error", PyExc_RuntimeError);
  static py::exception<LoadError> load_error(m, "LoadError", error.ptr());
  static py::exception<StepRefused> step_error(m, "StepError", error.ptr());
  error.doc() = "Base of the errors Leeway raises (a world that does not load, a refused step).";
  load_error.doc() =
      "A world, or an environment given to set_sea_state/set_wind/set_current, that does not "
      "load: its message names file, line, element and value; .file, .line, .element, .problem "
      "hold them apart.";
  step_error.doc() =
      "A step the physics refused or undid (a non-finite state or command): the simulation "
      "stays at that step's start; .t is its time [s].";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const LoadError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(load_error.ptr())(e.what());
      exc.attr("file") = e.where().file;
      exc.attr("line") = e.where().line;
      exc.attr("element") = e.where().element;
      exc.attr("problem") = e.problem();
      PyErr_SetObject(load_error.ptr(), exc.ptr());
    } catch (const StepRefused& e) {
      py::object exc = py::reinterpret_borrow<py::object>(step_error.ptr())(e.what());
      exc.attr("t") = e.t;
      PyErr_SetObject(step_error.ptr(), exc.ptr());
    }
  });
}

}  // namespace leeway::python

PYBIND11_MODULE(_leeway, m) {
  m.doc() = "Leeway, a marine-robotics simulator: worlds stepped from Python (docs/python.md).";
  leeway::python::bind_errors(m);
  leeway::python::bind_simulation(m);
  leeway::python::bind_batch(m);
}
