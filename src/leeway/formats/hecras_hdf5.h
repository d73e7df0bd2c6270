// Reading the water velocity of a HEC-RAS 2-D unsteady-flow result (the plan's HDF5 output,
// `*.p01.hdf`), the layout USVSim read for its river scenarios:
//
//   /Geometry/2D Flow Areas/<area>/FacePoints Coordinate          N x 2  (x, y) of the nodes
//   /Geometry/2D Flow Areas/<area>/Cells FacePoint Indexes        C x K  node indices per cell,
//                                                                        -1 padded
//   /Results/Unsteady/Output/Output Blocks/Base Output/Unsteady Time Series/
//       Time                                                      T      [days since the start]
//       2D Flow Areas/<area>/Node X Vel, Node Y Vel               T x N  velocity at the nodes
//
// (HEC-RAS writes the node velocities when the plan's output options ask for them.) Each cell is
// a convex polygon of face points; it is split into triangles (ordered by angle about its
// centroid, then fanned), so the velocity is interpolated linearly between the nodes the model
// computed, across the river but never across land, unlike USVSim's nearest-cell raster. Cells
// with fewer than three nodes (HEC-RAS's virtual perimeter cells) are skipped. The root
// attribute "Units System" = "US Customary" converts feet to metres (0.3048); anything else is
// read as SI. The velocity is horizontal (depth-averaged): w = 0.
//
// Every problem is a LoadError naming the file and the dataset: a missing group or dataset (the
// message says which output option is missing), a shape that does not match, a non-finite value,
// times that do not increase.
#pragma once

#include <string>

#include "leeway/env/vector_field.h"

namespace leeway {

struct HecRasField {
  MeshSeries series;  ///< times in s from the plan's start, velocities in m/s
  std::string area;   ///< the 2-D flow area read
  std::size_t cells = 0;
};

/// `area` empty: the file's only 2-D flow area.
HecRasField read_hecras_field(const std::string& path, const std::string& area);

}  // namespace leeway
