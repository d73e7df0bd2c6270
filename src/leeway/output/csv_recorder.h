// Recording of body motion as CSV: one row per (time, model), columns
//   t, model, x, y, z, roll, pitch, yaw, u, v, w, p, q, r
// [s, -, m, m, m, rad, rad, rad, m/s, m/s, m/s, rad/s, rad/s, rad/s], in the chosen OutputFrame,
// then one column per actuator of the world, named MODEL/ACTUATOR, in Model::actuators order:
// its state (shaft speed, deflection) in its own unit and sign, whatever the OutputFrame. Every
// row carries all of them (the world's actuators at time t).
// Numbers are written in the shortest form that reads back to the same double, so two identical
// runs give byte-identical files. A name that holds a comma, a quote or a line break is quoted as
// RFC 4180 says (csv_field.h). Each row is flushed with its time step, so a run that stops on an
// error leaves every row written before it intact; a write that fails stops the run
// (output_file.h), and rows_written() counts the rows the file holds.
#pragma once

#include <string>

#include "leeway/output/output_file.h"
#include "leeway/output/output_frame.h"
#include "leeway/sim/simulation.h"

namespace leeway {

/// An observer (sim/simulation.h): a row per body at the start, then at each step it is due.
class CsvRecorder : public Observer {
 public:
  /// Opens (truncates) `path` and writes the header; throws std::runtime_error if it cannot.
  CsvRecorder(const std::string& path, OutputFrame frame, const Model& model);

  /// Writes one row per body for the current time, to the file at once; throws
  /// std::runtime_error if the file does not take them (they are then not in it).
  void write(const Model& model, const State& state);

  void on_start(const Simulation& sim) override { write(sim.model(), sim.state()); }
  void on_step(const Simulation& sim) override { write(sim.model(), sim.state()); }

  std::size_t rows_written() const { return rows_; }

 private:
  OutputFile file_;
  OutputFrame frame_;
  std::size_t rows_ = 0;
};

}  // namespace leeway
