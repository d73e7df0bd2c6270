// What a model looks like: its SDF <visual> elements, which the physics never reads and the
// viewer (view/view_channels.h) draws. A visual is a primitive (convex_shape.h), a flat
// rectangle (an SDF <plane>) or a mesh file, posed on its body, with one colour.
//
// A mesh is kept as its file, not its triangles: most runs draw nothing, and a VRX course holds
// megabytes of meshes. Whoever draws it reads it (formats/mesh_file.h, read_mesh_parts), with
// each of the file's materials in its own colour unless the SDF gives the visual one.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "leeway/core/error.h"
#include "leeway/geometry/convex_shape.h"

namespace leeway {

/// A colour, each channel in [0, 1]; a = 1 is opaque.
struct Rgba {
  float r = 0.7f, g = 0.7f, b = 0.7f, a = 1.0f;
};

/// How a surface returns what the ray-casting sensors send it, beside its colour.
struct SurfaceResponse {
  /// <laser_retro>: a lidar's reflectivity rho (sensors/lidar.h), >= 0; < 0: not given (1).
  float laser_retro = -1.0f;
  /// <leeway:backscatter>: Lambert's mu to a sonar (sensors/sonar.h), in (0, 1]; 0: not given
  /// (the sonar's own).
  float backscatter = 0.0f;
};

/// An SDF <plane>: a rectangle in its frame's xy plane (the plane's normal is z after the
/// visual's pose takes the SDF normal to it).
struct VisualPlane {
  double size_x = 0.0, size_y = 0.0;  ///< [m]
};

/// An SDF <mesh>: a file and how it is taken.
struct VisualMesh {
  std::string path;             ///< the resolved file
  Vec3 scale = Vec3::Ones();    ///< <scale>, per axis of the file's frame
  std::string submesh;          ///< <submesh><name>: only that mesh of the file; empty: all
  bool center_submesh = false;  ///< <submesh><center>: that mesh moved to its centre
  SourceLocation where;         ///< the <uri>, for a file that turns out unreadable
};

using VisualGeometry = std::variant<ConvexShape, VisualPlane, VisualMesh>;

struct Visual {
  std::string model_name;  ///< its model's scoped name (sdf/model_tree.h)
  std::string name;        ///< "link::visual", as the SDF scopes it within its model
  int body = -1;           ///< its model's index in Model::bodies; -1: a static model's
  /// The visual's frame V in the body frame B (in W for a static model's).
  Eigen::Isometry3d X_BV = Eigen::Isometry3d::Identity();
  VisualGeometry geometry;
  /// <material><diffuse>, else its material script's colour (sdf/visual_loader.h); none: a
  /// mesh's own materials, grey for anything else.
  std::optional<Rgba> color;
  /// The image laid on it (geometry/texture.h): <pbr>'s albedo map, else its material script's
  /// texture; empty: a mesh's own materials' textures, none for anything else.
  std::string texture;
  SourceLocation texture_where;  ///< where the SDF names it, for an image that is unreadable
  float opacity = 1.0f;          ///< 1 - <transparency>, multiplying the colour's alpha
  SurfaceResponse response;      ///< <laser_retro>, <leeway:backscatter>
};

}  // namespace leeway
