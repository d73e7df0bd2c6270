// What a sensor type is to everything outside its kernel: its name, the fields of its reading
// (name, type, unit, frame, meaning) and the shape of the message that carries a reading. Every
// consumer reads a reading through this description, so that a new sensor type costs them
// nothing: the sensor recordings (output/sensor_recorder.h: a column per number, a file per
// bulk array), Python's readings (a dict entry per field), the viewer's JSON for a generic
// shape, and the servers (transport/), which encode a shape rather than a sensor type.
//
// A type's kernel header declares, for its model M (whose `Reading` names its reading R):
//   const SensorDescriptor& descriptor_of(const M&);
//   R sample_reading(const M&, Sampling&);                    (sensors/sensor_sampling.h)
//   void write_reading(const M&, const R&, FieldWriter&);     its fields, in the table's order
// and, where it has them, `void noise_axes(const M&, NoiseAxes&)` (the noise processes the
// sensor state keeps, in order) and `std::string check_kind(const M&)` (a load-time problem);
// sensors/sensor_kinds.h lists the types.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "leeway/core/spatial.h"
#include "leeway/sensors/noise.h"

namespace leeway {

/// How a field's value is given to a FieldWriter, and so how it is stored.
enum class FieldType : std::uint8_t {
  kReal,        ///< a double
  kInteger,     ///< a count or an index
  kBool,        ///< yes or no (a recording writes 1 or 0)
  kName,        ///< one of a few words (an enumeration's value)
  kVector,      ///< three doubles, x y z of `frame`
  kQuaternion,  ///< four doubles, w x y z
  kMatrix,      ///< 3 x 3 doubles, row-major
  kList,        ///< a few doubles, as many as the model says (a DVL's beams): a column each
  kFlags,       ///< a few yes-or-noes, as many as the model says
  kArray,       ///< bulk numbers (an image, a scan): a file of its own in a recording
};

struct ReadingField {
  std::string_view name;  ///< Python's key; a recording's column (or the columns' stem)
  FieldType type;
  std::string_view unit;   ///< SI, as docs/notation.md writes it; "" for none
  std::string_view frame;  ///< "S" (the sensor's), "W" (the world's ENU), "ENU" at the sensor,
                           ///< "R" (a reporting frame), "" for none
  std::string_view meaning;
  /// A vector's three columns when not name_x, name_y, name_z (a GNSS's v_east...).
  std::string_view columns[3] = {};
};

/// The message a reading travels in. A transport encodes each shape once, whatever the sensor:
/// a type with a shape that exists costs a transport nothing. Where a transport has no message
/// of a shape's own, it carries the reading as a record (docs/interfaces.md).
enum class MessageShape : std::uint8_t {
  kImu,
  kFluidPressure,
  kNavSat,
  kAltimeter,
  kMagneticField,
  kDvl,
  kRangeBearing,
  kOdometry,
  kScalar,  ///< the first field (a real) with its stamp and frame
  kVector,  ///< the first field (a vector) with its stamp and frame
  kRecord,  ///< every field, by name
  kScan,    ///< a lidar's (drawn)
  kImage,   ///< a camera's (drawn)
  kPing,    ///< a sonar's (drawn)
};

struct SensorDescriptor {
  std::string_view type;  ///< as SDF and the recordings name it: "imu", "wave_gauge"
  std::span<const ReadingField> fields;
  MessageShape shape = MessageShape::kRecord;
  /// Its samples are drawn (a frame, a scan, a ping) only when somebody looks
  /// (StepData::draw_images): an undrawn sample has an empty reading.
  bool draws = false;
};

/// Takes a reading's fields in the order of its descriptor's table (SensorDescriptor::fields):
/// one call per field, of the call its type names.
class FieldWriter {
 public:
  virtual void real(double x) = 0;
  virtual void integer(std::int64_t n) = 0;
  virtual void boolean(bool b) = 0;
  virtual void name(std::string_view word) = 0;
  virtual void vector(const Vec3& v) = 0;
  virtual void quaternion(const Quat& q) = 0;
  virtual void matrix(const Mat3& m) = 0;
  virtual void list(std::span<const double> values) = 0;
  virtual void flags(std::span<const bool> values) = 0;
  /// Bulk numbers, rows first: `shape` gives each dimension (an image's height, width, and
  /// channels), empty for a sample that was not drawn.
  virtual void array(std::span<const float> values, std::span<const std::size_t> shape) = 0;
  virtual void array(std::span<const double> values, std::span<const std::size_t> shape) = 0;
  virtual void array(std::span<const std::uint8_t> values, std::span<const std::size_t> shape) = 0;

 protected:
  ~FieldWriter() = default;
};

/// The noise models a sensor's state keeps a process for, in order (SensorState::axes).
using NoiseAxes = std::vector<const NoiseModel*>;

/// The name of a field's k-th number, as the recordings' columns and the record messages'
/// parameters name it: a number its own name; a vector's name_x, name_y, name_z (or its own
/// `columns`); a quaternion's name_w ... name_z; a matrix's name_xx, name_xy ... name_zz (row by
/// row); a list's or flags' name_1 ... name_n.
std::string column_name(const ReadingField& field, std::size_t k);

/// A type's name in CamelCase: "wave_gauge" -> "WaveGauge" (a viewer schema's name).
std::string camel_case(std::string_view type);

}  // namespace leeway
