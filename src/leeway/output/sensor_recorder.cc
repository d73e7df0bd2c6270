#include "leeway/output/sensor_recorder.h"

#include <fmt/format.h>

#include <bit>
#include <set>
#include <stdexcept>

#include "leeway/formats/png_file.h"
#include "leeway/output/csv_field.h"

namespace leeway {
namespace {

std::string safe(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) c = '_';
  }
  return out;
}

/// A sample of `sensor`'s type with nothing in it, for the header's shape.
SensorSample blank_sample(const SensorModel& sensor) {
  SensorSample s;
  std::visit(
      [&](const auto& kind) {
        using Reading = typename std::decay_t<decltype(kind)>::Reading;
        s.reading.template emplace<Reading>();
      },
      sensor.kind);
  return s;
}

/// NumPy's .npy format, version 1.0: its magic, the header's length, the header (a dict of the
/// dtype, the order and the shape, padded to 64 bytes), then the data, rows first.
template <typename T>
void write_npy(const std::filesystem::path& path, std::span<const T> values,
               std::span<const std::size_t> shape) {
  static_assert(std::endian::native == std::endian::little);
  const char* descr = std::is_same_v<T, float> ? "<f4" : std::is_same_v<T, double> ? "<f8" : "|u1";
  std::string dims;
  for (const std::size_t n : shape)
    dims += fmt::format("{}, ", n);
  dims.resize(dims.size() - (shape.size() == 1 ? 1 : 2));  // (n,) for one dimension
  std::string header =
      fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': ({}), }}", descr, dims);
  const std::size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  OutputFile f(path, "the sensor array");
  const auto length = static_cast<std::uint16_t>(header.size());
  std::string preamble("\x93NUMPY\x01\x00", 8);  // the magic, version 1.0
  preamble += static_cast<char>(length & 0xff);
  preamble += static_cast<char>(length >> 8);
  f.write(preamble);
  f.write(header);
  f.write(std::string_view(reinterpret_cast<const char*>(values.data()), values.size_bytes()));
  f.close();
}

/// Writes a header: the column names of each field.
class HeaderWriter final : public FieldWriter {
 public:
  explicit HeaderWriter(const SensorDescriptor& d) : fields_(d.fields) {}
  std::string text = "t";

  void real(double) override { columns(1); }
  void integer(std::int64_t) override { columns(1); }
  void boolean(bool) override { columns(1); }
  void name(std::string_view) override { columns(1); }
  void vector(const Vec3&) override { columns(3); }
  void quaternion(const Quat&) override { columns(4); }
  void matrix(const Mat3&) override { columns(9); }
  void list(std::span<const double> values) override { columns(values.size()); }
  void flags(std::span<const bool> values) override { columns(values.size()); }
  void array(std::span<const float>, std::span<const std::size_t>) override { columns(1); }
  void array(std::span<const double>, std::span<const std::size_t>) override { columns(1); }
  void array(std::span<const std::uint8_t>, std::span<const std::size_t>) override { columns(1); }

 private:
  /// The next field's n columns.
  void columns(std::size_t n) {
    const ReadingField& f = fields_[index_++];
    for (std::size_t k = 0; k < n; ++k)
      text += "," + column_name(f, k);
  }
  std::span<const ReadingField> fields_;
  std::size_t index_ = 0;
};

/// Writes a row: the sample's time, then each field; bulk arrays to files of their own.
class RowWriter final : public FieldWriter {
 public:
  RowWriter(fmt::memory_buffer& out, const SensorDescriptor& d, std::filesystem::path folder,
            std::string stem, std::size_t sample)
      : out_(out),
        fields_(d.fields),
        folder_(std::move(folder)),
        stem_(std::move(stem)),
        sample_(sample) {}
  std::size_t arrays = 0;

  void real(double x) override { cell(x); }
  void integer(std::int64_t n) override { cell(n); }
  void boolean(bool b) override { cell(b ? 1 : 0); }
  void name(std::string_view word) override { cell(csv_field(word)); }
  void vector(const Vec3& v) override { cells(v.data(), 3); }
  void quaternion(const Quat& q) override {
    const double wxyz[] = {q.w(), q.x(), q.y(), q.z()};
    cells(wxyz, 4);
  }
  void matrix(const Mat3& m) override {
    const Eigen::Matrix<double, 3, 3, Eigen::RowMajor> rows = m;
    cells(rows.data(), 9);
  }
  void list(std::span<const double> values) override { cells(values.data(), values.size()); }
  void flags(std::span<const bool> values) override {
    ++index_;
    for (const bool b : values)
      fmt::format_to(std::back_inserter(out_), ",{}", b ? 1 : 0);
  }
  void array(std::span<const float> v, std::span<const std::size_t> shape) override {
    bulk(v, shape);
  }
  void array(std::span<const double> v, std::span<const std::size_t> shape) override {
    bulk(v, shape);
  }
  void array(std::span<const std::uint8_t> v, std::span<const std::size_t> shape) override {
    bulk(v, shape);
  }

 private:
  template <typename T>
  void cell(const T& x) {
    ++index_;
    fmt::format_to(std::back_inserter(out_), ",{}", x);
  }
  void cells(const double* x, std::size_t n) {
    ++index_;
    for (std::size_t i = 0; i < n; ++i)
      fmt::format_to(std::back_inserter(out_), ",{}", x[i]);
  }
  template <typename T>
  void bulk(std::span<const T> values, std::span<const std::size_t> shape) {
    const ReadingField& f = fields_[index_++];
    out_.push_back(',');
    if (values.empty()) return;
    const bool image = std::is_same_v<T, std::uint8_t> && shape.size() == 3 && shape[2] == 3;
    const std::string file =
        fmt::format("{}/{}_{}.{}", stem_, f.name, sample_, image ? "png" : "npy");
    std::filesystem::create_directories(folder_ / stem_);
    if constexpr (std::is_same_v<T, std::uint8_t>) {
      if (image) {
        write_png((folder_ / file).string(), static_cast<int>(shape[1]), static_cast<int>(shape[0]),
                  {values.begin(), values.end()});
        return after_file(file);
      }
    }
    write_npy(folder_ / file, values, shape);
    after_file(file);
  }
  void after_file(const std::string& file) {
    fmt::format_to(std::back_inserter(out_), "{}", file);
    ++arrays;
  }

  fmt::memory_buffer& out_;
  std::span<const ReadingField> fields_;
  std::filesystem::path folder_;
  std::string stem_;
  std::size_t sample_;
  std::size_t index_ = 0;
};

}  // namespace

std::string SensorRecorder::stem(const SensorModel& sensor) {
  return safe(sensor.model_name) + "." + safe(sensor.name);
}

std::string SensorRecorder::file_name(const SensorModel& sensor) {
  return stem(sensor) + ".csv";
}

std::string SensorRecorder::header(const SensorModel& sensor) {
  HeaderWriter h(descriptor(sensor));
  write_reading(sensor, blank_sample(sensor), h);
  return h.text;
}

SensorRecorder::SensorRecorder(const std::filesystem::path& folder, const Model& model)
    : folder_(folder), counts_(model.sensors.size(), 0) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    throw std::runtime_error(fmt::format("cannot make the sensor recordings' folder '{}': {}",
                                         folder.string(), ec.message()));
  }
  std::set<std::string> names;
  for (const SensorModel& sensor : model.sensors) {
    const std::filesystem::path path = folder / file_name(sensor);
    if (!names.insert(file_name(sensor)).second) {
      throw std::runtime_error(
          fmt::format("two sensors would be recorded in '{}' (their names "
                      "differ only in characters a file name cannot hold)",
                      path.string()));
    }
    OutputFile& f = files_.emplace_back(path, "the sensor recording");
    f.write(header(sensor) + "\n");
  }
}

void SensorRecorder::want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) {
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (draws_images(sim.model().sensors[i])) wanted[i] = 1;
  }
}

void SensorRecorder::on_step(const Simulation& sim) {
  const std::vector<SensorSample>& samples = sim.data().sensors;
  fmt::memory_buffer row;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (!samples[i].sampled) continue;
    const SensorModel& sensor = sim.model().sensors[i];
    row.clear();
    fmt::format_to(std::back_inserter(row), "{}", samples[i].t);
    RowWriter w(row, descriptor(sensor), folder_, stem(sensor), counts_[i]++);
    write_reading(sensor, samples[i], w);
    row.push_back('\n');
    files_[i].write(std::string_view(row.data(), row.size()));
    ++samples_;
    arrays_ += w.arrays;
  }
}

}  // namespace leeway
