// gz-sim's EnvironmentPreload (gz-sim-environment-preload-system, a world plugin): a CSV table
// of environmental data over space and time whose columns other systems look up by name (the
// hydrodynamics system's <lookup_current_x/y/z>).
//
//   <plugin filename="gz-sim-environment-preload-system"
//           name="gz::sim::systems::EnvironmentPreload">
//     <data>currents.csv</data>            the table (element_reading.h's resolve_file)
//     <dimensions>
//       <time>timestamp</time>             its time column [s]               (default t)
//       <space reference="global">         its position columns              (default x y z)
//         <x>x</x> <y>y</y> <z>z</z>         global: metres in the world frame W
//       </space>                             spherical: latitude, longitude (radians, or
//                                            degrees with units="degrees"), altitude [m]
//     </dimensions>
//   </plugin>
//
// The table is read when a system looks a column up, as a regular grid (formats/field_csv.h:
// every combination of the distinct positions and times once), interpolated linearly in space
// and t; before the first time and after the last the end values hold. A global table is placed
// at the world's origin. A spherical one is placed by the world's <spherical_coordinates> as
// gz-sim places it (latitude in <x>, longitude in <y>, altitude above the ellipsoid in <z>),
// which must be present (gz-sim then looks nothing up); Leeway maps it as it maps a lon/lat field
// file (env/field_placement.h: exact to the second order about the table's centre, a warning
// when that is off by more than 1 m at its corners) and takes the altitude as the origin's plus
// W's z (the Earth's curvature under the table, 7.8 m at 10 km, is not added). Its vector
// columns are east, north and up, as gz-sim reads them. `reference="ecef"` is refused.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <sdf/Element.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/core/geo.h"
#include "leeway/env/vector_field.h"
#include "leeway/formats/field_csv.h"

namespace leeway::sdfio {

struct EnvironmentData {
  std::string path;         ///< the CSV file
  CsvFieldColumns columns;  ///< its time and position columns (u, v, w unset), as written
  /// Where a spherical table's origin is (the world's <spherical_coordinates>); none for a
  /// global table.
  std::optional<Geodetic> spherical_origin;
  bool degrees = false;  ///< a spherical table's angles are in degrees (else radians)
  SourceLocation where;
};

/// `origin`: the world's <spherical_coordinates>, if it has them.
EnvironmentData load_environment_preload(const sdf::ElementPtr& plugin,
                                         const std::optional<Geodetic>& origin);

/// The vector field of the columns `components` (x, y, z, in W) of `data`; a LoadError at
/// `where` when the table lacks one or is not a regular grid.
std::shared_ptr<const VectorField> environment_vector_field(
    const EnvironmentData& data, const std::array<std::string, 3>& components,
    const SourceLocation& where, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
