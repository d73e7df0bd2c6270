#include "leeway/sensors/sensor.h"

#include <array>
#include <cmath>
#include <type_traits>
#include <utility>

namespace leeway {
namespace {

/// Each type's descriptor, by its index in SensorKind.
template <std::size_t... I>
std::array<const SensorDescriptor*, sizeof...(I)> descriptor_table(std::index_sequence<I...>) {
  return {&descriptor_of(std::variant_alternative_t<I, SensorKind>{})...};
}

const std::array<const SensorDescriptor*, std::variant_size_v<SensorKind>>& descriptors() {
  static const auto table =
      descriptor_table(std::make_index_sequence<std::variant_size_v<SensorKind>>{});
  return table;
}

// A type without noise processes of its own, or without load-time checks of its own.
template <typename Kind>
void noise_axes(const Kind&, NoiseAxes&) {}
template <typename Kind>
std::string check_kind(const Kind&) {
  return "";
}

NoiseAxes axes_of(const SensorModel& sensor) {
  NoiseAxes axes;
  std::visit([&](const auto& kind) { noise_axes(kind, axes); }, sensor.kind);
  return axes;
}

/// Moves the schedule past the sample at t; returns the interval since the one before [s] (the
/// nominal interval for the first).
double advance_schedule(const SensorModel& sensor, SensorState& state, double t, double dt_step) {
  const double nominal = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : dt_step;
  const double dt = state.last_time < 0.0 ? nominal : t - state.last_time;
  state.last_time = t;
  if (sensor.rate_hz > 0.0) {
    // t >= 0: truncation is the floor.
    state.next_sample = static_cast<std::uint64_t>(t * sensor.rate_hz + kScheduleSlack) + 1;
  }
  return dt;
}

}  // namespace

const EchoSource& Sampling::nothing() {
  static const struct : EchoSource {
    std::optional<Echo> first_echo(const Ray&, double) const override { return {}; }
  } kNothing;
  return kNothing;
}

const SensorDescriptor& descriptor(const SensorModel& sensor) {
  return *descriptors()[sensor.kind.index()];
}

void write_reading(const SensorModel& sensor, const SensorSample& sample, FieldWriter& out) {
  std::visit(
      [&](const auto& kind) {
        using Reading = typename std::decay_t<decltype(kind)>::Reading;
        write_reading(kind, std::get<Reading>(sample.reading), out);
      },
      sensor.kind);
}

bool next_sample_opens_period(const SensorModel& sensor, const SensorState& state, double t,
                              double dt, double period) {
  if (state.next_sample == 0) return true;
  const double interval = sensor.rate_hz > 0.0 ? 1.0 / sensor.rate_hz : dt;
  const double t_next =
      sensor.rate_hz > 0.0 ? static_cast<double>(state.next_sample) * interval : t;
  // kScheduleSlack: a sample at k period up to the rounding opens period k, not k - 1.
  const auto period_of = [&](double t_sample) {
    return std::floor(t_sample / period + kScheduleSlack);
  };
  return period_of(t_next) > period_of(t_next - interval);
}

SensorState initial_sensor_state(const SensorModel& sensor, std::uint64_t world_seed) {
  SensorState s{RandomStream(world_seed, "sensor " + sensor.full_name()), 0, -1.0, {}};
  for (const NoiseModel* n : axes_of(sensor))
    s.axes.push_back(initial_noise_state(*n, s.rng));
  if (const auto* rb = std::get_if<RangeBearingModel>(&sensor.kind)) s.pinger_W = rb->pinger_W;
  return s;
}

void skip_image(const SensorModel& sensor, SensorState& state, double t, SensorSample* out) {
  advance_schedule(sensor, state, t, 0.0);
  // A frame's seed is drawn whether the frame is or not: a frame's pixels are the same
  // whichever frames before it somebody looked at.
  state.rng.next_u64();
  if (!out) return;
  out->sampled = true;
  out->t = t;
  std::visit(
      [&](const auto& kind) {
        using Reading = typename std::decay_t<decltype(kind)>::Reading;
        out->reading.template emplace<Reading>();
      },
      sensor.kind);
}

void take_sample(const SensorModel& sensor, SensorState& state, const SampleContext& at,
                 SensorSample& out) {
  if (draws_images(sensor) && !at.draw_images) return skip_image(sensor, state, at.t, &out);
  Sampling s{at, sensor.X_BS, state, advance_schedule(sensor, state, at.t, at.dt_step)};
  out.sampled = true;
  out.t = at.t;
  std::visit([&](const auto& kind) { out.reading = sample_reading(kind, s); }, sensor.kind);
}

std::string check_sensor(const SensorModel& sensor) {
  if (!std::isfinite(sensor.rate_hz) || sensor.rate_hz < 0.0) {
    return "the update rate is negative or not finite; expected >= 0 Hz (0: every step)";
  }
  std::string problem = std::visit([](const auto& kind) { return check_kind(kind); }, sensor.kind);
  for (const NoiseModel* n : axes_of(sensor)) {
    if (problem.empty()) problem = check_noise(*n);
  }
  return problem;
}

std::string column_name(const ReadingField& f, std::size_t k) {
  const std::string name(f.name);
  switch (f.type) {
    case FieldType::kVector:
      return f.columns[k].empty() ? name + "_" + "xyz"[k] : std::string(f.columns[k]);
    case FieldType::kQuaternion:
      return name + "_" + "wxyz"[k];
    case FieldType::kMatrix:
      return name + "_" + "xyz"[k / 3] + "xyz"[k % 3];
    case FieldType::kList:
    case FieldType::kFlags:
      return name + "_" + std::to_string(k + 1);
    default:
      return name;
  }
}

std::string camel_case(std::string_view type) {
  std::string out;
  bool upper = true;
  for (const char c : type) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

}  // namespace leeway
