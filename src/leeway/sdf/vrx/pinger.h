// VRX's acoustic pinger receiver, read into Leeway's range-bearing sensor (sensors/sensor.h).
//
//   AcousticPingerPlugin: range, bearing and elevation from the model's frame to
//   <position>, with <range_noise>, <bearing_noise>, <elevation_noise> (gz noise), 1 Hz by
//   default.
#pragma once

#include <sdf/Element.hh>

#include "leeway/sdf/sensor_plugins.h"

namespace leeway::sdfio {

void load_vrx_pinger(const sdf::ElementPtr& plugin, SensorPluginContext& c);

}  // namespace leeway::sdfio
