// Every sensor type's descriptor (sensors/sensor_descriptor.h) against what its reading writes:
// one call per field of the table, of the field's type, in the table's order, for an empty
// reading and for one taken in a world; names unique; the recordings' header has a column per
// number the reading writes (output/sensor_recorder.h), so the CSV and Python's dicts, which
// both follow the table, cannot drift apart.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>

#include "leeway/output/sensor_recorder.h"
#include "leeway/sensors/sensor.h"

namespace leeway {
namespace {

/// Checks each call against the next field of the table.
class CheckingWriter final : public FieldWriter {
 public:
  explicit CheckingWriter(const SensorDescriptor& d) : d_(d) {}
  std::size_t calls = 0, numbers = 0;  ///< fields, and the numbers a recording's row gets

  void real(double) override { take(FieldType::kReal, 1); }
  void integer(std::int64_t) override { take(FieldType::kInteger, 1); }
  void boolean(bool) override { take(FieldType::kBool, 1); }
  void name(std::string_view word) override {
    EXPECT_FALSE(word.empty()) << field();
    take(FieldType::kName, 1);
  }
  void vector(const Vec3&) override { take(FieldType::kVector, 3); }
  void quaternion(const Quat&) override { take(FieldType::kQuaternion, 4); }
  void matrix(const Mat3&) override { take(FieldType::kMatrix, 9); }
  void list(std::span<const double> v) override { take(FieldType::kList, v.size()); }
  void flags(std::span<const bool> v) override { take(FieldType::kFlags, v.size()); }
  void array(std::span<const float> v, std::span<const std::size_t> shape) override {
    bulk(v.size(), shape);
  }
  void array(std::span<const double> v, std::span<const std::size_t> shape) override {
    bulk(v.size(), shape);
  }
  void array(std::span<const std::uint8_t> v, std::span<const std::size_t> shape) override {
    bulk(v.size(), shape);
  }

 private:
  std::string field() const { return fmt::format("{} field {}", d_.type, calls); }
  void take(FieldType type, std::size_t n) {
    ASSERT_LT(calls, d_.fields.size()) << field() << ": more calls than fields";
    EXPECT_EQ(static_cast<int>(d_.fields[calls].type), static_cast<int>(type)) << field();
    ++calls;
    numbers += n;
  }
  void bulk(std::size_t size, std::span<const std::size_t> shape) {
    std::size_t product = shape.empty() ? 0 : 1;
    for (const std::size_t n : shape)
      product *= n;
    EXPECT_EQ(product, size) << field() << ": its shape does not hold its values";
    take(FieldType::kArray, 1);  // a recording's row: the file's name
  }
  const SensorDescriptor& d_;
};

/// A sensor of each type, with an empty reading of its type.
std::vector<SensorModel> one_of_each() {
  std::vector<SensorModel> out;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (out.push_back(SensorModel{"m", "s" + std::to_string(I), "l", 0, Pose(), 0.0,
                               std::variant_alternative_t<I, SensorKind>{}}),
     ...);
  }
  (std::make_index_sequence<std::variant_size_v<SensorKind>>{});
  // A DVL has three beams or more, a list of each.
  for (SensorModel& s : out) {
    if (auto* dvl = std::get_if<DvlModel>(&s.kind))
      dvl->beams_S = {Vec3::UnitX(), Vec3::UnitY(), -Vec3::UnitZ()};
  }
  return out;
}

SensorSample blank(const SensorModel& s) {
  SensorSample sample;
  std::visit(
      [&](const auto& kind) {
        using Reading = typename std::decay_t<decltype(kind)>::Reading;
        sample.reading.template emplace<Reading>();
      },
      s.kind);
  return sample;
}

TEST(SensorDescriptor, EveryTypeWritesItsTableOfFieldsInOrder) {
  std::set<std::string_view> types;
  std::set<std::string> schemas;
  for (const SensorModel& s : one_of_each()) {
    const SensorDescriptor& d = descriptor(s);
    EXPECT_TRUE(types.insert(d.type).second) << "two types named " << d.type;
    EXPECT_TRUE(schemas.insert(camel_case(d.type)).second) << d.type;
    EXPECT_FALSE(d.fields.empty()) << d.type;
    std::set<std::string_view> names;
    for (const ReadingField& f : d.fields) {
      EXPECT_TRUE(names.insert(f.name).second) << d.type << ": two fields named " << f.name;
      EXPECT_FALSE(f.meaning.empty()) << d.type << "." << f.name;
    }
    CheckingWriter w(d);
    write_reading(s, blank(s), w);
    EXPECT_EQ(w.calls, d.fields.size()) << d.type;
    // The recording's header names one column per number the row writes.
    const std::string header = SensorRecorder::header(s);
    EXPECT_EQ(static_cast<std::size_t>(std::count(header.begin(), header.end(), ',')), w.numbers)
        << d.type << ": " << header;
    // Drawing types and only they have bulk arrays.
    const bool bulk = std::any_of(d.fields.begin(), d.fields.end(), [](const ReadingField& f) {
      return f.type == FieldType::kArray;
    });
    EXPECT_EQ(bulk, d.draws) << d.type;
  }
  EXPECT_EQ(types.size(), std::variant_size_v<SensorKind>);
  EXPECT_EQ(camel_case("acoustic_position"), "AcousticPosition");
}

TEST(SensorDescriptor, ARecordingsColumnsAreNamedAfterTheFields) {
  const std::vector<SensorModel> sensors = one_of_each();
  const auto header = [&](const char* type) {
    for (const SensorModel& s : sensors) {
      if (descriptor(s).type == type) return SensorRecorder::header(s);
    }
    return std::string();
  };
  EXPECT_EQ(header("imu"), "t,f_x,f_y,f_z,omega_x,omega_y,omega_z,q_w,q_x,q_y,q_z");
  EXPECT_EQ(header("navsat"), "t,fix,latitude,longitude,altitude,v_east,v_north,v_up");
  EXPECT_EQ(header("wave_gauge"), "t,elevation");
  EXPECT_EQ(header("current_meter"), "t,v_x,v_y,v_z,relative_x,relative_y,relative_z");
  EXPECT_EQ(header("lidar"), "t,rays,returns,water_returns,nearest,ranges,intensities");
  EXPECT_EQ(header("dvl").substr(0, 44), "t,target,v_x,v_y,v_z,covariance_xx,covarianc");
  EXPECT_NE(header("dvl").find(",beam_ranges_1,beam_ranges_2,beam_ranges_3,beam_velocities_1"),
            std::string::npos);
}

}  // namespace
}  // namespace leeway
