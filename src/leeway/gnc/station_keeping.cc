#include "leeway/gnc/station_keeping.h"

#include <cmath>

#include "leeway/core/rotation.h"

namespace leeway {

Vec6 station_error(const Station& station, const BodyState& body) {
  const Vec3 rpy = euler_zyx(body.q_WB);
  Vec6 e;
  e.head<3>() = body.q_WB.conjugate() * (body.p_WB - station.p_W);
  e.tail<3>() = Vec3(rpy.x(), rpy.y(), wrap_angle(rpy.z() - station.yaw));
  return e;
}

Vec6 station_keeping_wrench(const StationKeepingGains& g, const Station& station,
                            const BodyState& body, double dt, StationKeepingState& state) {
  const Vec6 e = station_error(station, body);
  state.integral = (state.integral + dt * e).cwiseMax(-g.integral_limit).cwiseMin(g.integral_limit);
  return -(g.kp.cwiseProduct(e) + g.ki.cwiseProduct(state.integral) +
           g.kd.cwiseProduct(body.V_WB_B));
}

void station_keeper_update(const StationKeeperModel& keeper, StationKeepingState& state,
                           const BodyState& body, double dt,
                           std::vector<std::optional<double>>& commands) {
  const BodyState seen =
      keeper.wave_filter ? wave_filtered(*keeper.wave_filter, state.wave_filter, body, dt) : body;
  command_wrench(keeper.commander,
                 station_keeping_wrench(keeper.gains, keeper.station, seen, dt, state), commands,
                 &state.azimuth_angle, dt);
}

}  // namespace leeway
