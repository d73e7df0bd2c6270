#include "leeway/sdf/camera_params.h"

#include <sdf/Light.hh>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"
#include "leeway/sdf/sensor_params.h"

namespace leeway::sdfio {
namespace {

/// UUV Simulator's underwater camera plugin's water, if `sensor` carries the plugin.
void read_uuv_water(const sdf::ElementPtr& sensor, CameraModel& camera) {
  for (sdf::ElementPtr p = sensor->HasElement("plugin") ? sensor->GetElement("plugin") : nullptr; p;
       p = p->GetNextElement("plugin")) {
    const std::string file = p->GetAttribute("filename")->GetAsString();
    if (file.find("uuv_gazebo_ros_camera_plugin") == std::string::npos) continue;
    constexpr const char* kChannels = "RGB";
    for (std::size_t k = 0; k < 3; ++k) {
      const std::string a = fmt::format("attenuation{}", kChannels[k]);
      const std::string b = fmt::format("background{}", kChannels[k]);
      // The plugin's defaults: 1/30 per metre, a black background (research/uuv.md).
      camera.attenuation[k] =
          number_or(p, a.c_str(), 1.0 / 30.0, 0.0, false, "an attenuation in 1/m");
      const sdf::ElementPtr background = optional_child(p, b);
      camera.water[k] =
          background ? read_number_in(background, 0.0, 255.0, "a colour from 0 to 255") / 255.0
                     : 0.0;
    }
  }
}

Rgb read_rgb(const sdf::ElementPtr& e, double hi, const char* expected) {
  const std::vector<double> v = read_numbers(e, 3, expected);
  for (double x : v) {
    if (!(x >= 0.0 && x <= hi)) {
      throw LoadError(location_of(e),
                      fmt::format("<{}> {}; expected {}", e->GetName(), text_of(e), expected));
    }
  }
  return {v[0], v[1], v[2]};
}

}  // namespace

bool is_camera_type(const std::string& type) {
  return type == "camera" || type == "depth_camera" || type == "depth" || type == "rgbd_camera" ||
         type == "rgbd";
}

CameraModel read_camera(const sdf::ElementPtr& sensor, Diagnostics& diagnostics) {
  const sdf::ElementPtr block = required_child(sensor, "camera", "the camera's image and lens");
  reject_unknown_children(
      block,
      {"horizontal_fov", "image", "clip", "noise", "lens", "distortion", "save", "visibility_mask",
       "optical_frame_id", "camera_info_topic", "triggered", "trigger_topic", "anti_aliasing",
       "depth_camera", "segmentation_type", "box_type", "pose"},
      "gz-sim's <camera> elements (docs/sensors.md)");
  CameraModel camera;
  const std::string type = sensor->GetAttribute("type")->GetAsString();
  const bool rgbd = type == "rgbd_camera" || type == "rgbd";
  camera.color = rgbd || type == "camera";
  camera.depth = !camera.color || rgbd;
  camera.width = 320;  // sdformat's defaults
  camera.height = 240;
  if (const sdf::ElementPtr fov = optional_child(block, "horizontal_fov")) {
    camera.horizontal_fov = read_number_in(fov, 1e-6, 3.14159, "an angle in rad in (0, pi)");
  }
  if (const sdf::ElementPtr image = optional_child(block, "image")) {
    reject_unknown_children(image, {"width", "height", "format", "anti_aliasing"},
                            "<width>, <height>, <format>");
    if (const sdf::ElementPtr w = optional_child(image, "width"))
      camera.width = read_count_in(w, 1, 16384, "pixels");
    if (const sdf::ElementPtr h = optional_child(image, "height"))
      camera.height = read_count_in(h, 1, 16384, "pixels");
    if (const sdf::ElementPtr f = optional_child(image, "format")) {
      // A depth camera's image is float32 metres whatever it says; gz-sim's say R_FLOAT32.
      const std::string format = text_of(f);
      if (camera.color && format != "R8G8B8" && format != "RGB_INT8") {
        diagnostics.warn(location_of(f), fmt::format("camera image format '{}' is drawn as "
                                                     "R8G8B8 (the only format Leeway draws)",
                                                     format));
      }
    }
  }
  if (const sdf::ElementPtr clip = optional_child(block, "clip")) {
    reject_unknown_children(clip, {"near", "far"}, "<near>, <far>");
    camera.near = number_or(clip, "near", camera.near, 0.0, true, "a distance in m");
    camera.far =
        number_or(clip, "far", camera.far, camera.near, true, "a distance in m past <near>");
  }
  camera.depth_near = camera.near;
  camera.depth_far = camera.far;
  if (const sdf::ElementPtr depth = optional_child(block, "depth_camera")) {
    reject_unknown_children(depth, {"output", "clip"}, "<output>, <clip>");
    if (const sdf::ElementPtr output = optional_child(depth, "output")) {
      if (text_of(output) != "depths" && text_of(output) != "depth") {
        diagnostics.warn(
            location_of(output),
            fmt::format("depth camera output '{}': Leeway draws depths only", text_of(output)));
      }
    }
    if (const sdf::ElementPtr clip = optional_child(depth, "clip")) {
      reject_unknown_children(clip, {"near", "far"}, "<near>, <far>");
      camera.depth_near = number_or(clip, "near", camera.depth_near, 0.0, false, "a distance in m");
      camera.depth_far = number_or(clip, "far", camera.depth_far, camera.depth_near, true,
                                   "a distance in m past <near>");
    }
  }
  if (const sdf::ElementPtr noise = optional_child(block, "noise")) {
    NoiseModel n = read_gz_noise(noise);
    camera.noise_mean = n.mean;
    camera.noise_stddev = n.white_stddev;
    n.mean = n.white_stddev = 0.0;
    if (!n.is_zero()) {
      throw LoadError(location_of(noise),
                      "a camera's noise is white on each pixel: expected "
                      "<mean> and <stddev> only");
    }
  }
  read_uuv_water(sensor, camera);
  if (const sdf::ElementPtr a = optional_child(sensor, "leeway:attenuation"))
    camera.attenuation = read_rgb(a, 1e3, "three attenuations >= 0 [1/m]");
  if (const sdf::ElementPtr w = optional_child(sensor, "leeway:water_color"))
    camera.water = read_rgb(w, 1.0, "three colours in [0, 1]");
  if (const sdf::ElementPtr b = optional_child(sensor, "leeway:forward_scattering"))
    camera.forward_scattering = read_number_in(b, 0.0, 1e3, "a scattering coefficient in 1/m");
  if (const sdf::ElementPtr a = optional_child(sensor, "leeway:scattering_angle"))
    camera.scattering_angle = read_number_in(a, 0.0, 0.5, "an angle in rad (small: up to 0.5)");
  return camera;
}

void light_cameras(const sdf::World& world, std::vector<SensorModel>& sensors) {
  for (std::uint64_t i = 0; i < world.LightCount(); ++i) {
    const sdf::Light& light = *world.LightByIndex(i);
    if (light.Type() != sdf::LightType::DIRECTIONAL) continue;
    const ignition::math::Vector3d d = light.RawPose().Rot() * light.Direction();
    if (!(d.Length() > 0.0)) {
      throw LoadError(location_of(light.Element()),
                      fmt::format("light '{}': its <direction> has length 0; expected the way "
                                  "its light travels",
                                  light.Name()));
    }
    const Vec3 sun_W = -Vec3(d.X(), d.Y(), d.Z()).normalized();
    for (SensorModel& s : sensors) {
      if (auto* camera = std::get_if<CameraModel>(&s.kind)) {
        camera->sun_W = sun_W;
        camera->shadows = light.CastShadows();
      }
    }
    return;
  }
}

}  // namespace leeway::sdfio
