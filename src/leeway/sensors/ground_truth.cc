#include "leeway/sensors/ground_truth.h"

#include "leeway/sensors/imu.h"
#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kGroundTruthFields[] = {
    {"p", FieldType::kVector, "m", "W", "S's origin"},
    {"q", FieldType::kQuaternion, "", "W", "S's orientation in W"},
    {"v", FieldType::kVector, "m/s", "S", "S's velocity"},
    {"omega", FieldType::kVector, "rad/s", "S", "S's angular velocity"},
    {"a", FieldType::kVector, "m/s^2", "S", "S's acceleration, gravity not included"},
};
constexpr SensorDescriptor kGroundTruthDescriptor{"ground_truth", kGroundTruthFields,
                                                  MessageShape::kOdometry};

}  // namespace

const SensorDescriptor& descriptor_of(const GroundTruthModel&) {
  return kGroundTruthDescriptor;
}

GroundTruthReading sample_reading(const GroundTruthModel& truth, Sampling& s) {
  const Vec3 p_W = s.p_WS(), v_W = s.v_WS();
  const ImuTruth imu = imu_truth(s.X_BS, s.at.body, s.at.nu_dot, s.at.g_W);
  const Mat3 R = imu.q_WS.toRotationMatrix();
  GroundTruthReading r;
  const Vec3 v_S = R.transpose() * v_W;
  for (int i = 0; i < 3; ++i)
    r.p_W[i] = s.noisy(truth.position[static_cast<std::size_t>(i)], p_W[i]);
  for (int i = 0; i < 3; ++i)
    r.v_S[i] = s.noisy(truth.velocity[static_cast<std::size_t>(i)], v_S[i]);
  r.q_WS = imu.q_WS;
  r.omega_S = imu.omega_S;
  r.a_S = imu.f_S + R.transpose() * s.at.g_W;  // the specific force plus gravity
  return r;
}

void write_reading(const GroundTruthModel&, const GroundTruthReading& r, FieldWriter& out) {
  out.vector(r.p_W);
  out.quaternion(r.q_WS);
  out.vector(r.v_S);
  out.vector(r.omega_S);
  out.vector(r.a_S);
}

void noise_axes(const GroundTruthModel& truth, NoiseAxes& axes) {
  for (const NoiseModel& n : truth.position)
    axes.push_back(&n);
  for (const NoiseModel& n : truth.velocity)
    axes.push_back(&n);
}

}  // namespace leeway
