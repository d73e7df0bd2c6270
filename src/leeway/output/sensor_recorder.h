// Recording of the sensors' samples: one CSV file per sensor in a folder, named after the
// sensor's model and name (`wamv.imu_wamv_sensor.csv`; characters other than letters, digits,
// '-' and '_' in either become '_'), a row per sample. Its columns are t, the sample's time [s],
// then the fields of the sensor type's reading (sensors/sensor_descriptor.h; docs/sensors.md
// lists them with their units and frames), as Python's readings name them:
//   a number, a count, a word        one column, its name (a yes-or-no as 1 or 0)
//   a vector                         name_x, name_y, name_z (or the field's own three names)
//   a quaternion                     name_w, name_x, name_y, name_z
//   a matrix                         name_xx, name_xy, name_xz, name_yx, ... name_zz
//   a list (a DVL's beams)           name_1 ... name_n, n from the sensor's model
//   bulk numbers (an image, a scan)  the path of a file of the sample's own, relative to the
//                                    folder: <stem>/<name>_<k>.npy (NumPy's format, little-
//                                    endian, its shape), or .png for an rgb8 image; k counts
//                                    the sensor's samples from 0; empty for an undrawn sample
// Cameras, lidars and sonars draw every sample while they are recorded (Observer::want_images),
// so a recording holds every frame, scan and ping. Numbers are written in the shortest form that
// reads back to the same double, and a word with a comma or a quote is quoted (csv_field.h);
// each step's rows are flushed, so a run that stops keeps every sample before it, and a write
// that fails stops the run (output_file.h). The readings are the sensors' own and do not depend on
// --frame.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "leeway/output/output_file.h"
#include "leeway/sim/simulation.h"

namespace leeway {

/// An observer (sim/simulation.h), due at every step: the samples the step took.
class SensorRecorder : public Observer {
 public:
  /// Creates `folder` if need be and one file per sensor of `model`, with its header; throws
  /// std::runtime_error naming the file if it cannot.
  SensorRecorder(const std::filesystem::path& folder, const Model& model);

  void on_step(const Simulation& sim) override;
  /// Every sample of every camera, lidar and sonar.
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override;

  std::size_t files() const { return files_.size(); }
  std::size_t samples_written() const { return samples_; }
  /// The bulk arrays written to files of their own.
  std::size_t arrays_written() const { return arrays_; }

  /// The file name of `sensor`'s recording, and of the folder of its arrays (its stem).
  static std::string file_name(const SensorModel& sensor);
  static std::string stem(const SensorModel& sensor);

  /// The CSV header of `sensor`'s recording (without its line break).
  static std::string header(const SensorModel& sensor);

 private:
  std::filesystem::path folder_;
  std::vector<OutputFile> files_;
  std::vector<std::size_t> counts_;  ///< samples written, per sensor
  std::size_t samples_ = 0, arrays_ = 0;
};

}  // namespace leeway
