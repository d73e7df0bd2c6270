#pragma once

#include <string>

#include "temp_file.h"

namespace leeway::testing {

/// An OBJ file NAME.obj (with NAME.mtl) of two objects: `flag`, a red, half-transparent triangle
/// (0 0 0) (1 0 0) (0 1 0); and `plate`, a blue unit square (two triangles) from x = 2 to 3.
/// Returns its path.
inline std::string write_two_part_obj(const std::string& name) {
  write_temp(name + ".mtl", "newmtl red\nKd 1 0 0\nd 0.5\nnewmtl blue\nKd 0 0 1\n");
  return write_temp(name + ".obj", "mtllib " + name + R"(.mtl
o flag
v 0 0 0
v 1 0 0
v 0 1 0
usemtl red
f 1 2 3
o plate
v 2 0 0
v 3 0 0
v 3 1 0
v 2 1 0
usemtl blue
f 4 5 6
f 4 6 7
)");
}

}  // namespace leeway::testing
