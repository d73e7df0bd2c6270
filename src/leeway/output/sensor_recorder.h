// Recording of the sensors' samples as CSV: one file per sensor in a folder, named after the
// sensor's model and name (`wamv.imu_wamv_sensor.csv`; characters other than letters, digits,
// '-' and '_' in either become '_'), a row per sample, its columns by the sensor's type:
//   imu           t, f_x, f_y, f_z [m/s^2], omega_x, omega_y, omega_z [rad/s] (in the sensor
//                 frame S), q_w, q_x, q_y, q_z (S in the IMU's reference frame)
//   air_pressure  t, pressure [Pa], depth [m]
//   altimeter     t, vertical_position [m], vertical_velocity [m/s]
//   magnetometer  t, B_x, B_y, B_z [T] in S, heading [rad] clockwise from magnetic north
//   navsat        t, fix (1 or 0), latitude, longitude [deg], altitude [m above the WGS-84
//                 ellipsoid], v_east, v_north, v_up [m/s] (nan without a fix)
//   camera        t, width, height [pixels] (0 x 0 for a frame not drawn: images are drawn for
//                 a recording to MCAP or a viewer, and go there)
// t is the sample's time [s]. Numbers are written in the shortest form that reads back to the same
// double; each step's rows are flushed, so a run that stops keeps every sample before it. The
// readings are the sensors' own and do not depend on --frame.
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "leeway/sim/simulation.h"

namespace leeway {

/// An observer (sim/simulation.h), due at every step: the samples the step took.
class SensorRecorder : public Observer {
 public:
  /// Creates `folder` if need be and one file per sensor of `model`, with its header; throws
  /// std::runtime_error naming the file if it cannot.
  SensorRecorder(const std::filesystem::path& folder, const Model& model);

  void on_step(const Simulation& sim) override;

  std::size_t files() const { return files_.size(); }
  std::size_t samples_written() const { return samples_; }

  /// The file name of `sensor`'s recording.
  static std::string file_name(const SensorModel& sensor);

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::vector<std::unique_ptr<std::FILE, Closer>> files_;
  std::size_t samples_ = 0;
};

}  // namespace leeway
