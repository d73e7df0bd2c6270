#include "leeway/hydro/hull_pressure.h"

#include <cmath>

namespace leeway {
namespace {

/// Running sums, in B except the waterplane (W); finished into a HullPressure at the end.
class Sums {
 public:
  explicit Sums(const Mat3& R_WB) : R_WB_(R_WB), up_B_(R_WB.row(2).transpose()) {}

  /// A wet triangle cut from a face, the fraction `share` of it: corners r (relative to Bo, in
  /// B), pressures p, depths d. The triangle lies in the face's plane, so its area vector is
  /// share times the face's and its projection on up_B is share times the face's a_z.
  void add_clipped(const FaceGeometry& face, double face_a_z, double share, const Vec3& r1,
                   const Vec3& r2, const Vec3& r3, double p1, double p2, double p3, double d1,
                   double d2, double d3) {
    const Vec3 N = share * face.N_B;
    const Vec3 sum_r = r1 + r2 + r3;
    const double sum_p = p1 + p2 + p3;
    f_ -= N * (sum_p / 3.0);
    twelve_m_ -= (p1 * r1 + p2 * r2 + p3 * r3 + sum_p * sum_r).cross(N);
    wetted_area_ += share * face.area;
    const double a_z = -share * face_a_z;
    const double sum_d = d1 + d2 + d3;
    three_v_ += a_z * sum_d;
    twelve_vc_ += a_z * (d1 * r1 + d2 * r2 + d3 * r3 + sum_d * sum_r);
    twelve_dd_ += a_z * (d1 * d1 + d2 * d2 + d3 * d3 + sum_d * sum_d);
  }

  /// Sums gathered elsewhere, in the units of the members: force, 12 x moment, 3 V,
  /// 12 V c (without the d^2 term), 12 sum a_z mean(d^2), wetted area.
  void add_sums(const Vec3& f, const Vec3& twelve_m, double three_v, const Vec3& twelve_vc,
                double twelve_dd, double wetted_area) {
    f_ += f;
    twelve_m_ += twelve_m;
    three_v_ += three_v;
    twelve_vc_ += twelve_vc;
    twelve_dd_ += twelve_dd;
    wetted_area_ += wetted_area;
  }

  /// A waterline segment from q1 to q2 (B), counter-clockwise round the waterplane from above.
  void add_waterline(const Vec3& q1, const Vec3& q2) {
    const double x1 = R_WB_.row(0).dot(q1), y1 = R_WB_.row(1).dot(q1);
    const double x2 = R_WB_.row(0).dot(q2), y2 = R_WB_.row(1).dot(q2);
    const double c = x1 * y2 - x2 * y1;
    wp_.area += c / 2.0;
    wp_.S_x += c * (x1 + x2) / 6.0;
    wp_.S_y += c * (y1 + y2) / 6.0;
    wp_.I_xx += c * (x1 * x1 + x1 * x2 + x2 * x2) / 12.0;
    wp_.I_yy += c * (y1 * y1 + y1 * y2 + y2 * y2) / 12.0;
    wp_.I_xy += c * (x1 * y2 + 2.0 * x1 * y1 + 2.0 * x2 * y2 + x2 * y1) / 24.0;
  }

  HullPressure finish() const {
    HullPressure out;
    out.f_W = R_WB_ * f_;
    out.m_Bo_W = R_WB_ * (twelve_m_ / 12.0);
    out.wetted_area = wetted_area_;
    out.volume = three_v_ / 3.0;
    if (out.volume > 0.0) {
      const Vec3 vc = R_WB_ * (twelve_vc_ / 12.0) + Vec3(0.0, 0.0, twelve_dd_ / 24.0);
      out.p_BoCb_W = vc / out.volume;
    }
    out.waterplane = wp_;
    return out;
  }

 private:
  const Mat3& R_WB_;
  Vec3 up_B_;
  Vec3 f_ = Vec3::Zero(), twelve_m_ = Vec3::Zero(), twelve_vc_ = Vec3::Zero();
  double wetted_area_ = 0.0, three_v_ = 0.0, twelve_dd_ = 0.0;
  Waterplane wp_;
};

/// How far along the edge from wet a (d_a > 0) to dry b (d_b <= 0) the surface crosses it.
double crossing_fraction(double d_a, double d_b) {
  return d_a / (d_a - d_b);
}

}  // namespace

HullPressure integrate_hull_pressure(const HullMesh& mesh, const Mat3& R_WB,
                                     std::span<const double> d, std::span<const double> p) {
  // Every integral is a sum over wet triangles of terms linear in each corner's pressure or
  // depth (exact for linear fields), so over the faces that are wholly wet it regroups into a
  // sum over their corners of the vertex's value times the face geometry summed round it
  // (VertexGeometry): about 40 operations per wet vertex instead of 70 per wet face. The sum
  // runs over all wet vertices; each face the surface cuts then takes back what its wet corners
  // added and contributes its clipped part instead. Only the depth cross terms of
  // mean(d^2) stay per face.
  const std::vector<Vec3>& r = mesh.p_BoV;
  Vec3 pM = Vec3::Zero(), pJ = Vec3::Zero(), dM = Vec3::Zero(), ddM = Vec3::Zero();
  Mat3 dG = Mat3::Zero();
  double vertex_area = 0.0;
  for (std::size_t v = 0; v < r.size(); ++v) {
    if (!(d[v] > 0.0)) continue;
    const VertexGeometry& g = mesh.vertex_geometry[v];
    pM += p[v] * g.M;
    pJ += p[v] * g.J;
    dM += d[v] * g.M;
    ddM += (d[v] * d[v]) * g.M;
    dG += d[v] * g.G;
    vertex_area += g.area;
  }
  // The depth sums are only needed along up_B, so what the clipped faces take back from them
  // is kept as those projections (a scalar or a vector instead of a vector or a matrix).
  const Vec3 up_B = R_WB.row(2).transpose();
  double face_dd = 0.0;  // sum over wholly wet faces of a_z (d1 d2 + d2 d3 + d3 d1)
  double taken_dM = 0.0, taken_ddM = 0.0;
  Vec3 taken_dGu = Vec3::Zero();
  Sums s(R_WB);
  for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
    const auto& face = mesh.faces[f];
    const double d0 = d[face[0]], d1 = d[face[1]], d2 = d[face[2]];
    const int wet = (d0 > 0.0) + (d1 > 0.0) + (d2 > 0.0);
    if (wet == 0) continue;
    const FaceGeometry& g = mesh.face_geometry[f];
    const double a_z = up_B.dot(g.N_B);
    if (wet == 3) {
      face_dd -= a_z * (d0 * d1 + d1 * d2 + d2 * d0);
      continue;
    }
    for (std::uint32_t v : face) {  // take back what the wet corners added for this face
      if (!(d[v] > 0.0)) continue;
      const Vec3 arm = r[v] + g.sum_r_B;
      pM -= p[v] * g.N_B;
      pJ -= p[v] * arm.cross(g.N_B);
      taken_dM += d[v] * a_z;
      taken_ddM += (d[v] * d[v]) * a_z;
      taken_dGu += (d[v] * a_z) * arm;
      vertex_area -= g.area / 3.0;
    }
    // Rotate the corners so that i is the odd one out (the only wet corner, or the only dry one)
    // and (i, j, k) keeps the face's winding.
    int first = 0;
    for (int c = 0; c < 3; ++c) {
      if ((d[face[c]] > 0.0) == (wet == 1)) first = c;
    }
    const std::uint32_t i = face[first], j = face[(first + 1) % 3], k = face[(first + 2) % 3];
    if (wet == 1) {  // the wet triangle (i, q_ij, q_ik) is t_j t_k of the face
      const double t_j = crossing_fraction(d[i], d[j]), t_k = crossing_fraction(d[i], d[k]);
      const Vec3 q_ij = r[i] + t_j * (r[j] - r[i]), q_ik = r[i] + t_k * (r[k] - r[i]);
      s.add_clipped(g, a_z, t_j * t_k, r[i], q_ij, q_ik, p[i], 0.0, 0.0, d[i], 0.0, 0.0);
      s.add_waterline(q_ik, q_ij);  // the wet part's boundary runs q_ij -> q_ik; the cap's back
    } else {  // the wet quadrilateral is (q_ij, j, k), s_j of the face, and (q_ij, k, q_ki)
      const double s_j = crossing_fraction(d[j], d[i]), s_k = crossing_fraction(d[k], d[i]);
      const Vec3 q_ij = r[j] + s_j * (r[i] - r[j]), q_ki = r[k] + s_k * (r[i] - r[k]);
      s.add_clipped(g, a_z, s_j, q_ij, r[j], r[k], 0.0, p[j], p[k], 0.0, d[j], d[k]);
      s.add_clipped(g, a_z, (1.0 - s_j) * s_k, q_ij, r[k], q_ki, 0.0, p[k], 0.0, 0.0, d[k], 0.0);
      s.add_waterline(q_ij, q_ki);  // the wet part's boundary runs q_ki -> q_ij
    }
  }
  // mean(d^2) over a face is (2 sum d_i^2 + 2 sum_{i<j} d_i d_j) / 12.
  s.add_sums(-pM / 3.0, -pJ, taken_dM - up_B.dot(dM), taken_dGu - dG * up_B,
             2.0 * (taken_ddM - up_B.dot(ddM) + face_dd), vertex_area);
  return s.finish();
}

Mat6 hydrostatic_restoring_matrix(const HullPressure& loads, double fluid_density, double gravity) {
  const double rg = fluid_density * gravity;
  const Waterplane& wp = loads.waterplane;
  const Vec3 vc = loads.volume * loads.p_BoCb_W;
  Mat6 C = Mat6::Zero();
  C(2, 2) = rg * wp.area;
  C(2, 3) = C(3, 2) = rg * wp.S_y;
  C(2, 4) = C(4, 2) = -rg * wp.S_x;
  C(3, 3) = rg * (wp.I_yy + vc.z());
  C(4, 4) = rg * (wp.I_xx + vc.z());
  C(3, 4) = C(4, 3) = -rg * wp.I_xy;
  C(3, 5) = -rg * vc.x();
  C(4, 5) = -rg * vc.y();
  return C;
}

}  // namespace leeway
