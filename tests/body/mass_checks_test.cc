#include "leeway/body/mass_checks.h"

#include <gtest/gtest.h>

namespace leeway {
namespace {

TEST(MassChecks, Mass) {
  EXPECT_EQ(check_mass(1.0), "");
  EXPECT_NE(check_mass(0.0), "");
  EXPECT_NE(check_mass(-3.0).find("-3"), std::string::npos);
  EXPECT_NE(check_mass(std::nan("")), "");
  EXPECT_NE(check_mass(INFINITY), "");
  // A link may weigh nothing (a frame-only link); never less, never NaN.
  EXPECT_EQ(check_link_mass(0.0), "");
  EXPECT_NE(check_link_mass(-3.0).find("-3"), std::string::npos);
  EXPECT_NE(check_link_mass(std::nan("")), "");
}

TEST(MassChecks, InertiaTensor) {
  EXPECT_EQ(check_inertia_tensor(Vec3(1, 2, 2.5).asDiagonal()), "");
  EXPECT_NE(check_inertia_tensor(Vec3(1, 2, -1).asDiagonal()).find("positive definite"),
            std::string::npos);
  EXPECT_NE(check_inertia_tensor(Vec3(1, 1, 3).asDiagonal()).find("triangle"), std::string::npos);
  Mat3 asym = Mat3::Identity();
  asym(0, 1) = 0.1;
  EXPECT_NE(check_inertia_tensor(asym).find("symmetric"), std::string::npos);
}

TEST(MassChecks, ALinkMayHaveZeroInertiaButNotNegativeAndTheBodyMayNot) {
  // URDF writes thruster and sensor links with zero inertia; merged into a body they add only
  // their mass at their place, which the parallel-axis theorem carries.
  EXPECT_EQ(check_link_inertia_tensor(Mat3::Zero()), "");
  EXPECT_EQ(check_link_inertia_tensor(Vec3(1e-9, 1e-9, 1e-9).asDiagonal()), "");
  EXPECT_NE(check_inertia_tensor(Mat3::Zero()).find("positive definite"), std::string::npos);
  EXPECT_NE(check_link_inertia_tensor(Vec3(1.0, 1.0, -0.1).asDiagonal()).find("semi-definite"),
            std::string::npos);
  EXPECT_NE(check_link_inertia_tensor(Vec3(1.0, 1.0, 5.0).asDiagonal()).find("triangle"),
            std::string::npos);
}

TEST(MassChecks, MassMatrixMustBePositiveDefinite) {
  Mat6 M = Vec6(10, 10, 10, 1, 1, 1).asDiagonal();
  EXPECT_EQ(check_mass_matrix(M), "");
  M(2, 2) = -1.0;  // added mass -11 on a 10 kg body
  EXPECT_NE(check_mass_matrix(M).find("not positive definite"), std::string::npos);
}

TEST(MassChecks, SymmetrizeReportsAsymmetry) {
  Mat6 M = Mat6::Identity() * 4.0;
  M(0, 4) = 1.0;
  const Symmetrized s = symmetrize(M);
  EXPECT_DOUBLE_EQ(s.matrix(0, 4), 0.5);
  EXPECT_DOUBLE_EQ(s.matrix(4, 0), 0.5);
  EXPECT_DOUBLE_EQ(s.relative_asymmetry, 0.5 / 4.0);
}

}  // namespace
}  // namespace leeway
