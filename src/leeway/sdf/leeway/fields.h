// Field files in Leeway's environment plugin: gridded or unstructured current and wind, and the
// seabed. (docs/sdf-reference.md has the full table.)
//
//   <current_field> or <wind_field>
//     <file>currents.nc</file>      relative to the world file's folder
//     <format>netcdf</format>       csv, netcdf or hecras; default from the extension
//                                   (.csv; .nc, .nc4, .cdf; .hdf, .h5)
//     <crs>local</crs>              the file's horizontal coordinates: local (metres, placed by
//                                   <offset>), utm 32N (UTM eastings and northings in that zone)
//                                   or lonlat (degrees); default local, or lonlat for a NetCDF
//                                   file whose axes are in degrees. utm and lonlat need the
//                                   world's <spherical_coordinates>.
//     <offset>0 0 0</offset>        local only: W position of the file's origin [m]
//     <start_time>0</start_time>    the file's time at simulation time 0 [s]; default: its first
//     <outside>hold</outside>       hold, fade or zero beyond the file's domain (vector_field.h)
//     <fade_distance>100</fade_distance>  [m], for fade
//     <variables>uo vo</variables>  netcdf: the east, north [and up] component variables
//     <area>River</area>            hecras: the 2-D flow area (default: the only one)
//   <bathymetry>
//     <file>, <format> (esri or netcdf; from the extension .asc / .nc), <crs>, <offset>,
//     <values>elevation | depth</values>  (default: elevation for ESRI grids; from the
//                                   variable's attributes for NetCDF)
//     <variable>elevation</variable> netcdf: the seabed variable (default: the only 2-D one)
#pragma once

#include <optional>
#include <sdf/Element.hh>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/core/geo.h"
#include "leeway/env/bathymetry.h"
#include "leeway/env/vector_field.h"

namespace leeway::sdfio {

/// A geo-referenced file's extent in W, checked once the world's models are known: a file that
/// covers neither the world origin nor any model's start is almost surely mis-referenced (wrong
/// UTM zone or hemisphere, wrong <spherical_coordinates>).
struct GeoCoverage {
  SourceLocation where;
  Eigen::AlignedBox2d extent_W;
};

struct FieldContext {
  std::optional<Geodetic> origin;  ///< the world's <spherical_coordinates>
  Diagnostics& diagnostics;
  std::vector<GeoCoverage>& coverage;
};

enum class FieldKind { kCurrent, kWind };

VectorField load_field(const sdf::ElementPtr& e, FieldKind kind, const FieldContext& context);
Bathymetry load_bathymetry(const sdf::ElementPtr& e, const FieldContext& context);

}  // namespace leeway::sdfio
