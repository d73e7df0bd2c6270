// Pressure integration over a clipped hull mesh against Archimedes and the closed-form
// waterplane of a box.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "leeway/geometry/mesh_shapes.h"
#include "leeway/hydro/hull_pressure.h"

namespace leeway {
namespace {

constexpr double kRho = 1025.0, kG = 9.81;

/// Hydrostatic pressure under a flat surface at height `surface` for the mesh at (p_WB, R_WB).
HullPressure in_still_water(const HullMesh& mesh, const Vec3& p_WB, const Mat3& R_WB,
                            double surface = 0.0) {
  std::vector<double> d, p;
  for (const Vec3& v : mesh.p_BoV) {
    d.push_back(surface - (p_WB + R_WB * v).z());
    p.push_back(kRho * kG * d.back());
  }
  return integrate_hull_pressure(mesh, R_WB, d, p);
}

Mat3 rotation(double a, double b, double c) {
  return (Eigen::AngleAxisd(a, Vec3::UnitZ()) * Eigen::AngleAxisd(b, Vec3::UnitY()) *
          Eigen::AngleAxisd(c, Vec3::UnitX()))
      .toRotationMatrix();
}

RC_GTEST_PROP(HullPressure, SubmergedMeshFeelsRhoGVThroughItsCentroid, ()) {
  // Any attitude, any depth: f = rho g V up, and its moment is that of a force through the
  // centroid; the hull's geometric volume comes out too.
  const HullMesh hull = sectioned_hull_mesh({});
  const Mat3 R =
      rotation(*rc::gen::inRange(-314, 314) / 100.0, *rc::gen::inRange(-157, 157) / 100.0,
               *rc::gen::inRange(-314, 314) / 100.0);
  const Vec3 p_WB(0.3, -1.0, -2.5 - *rc::gen::inRange(0, 1000) / 100.0);  // 2 m half-length
  const HullPressure wet = in_still_water(hull, p_WB, R);
  const Vec3 expected_f(0.0, 0.0, kRho * kG * hull.volume);
  RC_ASSERT((wet.f_W - expected_f).norm() < 1e-12 * expected_f.norm() * 10);
  const Vec3 expected_m = (R * hull.p_BoCv).cross(expected_f);
  RC_ASSERT((wet.m_Bo_W - expected_m).norm() < 1e-11 * expected_f.norm());
  RC_ASSERT(std::abs(wet.volume - hull.volume) < 1e-12 * 10);
  RC_ASSERT((wet.p_BoCb_W - R * hull.p_BoCv).norm() < 1e-11);
  RC_ASSERT(std::abs(wet.waterplane.area) < 1e-12);
}

TEST(HullPressure, FloatingBoxHasItsClosedFormImmersedGeometry) {
  // A 4 x 2 x 1 m box with Bo at its centre, floating 0.3 m deep: V = 4 * 2 * 0.3, the centre of
  // buoyancy 0.15 m above the bottom, the waterplane a 4 x 2 rectangle.
  const HullMesh box = box_mesh(Vec3(4, 2, 1), 4);
  const HullPressure wet = in_still_water(box, Vec3(1.0, 2.0, 0.2), Mat3::Identity());
  EXPECT_NEAR(wet.volume, 2.4, 1e-12);
  EXPECT_LT((wet.p_BoCb_W - Vec3(0, 0, -0.35)).norm(), 1e-12);
  EXPECT_LT((wet.f_W - Vec3(0, 0, kRho * kG * 2.4)).norm(), 1e-9);
  EXPECT_NEAR(wet.wetted_area, 8.0 + 2 * (4 + 2) * 0.3, 1e-12);
  EXPECT_NEAR(wet.waterplane.area, 8.0, 1e-12);
  EXPECT_NEAR(wet.waterplane.S_x, 0.0, 1e-12);
  EXPECT_NEAR(wet.waterplane.I_xx, 2.0 * 4.0 * 4.0 * 4.0 / 12.0, 1e-12);  // b L^3 / 12
  EXPECT_NEAR(wet.waterplane.I_yy, 4.0 * 2.0 * 2.0 * 2.0 / 12.0, 1e-12);  // L b^3 / 12
  EXPECT_NEAR(wet.waterplane.I_xy, 0.0, 1e-12);
}

TEST(HullPressure, RestoringMatrixIsTheDerivativeOfTheWrench) {
  // Central differences of the integrated wrench (exact for a box, whose waterplane does not
  // change with small displacements) against hydrostatic_restoring_matrix, at a tilted,
  // offset pose: all 18 force and moment rows in heave, roll, pitch and yaw.
  const HullMesh box = box_mesh(Vec3(4, 2, 1), 2);
  const Vec3 p0(0.5, 0.2, 0.1);
  const Mat3 R0 = rotation(0.4, 0.05, -0.08);
  const HullPressure wet = in_still_water(box, p0, R0);
  const Mat6 C = hydrostatic_restoring_matrix(wet, kRho, kG);
  const double h = 1e-6;
  for (int j = 2; j < 6; ++j) {
    Vec6 delta = Vec6::Zero();
    delta[j] = h;
    auto wrench_at = [&](double sign) {
      const Vec3 dp = sign * delta.head<3>();
      const Vec3 da = sign * delta.tail<3>();
      const Mat3 R =
          (da.norm() > 0 ? Eigen::AngleAxisd(da.norm(), da.normalized()).toRotationMatrix()
                         : Mat3::Identity()) *
          R0;
      const HullPressure w = in_still_water(box, p0 + dp, R);
      return stack(w.f_W, w.m_Bo_W);
    };
    const Vec6 derivative = (wrench_at(1.0) - wrench_at(-1.0)) / (2 * h);
    for (int i = 2; i < 5; ++i) {
      EXPECT_NEAR(-derivative[i], C(i, j), 1e-4 * C(2, 2)) << "row " << i << ", column " << j;
    }
  }
}

TEST(HullPressure, DryHullFeelsNothing) {
  const HullMesh box = box_mesh(Vec3(1, 1, 1));
  const HullPressure wet = in_still_water(box, Vec3(0, 0, 0.5 + 1e-9), Mat3::Identity());
  EXPECT_EQ(wet.f_W, Vec3::Zero());
  EXPECT_EQ(wet.volume, 0.0);
  EXPECT_EQ(wet.wetted_area, 0.0);
}

}  // namespace
}  // namespace leeway
