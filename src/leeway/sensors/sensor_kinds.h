// Every sensor type Leeway simulates: a model (what it is) and its reading (what it measured),
// one header each (sensor_descriptor.h says what a type's header gives). A new type is its
// header and source, a line here, and its SDF reader (sdf/sensor_params.h).
#pragma once

#include <variant>

#include "leeway/sensors/acoustic_position.h"
#include "leeway/sensors/altimeter.h"
#include "leeway/sensors/anemometer.h"
#include "leeway/sensors/camera.h"
#include "leeway/sensors/current_meter.h"
#include "leeway/sensors/dvl.h"
#include "leeway/sensors/gnss.h"
#include "leeway/sensors/ground_truth.h"
#include "leeway/sensors/imu.h"
#include "leeway/sensors/lidar.h"
#include "leeway/sensors/magnetometer.h"
#include "leeway/sensors/pressure.h"
#include "leeway/sensors/range_bearing.h"
#include "leeway/sensors/sonar.h"
#include "leeway/sensors/wave_gauge.h"

namespace leeway {

using SensorKind =
    std::variant<ImuModel, PressureModel, GnssModel, AltimeterModel, MagnetometerModel, DvlModel,
                 RangeBearingModel, AcousticPositionModel, GroundTruthModel, WaveGaugeModel,
                 CurrentMeterModel, AnemometerModel, LidarModel, CameraModel, SonarModel>;

/// The readings, in the same order: reading index k is kind index k's.
template <typename Kinds>
struct ReadingsOf;
template <typename... Kinds>
struct ReadingsOf<std::variant<Kinds...>> {
  using type = std::variant<typename Kinds::Reading...>;
};
using SensorReading = ReadingsOf<SensorKind>::type;

}  // namespace leeway
