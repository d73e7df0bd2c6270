// An imaging (forward-looking) multibeam sonar (sensors/sonar.h) from any of the three ways a
// world may fit one. docs/sensors.md tables every element.
//
// Leeway's own:
//   <sensor name="fls" type="custom" leeway:type="sonar">
//     <update_rate>10</update_rate>
//     <leeway:sonar>                          every element optional; defaults: SonarModel's
//       <beams>512</beams>  <horizontal_fov>2.2689</horizontal_fov>          [rad]
//       <vertical_fov>0.3491</vertical_fov>   [rad], the fan's -3 dB height
//       <beamwidth>0.01745</beamwidth>        [rad], each beam's -3 dB width in azimuth
//       <range_min>0.1</range_min>  <range_max>40</range_max>  [m]   <bins>512</bins>
//       <frequency>750e3</frequency>  <bandwidth>187.5e3</bandwidth>  [Hz]
//       <source_level>210</source_level>      [dB re 1 uPa at 1 m]
//       <noise_level>50</noise_level>         [dB re 1 uPa], the ambient noise in a cell
//       <absorption>auto</absorption>         [dB/m], or auto: Ainslie and McColm's for
//       <temperature>10</temperature>  <salinity>35</salinity>  <ph>8</ph>   [deg C], [psu]
//       <backscatter>1e-3</backscatter>       Lambert's mu of every surface, in (0, 1]
//       <rays_per_beam_h>3</rays_per_beam_h>  <rays_per_beam_v>64</rays_per_beam_v>
//       <coherent>true</coherent>  <speckle>true</speckle>  <gain>none</gain>  (20log, 40log)
//       <mode>imaging</mode>                  profiling (a multibeam that detects the bottom:
//       <detection_threshold>20</...>         [dB] above the noise, <detection_window>10 [dB]),
//                                             side_scan (port and starboard; starts from
//       <tilt>0.349</tilt>                    side_scan_sonar()'s defaults) [rad] below the side
//     </leeway:sonar>
//   </sensor>
//
// DAVE's gz-sim multibeam sonar (Choi et al. 2021; IOES-Lab/dave):
//   <sensor name="multibeam_sonar" type="custom" gz:type="multibeam_sonar">
//     <gz:multibeam_sonar>
//       <ray degrees="false">                 degrees="true": the angles below in degrees
//         <scan><horizontal><beams>512</beams> (or <samples>)  <min_angle>, <max_angle>
//               <vertical><rays>300</rays> (or <samples>)      <min_angle>, <max_angle>
//         <range><min>0.1</min><max>10</max></range>            [m]
//       </ray>
//       <spec><verticalFOV>12</verticalFOV>    [deg]; else the vertical angles' span
//             <sonarFreq>900e3</sonarFreq> <bandwidth>29.9e3</bandwidth>  [Hz]
//             <sourceLevel>220</sourceLevel>  <maxDistance>10</maxDistance>  (caps <max>)
//             <soundSpeed>, and the plugin's other settings (raySkips, sensorGain, topics,
//             logs...): no effect (the water's speed of sound is the world's <sound_speed>)
//       </spec>
//     </gz:multibeam_sonar>
//   </sensor>
// Its beams are as wide as they are apart (DAVE's beam pattern); its vertical rays are Leeway's
// rays_per_beam_v.
//
// UUV Simulator's multibeam_sonar macro (sonar_snippets.xacro: forward_multibeam_sonar_m450_130,
// forward_multibeam_p900, sidescan_sonar), which fits a laser and calls it a sonar: a <sensor>
// of type ray or gpu_ray named sonar* with gazebo_ros's laser plugin. Leeway reads its horizontal
// rays as the beams, its angles as the fan and its ranges, and makes it an acoustic imaging
// sonar with Leeway's defaults for what a laser does not have; its range noise is dropped (the
// sonar's errors are its physics).
//
// In any of the three, a <leeway:sonar> block in the <sensor> sets what it names over what the
// others gave.
#pragma once

#include <sdf/Element.hh>

#include "leeway/sensors/sonar.h"

namespace leeway::sdfio {

/// Whether `sensor` is a sonar Leeway reads with read_sonar(): leeway:type="sonar",
/// gz:type="multibeam_sonar", or UUV Simulator's laser sonar.
bool is_sonar(const sdf::ElementPtr& sensor);

/// The sonar of `sensor` (is_sonar()).
SonarModel read_sonar(const sdf::ElementPtr& sensor);

}  // namespace leeway::sdfio
