// UUV Simulator's sensor plugins, each read into one of Leeway's sensors (sensors/sensor.h)
// named after its topic (sdf/sensor_plugins.h). docs/sensors.md tables every element.
//
//   UUV Simulator (libuuv_gazebo_ros_*_plugin.so; <link_name> the sensor's frame, <update_rate>,
//   <sensor_topic> its name):
//     imu           the IMU, its rotors_simulator parameters (continuous densities, bias random
//                   walk as a Gauss-Markov bias with <..._bias_correlation_time>, turn-on sigma)
//     subsea_pressure  absolute pressure [Pa] from the water column (not UUV's |z|), noise
//                   <noise_sigma> [kPa]
//     magnetometer  the World Magnetic Model where the world has <spherical_coordinates>, else
//                   UUV's field from <intensity> [uT], <reference_heading>, <declination>,
//                   <inclination>; noise <noise_xy>, <noise_z>, <turn_on_bias> [uT]
//     dvl           the DVL whose beams are the ray sensors on <beam_link_name_0..3> (their x axes,
//                   ranges, <fov> and <gaussianNoise>), velocities in <link_name>'s frame
//     rpt           an acoustic position fix, noise <noise_sigma> [m]
//     pose_gt       ground truth, position noise <noise_sigma> [m]
//   A UUV plugin's noise is <noise_sigma>; its <noise_amplitude>, which multiplies it in UUV
//   Simulator and is 0 in every model UUV ships (silencing the noise), is accepted and not used.
//
#pragma once

#include <sdf/Element.hh>

#include "leeway/sdf/sensor_plugins.h"

namespace leeway::sdfio {

void load_uuv_imu(const sdf::ElementPtr& plugin, SensorPluginContext& c);
void load_uuv_pressure(const sdf::ElementPtr& plugin, SensorPluginContext& c);
void load_uuv_magnetometer(const sdf::ElementPtr& plugin, SensorPluginContext& c);
void load_uuv_dvl(const sdf::ElementPtr& plugin, SensorPluginContext& c);
void load_uuv_rpt(const sdf::ElementPtr& plugin, SensorPluginContext& c);
void load_uuv_pose_gt(const sdf::ElementPtr& plugin, SensorPluginContext& c);

}  // namespace leeway::sdfio
