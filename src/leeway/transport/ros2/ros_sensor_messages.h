// A sensor's ROS 2 messages at a sample (ros_messages.h lists them): a reading by its message
// shape, or a drawn sensor's image, scan or ping and their siblings.
#pragma once

#include <cstddef>

#include "leeway/transport/publication_plan.h"
#include "leeway/transport/ros2/ros_messages.h"
#include "leeway/world/model.h"

namespace leeway {

/// Hands `send` the messages of row kind `what` (kSensorReading, kCameraInfo, kDepthImage,
/// kPoints, kSoundings) of sensor `i` of `model` at `sample`; `drawn`: the sensor draws (a
/// camera, a lidar, a sonar), and sends nothing for a sample it did not draw.
void ros_sensor_messages(Output what, const Model& model, std::size_t i, const SensorSample& sample,
                         bool drawn, const RosSend& send);

}  // namespace leeway
