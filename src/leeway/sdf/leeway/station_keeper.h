// Leeway's reference dynamic positioning (gnc/station_keeping.h), attached to a model:
//   <plugin filename="leeway-station-keeping" name="leeway::StationKeeping">
//     <rate>10</rate>                    control rate (sdf/leeway/controllers.h)
//     <station>x y z yaw</station>       the pose to hold [m, m, m, rad] in W; default: the
//                                        model's start pose (its yaw; roll and pitch are 0)
//     <kp>6 numbers</kp>                 required: on x y z [N/m], roll pitch yaw [N m/rad]
//     <ki>6 numbers</ki>                 default 0: [N/(m s), N m/(rad s)]
//     <kd>6 numbers</kd>                 default 0: [N s/m, N m s/rad]
//     <integral_limit>6 numbers</integral_limit>   default none: [m s, rad s]
//     <steering_rate>1</steering_rate>   [rad/s] > 0, default 1: the fastest the allocation
//                                        turns steered thrusters (when it steers them)
//   </plugin>
// The gains are on the body axes (the position error is rotated into B). An axis whose gains
// are all zero is left alone: the allocation serves only the others, so a vessel without
// vertical thrusters can hold x, y and yaw with kp = "k k 0 0 0 k". Steered thrusters are turned
// only when the thrusters held straight cannot serve every controlled axis (an H-layout WAM-V's
// two outboards give no sway unless they turn; an X-layout's four hold it straight).
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/gnc/station_keeping.h"
#include "leeway/world/model.h"

namespace leeway::sdfio {

/// The station keeping `plugin` attaches to body `body` of `model`; its rate is read by
/// load_controller().
StationKeeperModel load_station_keeper(const sdf::ElementPtr& plugin, const Model& model, int body);

}  // namespace leeway::sdfio
