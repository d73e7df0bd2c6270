// Every model in models/ is a library model, and each must (1) load, (2) rest at the calm-water
// equilibrium docs/models/README.md gives for it, or carry the net buoyancy it states, and (3)
// stay upright, bounded and finite for 10 minutes in the default world's sea (waves, gusting
// wind). A model added to models/ without an entry here fails the first test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <variant>

#include "leeway/core/rotation.h"
#include "leeway/hydro/restoring.h"
#include "leeway/sdf/default_world.h"
#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"
#include "temp_file.h"

namespace leeway {
namespace {

constexpr double kDeg = 180.0 / 3.14159265358979323846;

/// Where a model rests in calm water: its origin's height and its pitch (positive bow down, FLU).
struct Equilibrium {
  double fluid_density;  ///< [kg/m^3] of the water it is documented in
  double z;              ///< [m] of the origin, in W, the calm surface at 0
  double pitch_deg;      ///< [deg]
};

/// Surface craft, floats and vehicles that surface: docs/models/README.md, "Calm water".
const std::map<std::string, Equilibrium> kFloating = {
    {"wamv", {1025, -0.1309, 0.90}},
    {"wamv_x", {1025, -0.1445, 1.58}},
    {"wamv_t", {1025, -0.1360, 0.97}},
    {"wamv_classic", {1025, -0.1309, 0.90}},
    {"lutra_prop", {1000, 0.0385, 0.76}},
    {"lutra_airboat", {1000, 0.0401, 0.75}},
    {"usvsim_rudder_boat", {1000, 0.0385, 0.76}},
    {"usvsim_sailboat", {1000, 0.0423, 0.68}},
    {"vrx_round_buoy", {1025, 0.0, 0.0}},
    {"vrx_marker_buoy", {1025, 0.1, 0.0}},
    {"vrx_dock", {1025, 0.0, 0.0}},
    {"vrx_platform", {1025, 1.1690, 0.0}},
    {"rexrov", {1028, -0.7773, 0.0}},
    {"lauv", {1028, -0.0747, -0.22}},
};

/// Vehicles built to work submerged: their net buoyancy at depth [N] (up positive), and the
/// water they are documented in.
struct NetBuoyancy {
  double fluid_density;
  double newtons;
};
const std::map<std::string, NetBuoyancy> kSubmerged = {
    {"rexrov", {1028, (1.83826 * 1028 - 1862.87) * 9.80665}},  // 263.4 N
    {"remus100", {1026, 0.0}},
    {"lauv", {1028, (0.017551374956865266 * 1028 - 18.0014) * 9.80665}},  // 0.41 N
    {"desistek_saga", {1028, 0.0}},
};

/// Models that move at rest by their reference's own choice (docs/models/otter.md): excluded
/// from the calm-water rest check, not from the soak.
const std::set<std::string> kCreeping = {"otter"};

const std::string kModels = std::string(LEEWAY_SOURCE_DIR) + "/models";

std::set<std::string> library() {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(kModels))
    if (std::filesystem::exists(entry.path() / "model.config"))
      names.insert(entry.path().filename().string());
  return names;
}

/// `name` alone in water of `rho`, its origin at `z`, with the default world's step and gravity.
Model load_alone(const std::string& name, double rho, double z) {
  setenv("LEEWAY_RESOURCE_PATH", kModels.c_str(), 1);
  const std::string world = testing::write_temp("library_" + name + ".sdf",
                                                R"(<?xml version="1.0"?>
<sdf version="1.9">
  <world name="library">
    <physics name="p" type="leeway"><max_step_size>0.005</max_step_size></physics>
    <gravity>0 0 -9.80665</gravity>
    <plugin filename="leeway-environment" name="leeway::Environment">
      <fluid_density>)" + std::to_string(rho) + R"(</fluid_density>
    </plugin>
    <include><uri>model://)" + name + R"(</uri><pose>0 0 )" +
                                                    std::to_string(z) + R"( 0 0 0</pose></include>
  </world>
</sdf>
)");
  Diagnostics d;
  return load_world_file(world, d);
}

bool finite(const BodyState& b) {
  return b.p_WB.allFinite() && b.q_WB.coeffs().allFinite() && b.V_WB_B.allFinite();
}

TEST(ModelLibrary, EveryModelHasADocumentedEquilibrium) {
  for (const std::string& name : library()) {
    EXPECT_TRUE(kFloating.count(name) || kSubmerged.count(name) || kCreeping.count(name))
        << "models/" << name << " has no equilibrium here nor in docs/models/README.md";
  }
  EXPECT_GE(library().size(), 12u);
}

TEST(ModelLibrary, FloatingModelsRestAtTheirDocumentedEquilibrium) {
  for (const auto& [name, eq] : kFloating) {
    SCOPED_TRACE(name);
    // Dropped from 5 cm above it, the model must come to rest there.
    Model m = load_alone(name, eq.fluid_density, eq.z + 0.05);
    State s = make_initial_state(m);
    while (s.t < 300.0 - 1e-9)
      ASSERT_TRUE(step(m, s).ok);
    const BodyState& b = s.bodies[0];
    const Vec3 rpy = euler_zyx(b.q_WB);
    std::printf("%-20s rests at z %.4f m, pitch %.2f deg\n", name.c_str(), b.p_WB.z(),
                rpy.y() * kDeg);
    EXPECT_NEAR(b.p_WB.z(), eq.z, 2e-3);
    EXPECT_NEAR(rpy.y() * kDeg, eq.pitch_deg, 0.05);
    EXPECT_NEAR(rpy.x() * kDeg, 0.0, 0.05);
    EXPECT_LT(b.V_WB_B.norm(), 2e-3);
  }
}

TEST(ModelLibrary, SubmergedVehiclesCarryTheirStatedNetBuoyancy) {
  for (const auto& [name, net] : kSubmerged) {
    SCOPED_TRACE(name);
    const Model m = load_alone(name, net.fluid_density, -20.0);
    const BodyModel& body = m.bodies[0];
    const auto* restoring = std::get_if<SubmergedRestoring>(&body.restoring);
    ASSERT_NE(restoring, nullptr);
    // Upright at 20 m: wholly immersed, and the restoring force is buoyancy minus weight.
    EXPECT_EQ(immersed_share(restoring->height, -20.0, 0.0), 1.0);
    const Vec6 F = submerged_restoring_wrench(*restoring, Mat3::Identity());
    EXPECT_NEAR(F[2], net.newtons, 0.1);
    // Centres of mass and buoyancy on one vertical, within the millimetre by which a vehicle's
    // dummy actuator links (a gram each, as UUV Simulator writes them) may move its centre of mass.
    EXPECT_LT((restoring->p_BoBcb - restoring->p_BoBcm).head<2>().norm(), 1e-3);
  }
}

TEST(ModelLibrary, EveryModelStaysUprightAndFiniteForTenMinutesInTheDefaultSea) {
  Diagnostics d;
  const Model sea = load_world_string(std::string(default_world_sdf()), "default.sdf", d, 7);
  ASSERT_TRUE(sea.environment.waves.has_value());
  for (const std::string& name : library()) {
    SCOPED_TRACE(name);
    // Vehicles built to dive start at 10 m (those with reserve buoyancy rise and may surface);
    // surface craft and floats start at their rest and must keep to the surface.
    const bool dives = kSubmerged.count(name) > 0;
    const bool floats = !dives && (kFloating.count(name) || kCreeping.count(name));
    const double start_z = dives ? -10.0 : kFloating.count(name) ? kFloating.at(name).z : 0.0;
    Model m = load_alone(name, sea.environment.fluid_density, start_z);
    m.environment = sea.environment;
    m.seed = sea.seed;
    State s = make_initial_state(m);
    double worst_tilt = 0.0, speed = 0.0;
    while (s.t < 600.0 - 1e-9) {
      const StepResult r = step(m, s);
      ASSERT_TRUE(r.ok) << r.error;
      const BodyState& b = s.bodies[0];
      ASSERT_TRUE(finite(b)) << "at t = " << s.t;
      const Vec3 rpy = euler_zyx(b.q_WB);
      worst_tilt = std::max({worst_tilt, std::abs(rpy.x()), std::abs(rpy.y())});
      speed = std::max(speed, b.V_WB_B.head<3>().norm());
    }
    const BodyState& b = s.bodies[0];
    EXPECT_LT(worst_tilt * kDeg, 45.0) << "capsized or stood on end";
    EXPECT_LT(speed, 5.0) << "a drifting or floating body running away";
    if (floats) {
      EXPECT_LT(std::abs(b.p_WB.z() - start_z), 1.5) << "left the surface";
    }
    std::printf("%-20s worst roll/pitch %5.1f deg, top speed %.2f m/s, drift %.1f m\n",
                name.c_str(), worst_tilt * kDeg, speed, (b.p_WB - m.bodies[0].p_WB0).norm());
  }
}

}  // namespace
}  // namespace leeway
