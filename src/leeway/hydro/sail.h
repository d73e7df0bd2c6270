// A sail: a foil in the wind on a free hinge (the mast), swung by the wind and held by a sheet.
//
// The sail swings about the foil's span axis s through the mast point M. Its swing delta turns
// the chord c0 (forward, along the hull at delta = 0) to c = R(s, delta) c0 and carries the
// centre of pressure round the mast: P = M + R(s, delta) (P0 - M).
//
// The sheet runs from a block on the boom, b from the mast, to a block on deck, a from the mast
// along the boom's zero-swing line; a sheet of length L lets the boom swing at most
//   delta_max = acos((a^2 + b^2 - L^2) / (2 a b))        (law of cosines)
// 0 for L <= |a - b| (sheeted hard in) and pi for L >= a + b (let fly).
//
// The sail is taken massless, so it sits where its hinge moment vanishes unless the sheet stops
// it. Unsheeted, it weathervanes: the flow comes onto the luff and alpha = 0, which is the swing
// equal to alpha0, the angle of attack at zero swing of the apparent wind at the mast. So
//   delta = clamp(alpha0, -delta_max, delta_max),   alpha = alpha0 - delta
// and once the sheet is taut the sail holds delta_max on the leeward side with the angle of
// attack alpha0 -+ delta_max. The force is the foil's (foil.h) at P with the apparent wind there.
// A dead run (alpha0 = pi) is a gybe's knife edge; the sail then goes to +delta_max.
//
// Left out: the sail's own inertia and weight, and the hinge's swing dynamics (a sail's
// fraction of a second against a hull's seconds); sail twist and camber beyond the
// coefficients.
#pragma once

#include "leeway/hydro/foil.h"

namespace leeway {

struct Sail {
  Foil foil;                    ///< at zero swing; its position is P0, its area the sail's
  Vec3 p_BoM_B = Vec3::Zero();  ///< M: the mast's point on the hinge axis [m], in B
  double boom_block = 0.0;      ///< b: mast to the sheet's block on the boom [m], > 0
  double deck_block = 0.0;      ///< a: mast to the sheet's block on deck [m], > 0
};

/// delta_max [rad] in [0, pi] for a sheet of length `sheet_length` [m].
double sail_swing_limit(const Sail& sail, double sheet_length);

struct SailLoad {
  double swing = 0.0;  ///< delta [rad]
  FoilLoad foil;       ///< at P, with the apparent wind there
  Vec6 F_Bo_B = Vec6::Zero();
};

/// The sail's load at sheet length `sheet_length` [m] on a body with twist nu (about Bo, in B)
/// in air moving at v_air_B (in B) with density rho [kg/m^3].
SailLoad sail_load(const Sail& sail, double sheet_length, const Vec6& nu, const Vec3& v_air_B,
                   double rho);

}  // namespace leeway
