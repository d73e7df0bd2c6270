#include "leeway/sdf/lidar_params.h"

#include <cmath>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/sensor_params.h"

namespace leeway::sdfio {
namespace {

struct Sweep {
  int samples = 1;
  double min = 0.0, max = 0.0;
};

/// A <horizontal> or <vertical> block; one ray at 0 where there is none.
Sweep read_sweep(const sdf::ElementPtr& scan, const char* name) {
  Sweep s;
  const sdf::ElementPtr e = scan ? optional_child(scan, name) : nullptr;
  if (!e) return s;
  reject_unknown_children(e, {"samples", "resolution", "min_angle", "max_angle"},
                          "<samples>, <resolution>, <min_angle> and <max_angle>");
  const int samples =
      optional_child(e, "samples") ? read_count_at_least(e->GetElement("samples"), 1, "rays") : 1;
  const double resolution = number_or(e, "resolution", 1.0, 0.0, true, "a resolution");
  // gz-sim casts samples x resolution rays.
  s.samples = std::max(1, static_cast<int>(std::lround(samples * resolution)));
  s.min = any_number_or(e, "min_angle", 0.0, "an angle in radians");
  s.max = any_number_or(e, "max_angle", 0.0, "an angle in radians");
  return s;
}

}  // namespace

bool is_lidar_type(const std::string& type) {
  return type == "gpu_lidar" || type == "lidar" || type == "gpu_ray" || type == "ray";
}

LidarModel read_lidar(const sdf::ElementPtr& sensor) {
  const std::string type = sensor->GetAttribute("type")->GetAsString();
  const bool legacy = type == "ray" || type == "gpu_ray";
  const char* block_name = legacy ? "ray" : "lidar";
  const sdf::ElementPtr block = required_child(
      sensor, block_name, legacy ? "the rays (<scan>, <range>)" : "the lidar's rays");
  reject_unknown_children(block, {"scan", "range", "noise", "visibility_mask"},
                          "<scan>, <range>, <noise> and <visibility_mask>");
  LidarModel lidar;
  const sdf::ElementPtr scan = optional_child(block, "scan");
  if (scan) reject_unknown_children(scan, {"horizontal", "vertical"}, "<horizontal>, <vertical>");
  const Sweep h = read_sweep(scan, "horizontal"), v = read_sweep(scan, "vertical");
  lidar.horizontal_samples = h.samples;
  lidar.horizontal_min = h.min;
  lidar.horizontal_max = h.max;
  lidar.vertical_samples = v.samples;
  lidar.vertical_min = v.min;
  lidar.vertical_max = v.max;

  const sdf::ElementPtr range = required_child(block, "range", "<min> and <max> [m]");
  reject_unknown_children(range, {"min", "max", "resolution"}, "<min>, <max>, <resolution>");
  lidar.range_min = number_or(range, "min", 0.0, 0.0, false, "a range in m");
  lidar.range_max = read_number_at_least(required_child(range, "max", "the range in m"),
                                         lidar.range_min, true, "a range in m above <min>");
  if (const sdf::ElementPtr noise = optional_child(block, "noise")) {
    lidar.range_noise = read_gz_noise(noise);
  }
  if (const sdf::ElementPtr resolution = optional_child(range, "resolution")) {
    // gz-sim reads it and casts no differently; Leeway rounds the ranges to it, unless the
    // noise has its own <precision>.
    const double r = read_number_at_least(resolution, 0.0, false, "a resolution in m");
    if (lidar.range_noise.quantum == 0.0) lidar.range_noise.quantum = r;
  }
  if (const sdf::ElementPtr a = optional_child(sensor, "leeway:specular_acceptance")) {
    lidar.specular_acceptance =
        read_number_in(a, 0.0, 1.5, "the water's specular acceptance in rad");
  }
  return lidar;
}

}  // namespace leeway::sdfio
