// Sensor readings for Python: one dict per reading, an entry per field of its type's descriptor
// (sensors/sensor_descriptor.h; the sensor recordings' columns take the same names): numbers,
// counts and words as Python's own, vectors (x, y, z), quaternions (w, x, y, z), matrices
// (3 x 3) and lists as NumPy arrays, an image, a scan and a ping as arrays shaped as they are
// read (rows first).
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <stdexcept>

#include "bindings.h"
#include "py_simulation.h"

namespace py = pybind11;

namespace leeway::python {
namespace {

class DictWriter final : public FieldWriter {
 public:
  DictWriter(py::dict& d, const SensorDescriptor& descriptor) : d_(d), fields_(descriptor.fields) {}

  void real(double x) override { put(x); }
  void integer(std::int64_t n) override { put(n); }
  void boolean(bool b) override { put(b); }
  void name(std::string_view word) override { put(std::string(word)); }
  void vector(const Vec3& v) override { put(py::array_t<double>(3, v.data())); }
  void quaternion(const Quat& q) override {
    const double wxyz[4] = {q.w(), q.x(), q.y(), q.z()};
    put(py::array_t<double>(4, wxyz));
  }
  void matrix(const Mat3& m) override {
    const Eigen::Matrix<double, 3, 3, Eigen::RowMajor> rows = m;
    put(py::array_t<double>({3, 3}, rows.data()));
  }
  void list(std::span<const double> values) override {
    put(py::array_t<double>(static_cast<py::ssize_t>(values.size()), values.data()));
  }
  void flags(std::span<const bool> values) override {
    py::array_t<bool> a(static_cast<py::ssize_t>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i)
      a.mutable_at(static_cast<py::ssize_t>(i)) = values[i];
    put(a);
  }
  void array(std::span<const float> v, std::span<const std::size_t> shape) override {
    put(shaped(v, shape));
  }
  void array(std::span<const double> v, std::span<const std::size_t> shape) override {
    put(shaped(v, shape));
  }
  void array(std::span<const std::uint8_t> v, std::span<const std::size_t> shape) override {
    put(shaped(v, shape));
  }

 private:
  template <typename T>
  static py::array_t<T> shaped(std::span<const T> v, std::span<const std::size_t> shape) {
    return py::array_t<T>(std::vector<py::ssize_t>(shape.begin(), shape.end()), v.data());
  }
  template <typename T>
  void put(T&& value) {
    d_[py::str(std::string(fields_[index_++].name))] = std::forward<T>(value);
  }

  py::dict& d_;
  std::span<const ReadingField> fields_;
  std::size_t index_ = 0;
};

}  // namespace

py::dict sensor_reading(const PySimulation& s, const py::handle& key, const char* draw_call) {
  const auto i = static_cast<std::size_t>(sensor_of(s, key));
  const SensorModel& sensor = s.model().sensors[i];
  if (draws_images(sensor) && !s.draws_images()) {
    throw std::runtime_error(fmt::format(
        "sensor '{}/{}' ({}) draws its samples only while images are drawn, and they are not: "
        "it holds no frame, scan or ping. {} turns drawing on (each costs milliseconds; "
        "docs/python.md, \"Sensors\")",
        sensor.model_name, sensor.name, sensor_type_name(sensor), draw_call));
  }
  return reading_dict(sensor, s.sim().data().sensors[i]);
}

py::dict reading_dict(const SensorModel& sensor, const SensorSample& s) {
  py::dict d;
  d["t"] = s.t;
  d["sampled"] = s.sampled;
  DictWriter w(d, descriptor(sensor));
  write_reading(sensor, s, w);
  return d;
}

}  // namespace leeway::python
