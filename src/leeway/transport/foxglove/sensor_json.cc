#include "leeway/transport/foxglove/sensor_json.h"

#include <fmt/format.h>

#include <cmath>

#include "leeway/transport/foxglove/json_text.h"

namespace leeway {
namespace {

namespace jt = json_text;

bool finite(std::span<const double> x) {
  for (const double v : x) {
    if (!std::isfinite(v)) return false;
  }
  return true;
}

/// The fields' values, each under its name; one with no value is left out.
class JsonWriter final : public FieldWriter {
 public:
  JsonWriter(std::string& out, const SensorDescriptor& d) : out_(out), fields_(d.fields) {}

  void real(double x) override {
    if (key(std::isfinite(x))) jt::number(out_, x);
  }
  void integer(std::int64_t n) override {
    if (key(true)) fmt::format_to(std::back_inserter(out_), "{}", n);
  }
  void boolean(bool b) override {
    if (key(true)) out_ += b ? "true" : "false";
  }
  void name(std::string_view word) override {
    if (key(true)) jt::string(out_, word);
  }
  void vector(const Vec3& v) override {
    if (key(v.allFinite())) jt::vec3(out_, v);
  }
  void quaternion(const Quat& q) override {
    if (key(q.coeffs().allFinite())) jt::quat(out_, q);
  }
  void matrix(const Mat3& m) override {
    if (!key(m.allFinite())) return;
    const Eigen::Matrix<double, 3, 3, Eigen::RowMajor> rows = m;
    numbers({rows.data(), 9});
  }
  void list(std::span<const double> values) override {
    if (key(finite(values))) numbers(values);
  }
  void flags(std::span<const bool> values) override {
    if (!key(true)) return;
    out_ += '[';
    for (std::size_t i = 0; i < values.size(); ++i)
      out_ += i > 0 ? (values[i] ? ",true" : ",false") : (values[i] ? "true" : "false");
    out_ += ']';
  }
  void array(std::span<const float>, std::span<const std::size_t>) override { ++index_; }
  void array(std::span<const double>, std::span<const std::size_t>) override { ++index_; }
  void array(std::span<const std::uint8_t>, std::span<const std::size_t>) override { ++index_; }

 private:
  /// The next field's key, if it has a value.
  bool key(bool has_value) {
    const ReadingField& f = fields_[index_++];
    if (has_value) jt::key(out_, f.name);
    return has_value;
  }
  void numbers(std::span<const double> values) {
    out_ += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) out_ += ',';
      jt::number(out_, values[i]);
    }
    out_ += ']';
  }

  std::string& out_;
  std::span<const ReadingField> fields_;
  std::size_t index_ = 0;
};

/// A field's description in its schema: its meaning, unit and frame.
std::string description(const ReadingField& f) {
  std::string d(f.meaning);
  if (!f.unit.empty()) d += fmt::format(" [{}]", f.unit);
  if (f.frame == "W") d += ", in the world frame (ENU)";
  if (f.frame == "S") d += ", in the sensor frame";
  if (f.frame == "ENU") d += ", along east, north and up";
  return d;
}

std::string property(const ReadingField& f) {
  const auto numbers = [](std::initializer_list<const char*> names) {
    std::string p = R"("type":"object","properties":{)", required;
    for (const char* n : names) {
      const char* comma = required.empty() ? "" : ",";
      p += fmt::format(R"({}"{}":{{"type":"number"}})", comma, n);
      required += fmt::format(R"({}"{}")", comma, n);
    }
    return p + R"(},"required":[)" + required + "]";
  };
  std::string type;
  switch (f.type) {
    case FieldType::kReal:
      type = R"("type":"number")";
      break;
    case FieldType::kInteger:
      type = R"("type":"integer")";
      break;
    case FieldType::kBool:
      type = R"("type":"boolean")";
      break;
    case FieldType::kName:
      type = R"("type":"string")";
      break;
    case FieldType::kVector:
      type = numbers({"x", "y", "z"});
      break;
    case FieldType::kQuaternion:
      type = numbers({"x", "y", "z", "w"});
      break;
    case FieldType::kMatrix:
    case FieldType::kList:
      type = R"("type":"array","items":{"type":"number"})";
      break;
    case FieldType::kFlags:
      type = R"("type":"array","items":{"type":"boolean"})";
      break;
    case FieldType::kArray:
      return "";
  }
  std::string out;
  jt::string(out, f.name);
  out += ":{" + type + R"(,"description":)";
  jt::string(out, description(f));
  return out + "}";
}

}  // namespace

std::string reading_schema_name(const SensorModel& sensor) {
  return "leeway." + camel_case(descriptor(sensor).type);
}

std::string reading_schema(const SensorModel& sensor) {
  const SensorDescriptor& d = descriptor(sensor);
  std::string out = R"({"title":)";
  jt::string(out, reading_schema_name(sensor));
  out += R"(,"description":)";
  jt::string(out, fmt::format("A {} sensor's reading (docs/sensors.md); a field without a value "
                              "in a sample is left out of its message",
                              d.type));
  out += R"(,"type":"object","properties":{"timestamp":{"type":"object","title":"time",)"
         R"("properties":{"sec":{"type":"integer","minimum":0},"nsec":{"type":"integer",)"
         R"("minimum":0,"maximum":999999999}},"required":["sec","nsec"]},)"
         R"("frame_id":{"type":"string","description":"The sensor's frame"})";
  for (const ReadingField& f : d.fields) {
    const std::string p = property(f);
    if (!p.empty()) out += "," + p;
  }
  return out + R"(},"required":["timestamp","frame_id"]})";
}

void reading_json(std::string& out, const SensorModel& sensor, const SensorSample& sample,
                  std::string_view frame) {
  out += R"({"timestamp":)";
  jt::time(out, sample.t);
  jt::key(out, "frame_id");
  jt::string(out, frame);
  JsonWriter w(out, descriptor(sensor));
  write_reading(sensor, sample, w);
  out += '}';
}

}  // namespace leeway
