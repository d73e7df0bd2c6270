// A reading as named numbers: a FieldWriter (sensor_descriptor.h) that hands each number of each
// field to one call under its column's name (column_name: f_x, q_w, beam_ranges_2...), as a
// record message carries a reading whose shape a transport has no message for (gz-transport's
// ignition.msgs.Param, ROS 2's ros_gz_interfaces/ParamVec). Bulk arrays are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "leeway/sensors/sensor_descriptor.h"

namespace leeway {

class NamedValues : public FieldWriter {
 public:
  explicit NamedValues(const SensorDescriptor& d) : fields_(d.fields) {}

  void real(double x) final { number(column_name(next(), 0), x); }
  void integer(std::int64_t n) final { count(column_name(next(), 0), n); }
  void boolean(bool b) final { flag(column_name(next(), 0), b); }
  void name(std::string_view w) final { word(column_name(next(), 0), w); }
  void vector(const Vec3& v) final { numbers(v.data(), 3); }
  void quaternion(const Quat& q) final {
    const double wxyz[] = {q.w(), q.x(), q.y(), q.z()};
    numbers(wxyz, 4);
  }
  void matrix(const Mat3& m) final {
    const Eigen::Matrix<double, 3, 3, Eigen::RowMajor> rows = m;
    numbers(rows.data(), 9);
  }
  void list(std::span<const double> v) final { numbers(v.data(), v.size()); }
  void flags(std::span<const bool> v) final {
    const ReadingField& f = next();
    for (std::size_t k = 0; k < v.size(); ++k)
      flag(column_name(f, k), v[k]);
  }
  void array(std::span<const float>, std::span<const std::size_t>) final { next(); }
  void array(std::span<const double>, std::span<const std::size_t>) final { next(); }
  void array(std::span<const std::uint8_t>, std::span<const std::size_t>) final { next(); }

 protected:
  ~NamedValues() = default;
  virtual void number(const std::string& name, double x) = 0;
  virtual void count(const std::string& name, std::int64_t n) = 0;
  virtual void flag(const std::string& name, bool b) = 0;
  virtual void word(const std::string& name, std::string_view w) = 0;

 private:
  const ReadingField& next() { return fields_[index_++]; }
  void numbers(const double* x, std::size_t n) {
    const ReadingField& f = next();
    for (std::size_t k = 0; k < n; ++k)
      number(column_name(f, k), x[k]);
  }

  std::span<const ReadingField> fields_;
  std::size_t index_ = 0;
};

}  // namespace leeway
