// A camera from gz-sim's <sensor type="camera"> (sensors/camera.h), with UUV Simulator's
// underwater camera plugin's water where a sensor carries it. gz-sim's type="depth_camera" (or
// "depth") draws depths instead of colours, type="rgbd_camera" (or "rgbd") both, from the same
// <camera> block with
//       <depth_camera><output>depths</output>             other outputs are warned about
//         <clip><near>0.1</near><far>10</far></clip>      [m]; default the <clip>'s: nearer is
//       </depth_camera>                                   -inf, farther +inf
//
//   <sensor name="front_camera" type="camera">
//     <pose>0.75 0.1 1.5 0 0.2618 0</pose>  <update_rate>30</update_rate>
//     <camera>
//       <horizontal_fov>1.3962634</horizontal_fov>          [rad], in (0, pi); default 1.047
//       <image><width>1280</width><height>720</height>      [pixels]; default 320 x 240
//              <format>R8G8B8</format></image>              Leeway draws rgb8 whatever it says
//       <clip><near>0.05</near><far>400</far></clip>        [m]; default 0.1 and 100
//       <noise><type>gaussian</type><mean>0</mean><stddev>0.007</stddev></noise>
//                                                          on each channel, in [0, 1] units
//       <lens>, <distortion>, <save>, <visibility_mask>, <optical_frame_id>, <camera_info_topic>,
//       <triggered>, <trigger_topic>, <anti_aliasing>: accepted, no effect (a pinhole, drawn
//       at every sample)
//     </camera>
//     <plugin filename="libuuv_gazebo_ros_camera_plugin.so">   UUV Simulator's underwater camera
//       <attenuationR>0.25</attenuationR> (G, B)            a_c [1/m]; default 1/30
//       <backgroundR>5</backgroundR> (G, B)                 b_c, 0 to 255; default 0
//     </plugin>
//     <leeway:attenuation>0.25 0.06 0.04</leeway:attenuation>  a_c [1/m], Leeway's own
//     <leeway:water_color>0.02 0.20 0.28</leeway:water_color>  b_c in [0, 1], Leeway's own
//     <leeway:forward_scattering>0.01</leeway:forward_scattering>  b_f [1/m]; 0: no fog
//     <leeway:scattering_angle>0.1</leeway:scattering_angle>       theta_0 [rad], up to 0.5
//   </sensor>
//
// Without either, the water is Leeway's default (CameraModel). UUV Simulator's plain ROS camera
// (libgazebo_ros_camera.so) ignores the attenuation elements some of its models give it, and so
// does Leeway.
#pragma once

#include <sdf/Element.hh>
#include <sdf/World.hh>
#include <string>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/sensors/camera.h"
#include "leeway/sensors/sensor.h"

namespace leeway::sdfio {

/// Whether a <sensor>'s type is one of gz-sim's cameras read here: "camera", "depth_camera"
/// (or "depth"), "rgbd_camera" (or "rgbd").
bool is_camera_type(const std::string& type);

/// The camera of `sensor`, a <sensor> of is_camera_type().
CameraModel read_camera(const sdf::ElementPtr& sensor, Diagnostics& diagnostics);

/// The world's sun for its cameras: its first <light type="directional">'s <direction> (the way
/// the light travels, turned by the light's <pose>) gives every camera's sun_W, the opposite
/// way, and its <cast_shadows> (SDF's default: false) their shadows. A world without one keeps
/// Leeway's sun (sensors/camera.h), with shadows. Throws LoadError for a direction of length 0.
void light_cameras(const sdf::World& world, std::vector<SensorModel>& sensors);

}  // namespace leeway::sdfio
