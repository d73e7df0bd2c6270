#include "leeway/sdf/collision_shape.h"

#include <sdf/Box.hh>
#include <sdf/Capsule.hh>
#include <sdf/Cylinder.hh>
#include <sdf/Ellipsoid.hh>
#include <sdf/Sphere.hh>

namespace leeway::sdfio {

std::optional<ConvexShape> convex_shape(const sdf::Geometry& g) {
  switch (g.Type()) {
    case sdf::GeometryType::BOX: {
      const auto s = g.BoxShape()->Size();
      return Box{0.5 * Vec3(s.X(), s.Y(), s.Z())};
    }
    case sdf::GeometryType::SPHERE:
      return Sphere{g.SphereShape()->Radius()};
    case sdf::GeometryType::CYLINDER:
      return Cylinder{g.CylinderShape()->Radius(), 0.5 * g.CylinderShape()->Length()};
    case sdf::GeometryType::CAPSULE:
      return Capsule{g.CapsuleShape()->Radius(), 0.5 * g.CapsuleShape()->Length()};
    case sdf::GeometryType::ELLIPSOID: {
      const auto a = g.EllipsoidShape()->Radii();
      return Ellipsoid{Vec3(a.X(), a.Y(), a.Z())};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace leeway::sdfio
