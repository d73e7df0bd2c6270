// gz-sim's EnvironmentPreload (gz-sim-environment-preload-system, a world plugin): a CSV table
// of environmental data over space and time whose columns other systems look up by name (the
// hydrodynamics system's <lookup_current_x/y/z>).
//
//   <plugin filename="gz-sim-environment-preload-system"
//           name="gz::sim::systems::EnvironmentPreload">
//     <data>currents.csv</data>            the table (element_reading.h's resolve_file)
//     <dimensions>
//       <time>timestamp</time>             its time column [s]               (default t)
//       <space>                            its position columns [m], world frame
//         <x>x</x> <y>y</y> <z>z</z>                                         (default x y z)
//       </space>
//     </dimensions>
//   </plugin>
//
// The table is read when a system looks a column up, as a regular grid (formats/field_csv.h:
// every combination of the distinct x, y, z and times once), placed at the world's origin and
// interpolated linearly in x, y, z and t; before the first time and after the last the end
// values hold. Only `reference="global"` space (the default) is read: spherical coordinates are
// refused.
#pragma once

#include <array>
#include <memory>
#include <sdf/Element.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/env/vector_field.h"
#include "leeway/formats/field_csv.h"

namespace leeway::sdfio {

struct EnvironmentData {
  std::string path;         ///< the CSV file
  CsvFieldColumns columns;  ///< its time and position columns (u, v, w unset)
  SourceLocation where;
};

EnvironmentData load_environment_preload(const sdf::ElementPtr& plugin);

/// The vector field of the columns `components` (x, y, z, in W) of `data`; a LoadError at
/// `where` when the table lacks one or is not a regular grid.
std::shared_ptr<const VectorField> environment_vector_field(
    const EnvironmentData& data, const std::array<std::string, 3>& components,
    const SourceLocation& where);

}  // namespace leeway::sdfio
