#include "leeway/sensors/gnss.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kGnssFields[] = {
    {"fix", FieldType::kBool, "", "", "whether the receiver has a fix (none under water)"},
    {"latitude", FieldType::kReal, "deg", "", "WGS-84; NaN without a fix"},
    {"longitude", FieldType::kReal, "deg", "", "WGS-84; NaN without a fix"},
    {"altitude", FieldType::kReal, "m", "", "above the WGS-84 ellipsoid; NaN without a fix"},
    {"v_enu",
     FieldType::kVector,
     "m/s",
     "ENU",
     "the antenna's velocity along east, north and up; NaN without a fix",
     {"v_east", "v_north", "v_up"}},
};
constexpr SensorDescriptor kGnssDescriptor{"navsat", kGnssFields, MessageShape::kNavSat};

}  // namespace

const SensorDescriptor& descriptor_of(const GnssModel&) {
  return kGnssDescriptor;
}

GnssReading sample_reading(const GnssModel& gnss, Sampling& s) {
  const Vec3 p_WS = s.p_WS(), v_WS = s.v_WS();
  const SampleContext& at = s.at;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (p_WS.z() < surface_height(at.environment, p_WS.x(), p_WS.y(), at.t)) {
    s.state.surfaced_at = kInf;
  } else if (s.state.surfaced_at == kInf) {
    s.state.surfaced_at = at.t;
  }
  // The errors are drawn whether or not there is a fix: their processes run on.
  Vec3 e_W, e_v;
  for (int i = 0; i < 3; ++i)
    e_W[i] = s.noisy(gnss.position[static_cast<std::size_t>(i)], 0.0);
  for (int i = 0; i < 3; ++i)
    e_v[i] = s.noisy(gnss.velocity[static_cast<std::size_t>(i)], 0.0);
  GnssReading out;
  if (!gnss_has_fix(gnss, s.state.surfaced_at, at.t)) return out;
  Mat3 R_WE;
  const Geodetic g = W_to_geodetic(at.origin, p_WS + e_W, R_WE);
  out.fix = true;
  out.latitude_deg = g.latitude_deg;
  out.longitude_deg = g.longitude_deg;
  out.altitude = g.altitude_m;
  out.v_ENU = R_WE.transpose() * v_WS + e_v;
  return out;
}

void write_reading(const GnssModel&, const GnssReading& r, FieldWriter& out) {
  out.boolean(r.fix);
  out.real(r.latitude_deg);
  out.real(r.longitude_deg);
  out.real(r.altitude);
  out.vector(r.v_ENU);
}

void noise_axes(const GnssModel& gnss, NoiseAxes& axes) {
  for (const NoiseModel& n : gnss.position)
    axes.push_back(&n);
  for (const NoiseModel& n : gnss.velocity)
    axes.push_back(&n);
}

}  // namespace leeway
