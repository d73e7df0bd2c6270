// A lidar from gz-sim's <sensor type="gpu_lidar"> (or lidar, and the legacy gpu_ray and ray,
// whose block is <ray>): sensors/lidar.h.
//
//   <sensor name="lidar" type="gpu_lidar">
//     <pose>0.7 0 1.8 0 0 0</pose>  <update_rate>10</update_rate>
//     <lidar>                               (<ray> for type ray and gpu_ray)
//       <scan>
//         <horizontal>                      the azimuths, from S's x towards y
//           <samples>1875</samples>         rays per row (times <resolution>, as gz-sim)
//           <resolution>1</resolution>
//           <min_angle>-3.14159</min_angle> <max_angle>3.14159</max_angle>   [rad]
//         </horizontal>
//         <vertical>...</vertical>          the elevations, the same way (default: one, at 0)
//       </scan>                             (sdformat's defaults: 640 horizontal samples at 0)
//       <range><min>0.1</min><max>130</max><resolution>0.01</resolution></range>   [m]
//       <noise type="gaussian"><mean>0</mean><stddev>0.01</stddev></noise>          [m]
//       <visibility_mask>: accepted, no effect (Leeway's lidar never sees the water's mesh)
//     </lidar>
//     <leeway:specular_acceptance>0.003</leeway:specular_acceptance>  [rad] Leeway's
//   </sensor>
#pragma once

#include <sdf/Element.hh>

#include "leeway/sensors/lidar.h"

namespace leeway::sdfio {

/// Whether `type` is one of gz-sim's lidar sensor types.
bool is_lidar_type(const std::string& type);

/// The lidar of `sensor`, a <sensor> element of a lidar type.
LidarModel read_lidar(const sdf::ElementPtr& sensor);

}  // namespace leeway::sdfio
