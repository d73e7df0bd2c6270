// Sensor readings for Python: one dict per reading, its entries named as the sensor recording's
// columns (output/sensor_recorder.h) with vectors kept together as arrays; an image, a scan and a
// ping as arrays shaped as they are read (rows first).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <variant>

#include "bindings.h"
#include "leeway/core/overloaded.h"

namespace py = pybind11;

namespace leeway::python {
namespace {

py::array_t<double> vec(const Vec3& v) {
  return py::array_t<double>(3, v.data());
}

/// (w, x, y, z), as the recordings write a quaternion.
py::array_t<double> quat_wxyz(const Quat& q) {
  const double wxyz[4] = {q.w(), q.x(), q.y(), q.z()};
  return py::array_t<double>(4, wxyz);
}

template <typename T>
py::array_t<T> array(const std::vector<T>& v, std::vector<py::ssize_t> shape) {
  return py::array_t<T>(std::move(shape), v.data());
}

const char* dvl_target_name(DvlReading::Target target) {
  switch (target) {
    case DvlReading::Target::kBottom:
      return "bottom";
    case DvlReading::Target::kWaterMass:
      return "water_mass";
    case DvlReading::Target::kNone:
      break;
  }
  return "none";
}

}  // namespace

py::dict reading_dict(const SensorModel& sensor, const SensorSample& s) {
  py::dict d;
  d["t"] = s.t;
  d["sampled"] = s.sampled;
  std::visit(
      Overloaded{[&](const ImuReading& r) {
                   d["f"] = vec(r.f_S);
                   d["omega"] = vec(r.omega_S);
                   d["q"] = quat_wxyz(r.q_RS);
                 },
                 [&](const PressureReading& r) {
                   d["pressure"] = r.pressure;
                   d["depth"] = r.depth;
                 },
                 [&](const GnssReading& r) {
                   d["fix"] = r.fix;
                   d["latitude"] = r.latitude_deg;
                   d["longitude"] = r.longitude_deg;
                   d["altitude"] = r.altitude;
                   d["v_enu"] = vec(r.v_ENU);
                 },
                 [&](const AltimeterReading& r) {
                   d["vertical_position"] = r.vertical_position;
                   d["vertical_velocity"] = r.vertical_velocity;
                 },
                 [&](const MagnetometerReading& r) {
                   d["B"] = vec(r.B_S);
                   d["heading"] = r.heading();
                 },
                 [&](const DvlReading& r) {
                   d["target"] = dvl_target_name(r.target);
                   d["v"] = vec(r.v_R);
                   d["covariance"] = py::array_t<double>({3, 3}, r.covariance.data());  // symmetric
                   d["altitude"] = r.altitude;
                   d["good_beams"] = r.good_beams;
                   py::array_t<double> ranges(r.beam_count), velocities(r.beam_count);
                   py::array_t<bool> locked(r.beam_count);
                   for (int i = 0; i < r.beam_count; ++i) {
                     const DvlBeamReading& b = r.beams[static_cast<std::size_t>(i)];
                     ranges.mutable_at(i) = b.range;
                     velocities.mutable_at(i) = b.velocity;
                     locked.mutable_at(i) = b.locked;
                   }
                   d["beam_ranges"] = ranges;
                   d["beam_velocities"] = velocities;
                   d["beam_locked"] = locked;
                 },
                 [&](const RangeBearingReading& r) {
                   d["range"] = r.range;
                   d["bearing"] = r.bearing;
                   d["elevation"] = r.elevation;
                 },
                 [&](const AcousticPositionReading& r) { d["p"] = vec(r.p_W); },
                 [&](const GroundTruthReading& r) {
                   d["p"] = vec(r.p_W);
                   d["q"] = quat_wxyz(r.q_WS);
                   d["v"] = vec(r.v_S);
                   d["omega"] = vec(r.omega_S);
                   d["a"] = vec(r.a_S);
                 },
                 [&](const EnvironmentProbeReading& r) {
                   if (std::get<EnvironmentProbeModel>(sensor.kind).quantity ==
                       EnvironmentProbeModel::Quantity::kWaveElevation) {
                     d["elevation"] = r.elevation;
                   } else {
                     d["v"] = vec(r.v_W);
                     d["relative"] = vec(r.relative_S);
                   }
                 },
                 [&](const LidarReading& r) {
                   const std::vector<py::ssize_t> shape = {r.vertical_count, r.horizontal_count};
                   d["ranges"] = array(r.ranges, shape);
                   d["intensities"] = array(r.intensities, shape);
                   d["water_returns"] = r.water_returns;
                 },
                 [&](const CameraImage& r) {
                   d["width"] = r.width;
                   d["height"] = r.height;
                   d["rgb"] = array(r.rgb, {r.height, r.width, r.rgb.empty() ? 0 : 3});
                   d["depth"] = array(r.depth, {r.depth.empty() ? 0 : r.height, r.width});
                 },
                 [&](const SonarImage& r) {
                   d["level"] = array(r.level, {r.bins, r.beams});
                   d["azimuth"] = array(r.azimuth, {r.beams});
                   d["range"] = array(r.range, {r.bins});
                   d["hits"] = r.hits;
                   d["bottom_range"] =
                       array(r.bottom_range, {static_cast<py::ssize_t>(r.bottom_range.size())});
                   d["bottom_level"] =
                       array(r.bottom_level, {static_cast<py::ssize_t>(r.bottom_level.size())});
                 }},
      s.reading);
  return d;
}

}  // namespace leeway::python
