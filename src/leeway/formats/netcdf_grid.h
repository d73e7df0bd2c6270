// Reading gridded fields and bathymetry from CF-convention NetCDF files (classic, 64-bit offset
// or NetCDF-4), as ocean and atmosphere models publish them.
//
// Axes. Each dimension of a data variable is recognised through its coordinate variable (the
// 1-D variable with the dimension's name): the `axis` attribute (X, Y, Z, T), else the
// `standard_name` (longitude, projection_x_coordinate, latitude, projection_y_coordinate,
// depth, height, altitude, time), else the units (degrees_east, degrees_north, "<unit> since
// <date>"), else the name (x, lon, longitude / y, lat, latitude / z, depth, lev, level / time).
// A data variable's dimensions must come in the CF order (time, z, y, x), time and z optional.
// Horizontal axes are metres (units m or km) or, with degree units or longitude/latitude
// standard names, geodetic degrees (`lon_lat` is then true). A vertical axis that is positive
// down (`positive="down"`, or a depth) is turned into heights. Time units are seconds, minutes,
// hours or days since a reference date; times are returned in seconds since that date. Axes may
// be increasing or decreasing (they are flipped to increasing) but must be strictly monotonic.
//
// Values. CF packing (`scale_factor`, `add_offset`) is applied. Cells equal to `_FillValue` or
// `missing_value` are counted in `missing_cells` (land in an ocean model): a field reads them as
// zero, a bathymetry as land. Any other non-finite value is an error.
//
// Every problem is a LoadError naming the file, the variable and what was expected.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "leeway/env/bathymetry.h"
#include "leeway/env/vector_field.h"

namespace leeway {

/// Which variables hold a vector field's components. An empty name is looked up by CF
/// standard_name (current: eastward_sea_water_velocity, northward_sea_water_velocity,
/// upward_sea_water_velocity; wind: eastward_wind, northward_wind, upward_air_velocity), then by
/// the usual short names (u, v, w; uo, vo, wo; u10, v10). w is optional.
struct NetcdfVectorNames {
  enum class Kind { kCurrent, kWind } kind = Kind::kCurrent;
  std::string u, v, w;
};

struct NetcdfField {
  RegularGrid grid;
  bool lon_lat = false;
  std::size_t missing_cells = 0;
};

NetcdfField read_netcdf_field(const std::string& path, const NetcdfVectorNames& names);

struct NetcdfBathymetry {
  Bathymetry bathymetry;
  bool lon_lat = false;
  std::size_t missing_cells = 0;
  bool values_were_depths = false;  ///< what the reader took them for
};

/// A 2-D (y, x) grid of the seabed. `variable` empty: the file's only 2-D data variable.
/// `values_are_depths` unset: decided by the variable's attributes (positive="down" or a
/// standard_name with "depth": depths; otherwise heights, as GEBCO's elevation).
NetcdfBathymetry read_netcdf_bathymetry(const std::string& path, const std::string& variable,
                                        std::optional<bool> values_are_depths);

}  // namespace leeway
