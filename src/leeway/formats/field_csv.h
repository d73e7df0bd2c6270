// Reading a gridded vector field from CSV, as ParaView or an OpenFOAM post-processor exports it:
// a header naming the columns x, y, z, t, u, v, w (any order, other columns ignored; z and t
// optional, w optional), then one row per grid node. The rows must fill a regular grid exactly:
// every combination of the distinct x, y, z, t values once, in any order. Values [unit of the
// field, e.g. m/s], coordinates [m] and times [s] must be finite.
//
// Every problem is a LoadError naming the file, the line and what was expected: a missing
// column, a short row, a non-number or NaN, a duplicate node, a missing node.
#pragma once

#include <string>

#include "leeway/env/vector_field.h"

namespace leeway {

RegularGrid read_csv_field(const std::string& path);

}  // namespace leeway
