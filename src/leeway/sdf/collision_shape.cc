#include "leeway/sdf/collision_shape.h"

#include <sdf/Box.hh>
#include <sdf/Capsule.hh>
#include <sdf/Cylinder.hh>
#include <sdf/Ellipsoid.hh>
#include <sdf/Sphere.hh>

#include "leeway/sdf/element_reading.h"

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
    case sdf::GeometryType::EMPTY: {
      // SDF 1.11's <cone>, which libsdformat 12 does not know and keeps as an unknown child.
      const sdf::ElementPtr e = g.Element();
      if (!e || !e->HasElement("cone")) return std::nullopt;
      const sdf::ElementPtr cone = e->GetElement("cone");
      return Cone{read_number_at_least(required_child(cone, "radius", "the base radius [m]"), 0.0,
                                       true, "the base radius [m]"),
                  0.5 * read_number_at_least(required_child(cone, "length", "the length [m]"), 0.0,
                                             true, "the length [m]")};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace leeway::sdfio
