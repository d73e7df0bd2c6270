// Reading an ESRI ASCII grid (.asc) of the seabed:
//   ncols N / nrows M / xllcorner or xllcenter X / yllcorner or yllcenter Y / cellsize C /
//   [nodata_value V]   (keys in any case), then M rows of N numbers, the first row northernmost.
// The values are seabed heights (elevation, up, negative under the datum) or, with
// `values_are_depths`, depths (positive down); NODATA cells are land. Errors name file and line:
// a missing or bad header key, a non-number, too few or too many values.
#pragma once

#include <string>

#include "leeway/env/bathymetry.h"

namespace leeway {

Bathymetry read_esri_ascii(const std::string& path, bool values_are_depths);

}  // namespace leeway
