// gz-sim's OdometryPublisher, read into Leeway's ground-truth sensor (sensors/sensor.h).
//
//   OdometryPublisher: ground truth of the model frame (with <xyz_offset>,
//   <rpy_offset>), <odom_publish_frequency> (50 Hz), <gaussian_noise> on position and velocity.
#pragma once

#include <sdf/Element.hh>

#include "leeway/sdf/sensor_plugins.h"

namespace leeway::sdfio {

void load_gz_odometry(const sdf::ElementPtr& plugin, SensorPluginContext& c);

}  // namespace leeway::sdfio
