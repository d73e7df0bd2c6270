#include "leeway/sensors/imu.h"

#include "leeway/sensors/sensor_sampling.h"

namespace leeway {
namespace {

constexpr ReadingField kImuFields[] = {
    {"f", FieldType::kVector, "m/s^2", "S", "specific force"},
    {"omega", FieldType::kVector, "rad/s", "S", "angular velocity"},
    {"q", FieldType::kQuaternion, "", "R", "orientation of S in the reference frame R"},
};
constexpr SensorDescriptor kImuDescriptor{"imu", kImuFields, MessageShape::kImu};

}  // namespace

ImuTruth imu_truth(const Pose& X_BS, const BodyState& state, const Vec6& nu_dot, const Vec3& g_W) {
  const Vec3 v = linear(state.V_WB_B), omega = angular(state.V_WB_B);
  const Vec3& r = X_BS.p;
  const Vec3 a_Bo = linear(nu_dot) + omega.cross(v);
  const Vec3 a_So = a_Bo + angular(nu_dot).cross(r) + omega.cross(omega.cross(r));
  const Mat3 R_SB = X_BS.q.conjugate().toRotationMatrix();
  ImuTruth out;
  out.f_S = R_SB * (a_So - state.q_WB.conjugate() * g_W);
  out.omega_S = R_SB * omega;
  out.q_WS = state.q_WB * X_BS.q;
  return out;
}

const SensorDescriptor& descriptor_of(const ImuModel&) {
  return kImuDescriptor;
}

ImuReading sample_reading(const ImuModel& imu, Sampling& s) {
  const ImuTruth truth = imu_truth(s.X_BS, s.at.body, s.at.nu_dot, s.at.g_W);
  ImuReading r;
  for (int i = 0; i < 3; ++i)
    r.omega_S[i] = s.noisy(imu.angular_velocity[i], truth.omega_S[i]);
  for (int i = 0; i < 3; ++i)
    r.f_S[i] = s.noisy(imu.linear_acceleration[i], truth.f_S[i]);
  r.q_RS = imu.q_RW * truth.q_WS;
  return r;
}

void write_reading(const ImuModel&, const ImuReading& r, FieldWriter& out) {
  out.vector(r.f_S);
  out.vector(r.omega_S);
  out.quaternion(r.q_RS);
}

void noise_axes(const ImuModel& imu, NoiseAxes& axes) {
  for (const NoiseModel& n : imu.angular_velocity)
    axes.push_back(&n);
  for (const NoiseModel& n : imu.linear_acceleration)
    axes.push_back(&n);
}

}  // namespace leeway
