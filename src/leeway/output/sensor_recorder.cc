#include "leeway/output/sensor_recorder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <stdexcept>

#include "leeway/core/overloaded.h"

namespace leeway {
namespace {

std::string safe(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) c = '_';
  }
  return out;
}

std::string header(const SensorModel& sensor) {
  return std::visit(
      Overloaded{[](const ImuModel&) {
                   return std::string("t,f_x,f_y,f_z,omega_x,omega_y,omega_z,q_w,q_x,q_y,q_z");
                 },
                 [](const PressureModel&) { return std::string("t,pressure,depth"); },
                 [](const GnssModel&) {
                   return std::string("t,fix,latitude,longitude,altitude,v_east,v_north,v_up");
                 },
                 [](const AltimeterModel&) {
                   return std::string("t,vertical_position,vertical_velocity");
                 },
                 [](const MagnetometerModel&) { return std::string("t,B_x,B_y,B_z,heading"); },
                 [](const DvlModel& dvl) {
                   std::string h = "t,target,v_x,v_y,v_z,var_x,var_y,var_z,altitude,good_beams";
                   for (std::size_t i = 1; i <= dvl.beams_S.size(); ++i)
                     h += fmt::format(",range_{0},velocity_{0}", i);
                   return h;
                 },
                 [](const RangeBearingModel&) { return std::string("t,range,bearing,elevation"); },
                 [](const AcousticPositionModel&) { return std::string("t,x,y,z"); },
                 [](const GroundTruthModel&) {
                   return std::string(
                       "t,x,y,z,q_w,q_x,q_y,q_z,v_x,v_y,v_z,omega_x,omega_y,omega_z,a_x,a_y,a_z");
                 },
                 [](const EnvironmentProbeModel& probe) {
                   return std::string(probe.quantity ==
                                              EnvironmentProbeModel::Quantity::kWaveElevation
                                          ? "t,elevation"
                                          : "t,v_x,v_y,v_z,relative_x,relative_y,relative_z");
                 },
                 // A scan is a summary line here (0 rays: not scanned); its points go to MCAP
                 // (docs/sensors.md).
                 [](const LidarModel&) {
                   return std::string("t,rays,returns,water_returns,nearest");
                 },
                 // A frame's time and size (0 x 0 undrawn); its image goes to MCAP.
                 [](const CameraModel&) { return std::string("t,width,height"); },
                 // A ping's brightest cell (nan when it was not pinged); its image goes to MCAP.
                 [](const SonarModel&) {
                   return std::string("t,beams,hits,peak_level,peak_range,peak_bearing");
                 }},
      sensor.kind);
}

void append_row(fmt::memory_buffer& out, const SensorModel& sensor, const SensorSample& s) {
  auto it = std::back_inserter(out);
  std::visit(
      Overloaded{
          [&](const ImuReading& r) {
            fmt::format_to(it, "{},{},{},{},{},{},{},{},{},{},{}\n", s.t, r.f_S.x(), r.f_S.y(),
                           r.f_S.z(), r.omega_S.x(), r.omega_S.y(), r.omega_S.z(), r.q_RS.w(),
                           r.q_RS.x(), r.q_RS.y(), r.q_RS.z());
          },
          [&](const PressureReading& r) {
            fmt::format_to(it, "{},{},{}\n", s.t, r.pressure, r.depth);
          },
          [&](const GnssReading& r) {
            fmt::format_to(it, "{},{},{},{},{},{},{},{}\n", s.t, r.fix ? 1 : 0, r.latitude_deg,
                           r.longitude_deg, r.altitude, r.v_ENU.x(), r.v_ENU.y(), r.v_ENU.z());
          },
          [&](const AltimeterReading& r) {
            fmt::format_to(it, "{},{},{}\n", s.t, r.vertical_position, r.vertical_velocity);
          },
          [&](const MagnetometerReading& r) {
            fmt::format_to(it, "{},{},{},{},{}\n", s.t, r.B_S.x(), r.B_S.y(), r.B_S.z(),
                           r.heading());
          },
          [&](const DvlReading& r) {
            fmt::format_to(it, "{},{},{},{},{},{},{},{},{},{}", s.t, static_cast<int>(r.target),
                           r.v_R.x(), r.v_R.y(), r.v_R.z(), r.covariance(0, 0), r.covariance(1, 1),
                           r.covariance(2, 2), r.altitude, r.good_beams);
            for (int i = 0; i < r.beam_count; ++i) {
              const DvlBeamReading& b = r.beams[static_cast<std::size_t>(i)];
              fmt::format_to(it, ",{},{}", b.range, b.velocity);
            }
            fmt::format_to(it, "\n");
          },
          [&](const RangeBearingReading& r) {
            fmt::format_to(it, "{},{},{},{}\n", s.t, r.range, r.bearing, r.elevation);
          },
          [&](const AcousticPositionReading& r) {
            fmt::format_to(it, "{},{},{},{}\n", s.t, r.p_W.x(), r.p_W.y(), r.p_W.z());
          },
          [&](const GroundTruthReading& r) {
            fmt::format_to(it, "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", s.t,
                           r.p_W.x(), r.p_W.y(), r.p_W.z(), r.q_WS.w(), r.q_WS.x(), r.q_WS.y(),
                           r.q_WS.z(), r.v_S.x(), r.v_S.y(), r.v_S.z(), r.omega_S.x(),
                           r.omega_S.y(), r.omega_S.z(), r.a_S.x(), r.a_S.y(), r.a_S.z());
          },
          [&](const EnvironmentProbeReading& r) {
            if (std::get<EnvironmentProbeModel>(sensor.kind).quantity ==
                EnvironmentProbeModel::Quantity::kWaveElevation) {
              fmt::format_to(it, "{},{}\n", s.t, r.elevation);
              return;
            }
            fmt::format_to(it, "{},{},{},{},{},{},{}\n", s.t, r.v_W.x(), r.v_W.y(), r.v_W.z(),
                           r.relative_S.x(), r.relative_S.y(), r.relative_S.z());
          },
          [&](const LidarReading& r) {
            int returns = 0;
            float nearest = std::numeric_limits<float>::infinity();
            for (const float range : r.ranges) {
              if (!std::isfinite(range)) continue;
              ++returns;
              nearest = std::min(nearest, range);
            }
            fmt::format_to(it, "{},{},{},{},{}\n", s.t, r.ranges.size(), returns, r.water_returns,
                           nearest);
          },
          [&](const CameraImage& r) { fmt::format_to(it, "{},{},{}\n", s.t, r.width, r.height); },
          [&](const SonarImage& r) {
            const double nan = std::numeric_limits<double>::quiet_NaN();
            double level = nan, range = nan, bearing = nan;
            if (!r.level.empty()) {
              const auto peak = static_cast<std::size_t>(
                  std::max_element(r.level.begin(), r.level.end()) - r.level.begin());
              const auto beams = static_cast<std::size_t>(r.beams);
              level = r.level[peak];
              range = r.range[peak / beams];
              bearing = r.azimuth[peak % beams];
            }
            fmt::format_to(it, "{},{},{},{},{},{}\n", s.t, r.beams, r.hits, level, range, bearing);
          }},
      s.reading);
}

}  // namespace

std::string SensorRecorder::file_name(const SensorModel& sensor) {
  return safe(sensor.model_name) + "." + safe(sensor.name) + ".csv";
}

SensorRecorder::SensorRecorder(const std::filesystem::path& folder, const Model& model) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    throw std::runtime_error(fmt::format("cannot make the sensor recordings' folder '{}': {}",
                                         folder.string(), ec.message()));
  }
  std::set<std::string> names;
  for (const SensorModel& sensor : model.sensors) {
    const std::filesystem::path path = folder / file_name(sensor);
    if (!names.insert(file_name(sensor)).second) {
      throw std::runtime_error(
          fmt::format("two sensors would be recorded in '{}' (their names "
                      "differ only in characters a file name cannot hold)",
                      path.string()));
    }
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) {
      throw std::runtime_error(fmt::format("cannot write the sensor recording '{}': {}",
                                           path.string(), std::strerror(errno)));
    }
    files_.emplace_back(f);
    fmt::print(f, "{}\n", header(sensor));
  }
}

void SensorRecorder::on_step(const Simulation& sim) {
  const std::vector<SensorSample>& samples = sim.data().sensors;
  fmt::memory_buffer row;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (!samples[i].sampled) continue;
    row.clear();
    append_row(row, sim.model().sensors[i], samples[i]);
    std::fwrite(row.data(), 1, row.size(), files_[i].get());
    std::fflush(files_[i].get());
    ++samples_;
  }
}

}  // namespace leeway
