// Reading a gridded vector field from CSV, as ParaView or an OpenFOAM post-processor exports it:
// a header naming the columns x, y, z, t, u, v, w (any order, other columns ignored; z and t
// optional, w optional; other names may be given, as gz-sim's EnvironmentPreload names them),
// then one row per grid node. The rows must fill a regular grid exactly:
// every combination of the distinct x, y, z, t values once, in any order. Values [unit of the
// field, e.g. m/s], coordinates [m] and times [s] must be finite.
//
// Every problem is a LoadError naming the file, the line and what was expected: a missing
// column, a short row, a non-number or NaN, a duplicate node, a missing node.
#pragma once

#include <string>

#include "leeway/env/vector_field.h"

namespace leeway {

/// The header's names of the coordinates and of the vector's components (matched without regard
/// to case). x, y, u and v are required, and w with `require_w`.
struct CsvFieldColumns {
  std::string x = "x", y = "y", z = "z", t = "t", u = "u", v = "v", w = "w";
  bool require_w = false;
};

RegularGrid read_csv_field(const std::string& path, const CsvFieldColumns& names = {});

}  // namespace leeway
