// Reading the Fossen model's coefficient tables through their description
// (hydro/fossen_parameters.h), in whichever form a dialect states them: a whole matrix
// (Leeway's <linear_damping>, UUV Simulator's) or one element per entry (gz-sim's SNAME
// derivatives, VRX's coefficients), in Leeway's sign or the opposite one (Dialect::opposite_sign,
// by the table's name). Values come back in Leeway's sign, in the axes they were written in (a
// dialect in FRD converts them itself). A diagonal entry outside its range is refused alike in
// every syntax, in the sign the file uses:
//   hydrodynamics.sdf:126: got 11.5359 in <zWabsW>, the heave entry of D_q, the quadratic damping
//   [kg/m]; expected <= 0 (SNAME's sign: a derivative that opposes the motion is negative): a
//   damping that does not dissipate feeds energy into the motion, which then grows without bound
#pragma once

#include <sdf/Element.hh>
#include <string_view>

#include "leeway/core/error.h"
#include "leeway/core/spatial.h"
#include "leeway/hydro/fossen_parameters.h"
#include "leeway/sdf/parameter_reading.h"

namespace leeway::sdfio {

/// The table `p` from `element`'s text: 36 numbers row-major, or 6 for the diagonal where `p`
/// allows it; its diagonal checked; in Leeway's sign.
Mat6 read_matrix_parameter(const sdf::ElementPtr& element, const MatrixParameterInfo& p,
                           const Dialect& dialect = {});

/// Entry (i, j) of `p` from `element`, which holds it alone (gz-sim's <zW> is D_l(2, 2)); a
/// diagonal entry checked; in Leeway's sign.
double read_matrix_entry(const sdf::ElementPtr& element, const MatrixParameterInfo& p, int i, int j,
                         const Dialect& dialect = {});

/// A row of six numbers of `p` (Leeway's <linear_damping_speed_fade>), each in `p.range`.
Vec6 read_six_parameters(const sdf::ElementPtr& element, const ParameterInfo& p);

/// Refuses a diagonal outside `p.diagonal` (in Leeway's sign) as a LoadError at `element` that
/// names the entry and its value as `dialect` writes it; `context` follows the entry's name in
/// the message (" after UUV Simulator's scaling and offsets").
void check_diagonal(const sdf::ElementPtr& element, const MatrixParameterInfo& p,
                    const Vec6& diagonal, const Dialect& dialect = {},
                    std::string_view context = "");

}  // namespace leeway::sdfio
