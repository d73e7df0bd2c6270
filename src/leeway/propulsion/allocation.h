// Thrust allocation: the thrusts t [N], one per thruster, that give a wanted wrench tau [N, N m]
// about Bo in B.
//
//   tau = B t,   column i of B = [a_i; p_i x a_i]
// with a_i the thruster's unit axis and p_i its position (B). UUV Simulator computed B from the
// vehicle's frames at run time and allocated f = pinv(B) tau, then scaled all thrusts down together
// if one exceeded its limit.
//
// Leeway solves the bounded problem
//   min |B t - tau|^2 + eps t^T W t   subject to   t_min <= t <= t_max
// (W the thrusters' weights, eps = 1e-9 times the scale of B^T B) by a primal active-set method:
// exact for this convex quadratic program in finitely many steps, never returning a thrust
// beyond a limit. A wrench the limits allow is reproduced (to eps); one they do not gets the
// closest wrench within them. When the weighted least-norm solution
// t = W^-1 B^T (B W^-1 B^T)^-1 tau is within the limits it is returned as is.
//
// Azimuth thrusters use the extended-thrust formulation: two fixed virtual thrusters along the
// orthogonal axes x_i and y_i of the plane the thruster turns in; the least-norm solution
// (f_x, f_y) gives the angle atan2(f_y, f_x) from x_i and the thrust |f|. When some thrust
// breaks its limit, the azimuths keep those directions and the bounded problem above is solved
// for the thrusts along them (|f| <= T_max, a circle, not the square of two bounded components;
// a reversing thrust also >= T_min). Each force can be given two ways, pointing along it and
// pushing or pointing against it and reversing: a thruster that cannot turn past +-max_angle takes
// the one within reach, and one that can reverse (T_min < 0) and was given an angle before takes
// the one nearer that angle, so a wanted force that swings through zero, or round behind the
// thruster, does not send it round half a turn. A turn per allocation may be bounded (a steering
// rate times the control period): the thrusts are then solved along the angles reached. The bound
// may shrink with the force wanted, below `full_turn_thrust`, in proportion: a small demand whose
// direction swings with every wave then barely turns the thruster, which gives that demand's
// share along the angle it has (a DP's azimuths at rest in a calm hold, as on real vessels).
//
// An allocator may control a subset of the axes (a catamaran's two fixed engines give surge and
// yaw, not the pitch their height above the keel also makes): the rows of B outside it are
// zeroed, so the thrusts serve the controlled axes alone and `achieved` reports only those.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "leeway/core/spatial.h"

namespace leeway {

/// Column of B for a thruster at p_BoT (B) pushing along the unit axis (B).
Vec6 allocation_column(const Vec3& p_BoT_B, const Vec3& axis_B);

struct AllocatorThruster {
  Vec3 p_BoT_B = Vec3::Zero();  ///< position [m], in B
  Vec3 axis_B = Vec3::UnitX();  ///< fixed: the thrust axis; azimuth: the angle's zero direction
  bool azimuth = false;
  Vec3 turn_axis_B = Vec3::UnitZ();      ///< azimuth: the axis it turns about
  double max_angle = 3.141592653589793;  ///< azimuth: reachable angles [-max, max] [rad]
  double t_min = -1e300, t_max = 1e300;  ///< [N]; azimuth: |f| <= t_max, reversing >= t_min
  double weight = 1.0;                   ///< W's entry (each virtual thruster of an azimuth)
};

struct Allocator {
  std::vector<AllocatorThruster> thrusters;
  Eigen::Matrix<double, 6, Eigen::Dynamic> B;  ///< one column per fixed or virtual thruster
  Eigen::MatrixXd least_norm;                  ///< W^-1 B^T (B W^-1 B^T)^+, columns x 6
  Vec6 controlled = Vec6::Ones();              ///< 1 on the axes allocated for, 0 elsewhere
  Vec6 axis_scale = Vec6::Ones();  ///< 1 / |row k of B| (0 on an empty row): see allocate()
};

/// `controlled`: 1 on each axis [X Y Z K M N] the thrusts must serve, 0 on the others.
Allocator make_allocator(std::vector<AllocatorThruster> thrusters,
                         const Vec6& controlled = Vec6::Ones());

struct Allocation {
  std::vector<double> thrust;    ///< [N], one per thruster
  std::vector<double> angle;     ///< [rad], azimuth thrusters (0 for fixed ones)
  Vec6 achieved = Vec6::Zero();  ///< the wrench these give
};

/// The thrusts for tau. When the limits make tau unreachable, the bounded problem weighs each
/// axis's error by axis_scale, the inverse of what a newton of thrust along every thruster can
/// do on that axis: a yaw moment in N m is then not outweighed by a surge force in N (a
/// catamaran with forward-only thrusters, asked to brake and turn, turns). The exact solution
/// of a reachable tau does not depend on these weights. `previous_angle`: the angle [rad] each
/// thruster was last given (empty: none), which picks between an azimuth's two ways; no azimuth
/// turns further from it than `max_turn` [rad] (times |f| / full_turn_thrust when the force f
/// wanted of it is smaller than full_turn_thrust [N]), and the thrusts are solved along the
/// directions it does reach.
Allocation allocate(const Allocator& allocator, const Vec6& tau,
                    const std::vector<double>& previous_angle = {}, double max_turn = 1e300,
                    double full_turn_thrust = 0.0);

/// The bounded least-squares core: min |B t - tau|^2 + eps t^T W t over lower <= t <= upper.
Eigen::VectorXd bounded_least_squares(const Eigen::Matrix<double, 6, Eigen::Dynamic>& B,
                                      const Vec6& tau, const Eigen::VectorXd& lower,
                                      const Eigen::VectorXd& upper, const Eigen::VectorXd& weight);

}  // namespace leeway
