#include "leeway/sdf/collision_volume.h"

#include <numbers>
#include <sdf/Box.hh>
#include <sdf/Capsule.hh>
#include <sdf/Cylinder.hh>
#include <sdf/Ellipsoid.hh>
#include <sdf/Sphere.hh>

namespace leeway::sdfio {

std::optional<double> primitive_volume(const sdf::Geometry& g) {
  constexpr double pi = std::numbers::pi;
  switch (g.Type()) {
    case sdf::GeometryType::BOX: {
      const auto s = g.BoxShape()->Size();
      return s.X() * s.Y() * s.Z();
    }
    case sdf::GeometryType::SPHERE: {
      const double r = g.SphereShape()->Radius();
      return 4.0 / 3.0 * pi * r * r * r;
    }
    case sdf::GeometryType::CYLINDER: {
      const double r = g.CylinderShape()->Radius();
      return pi * r * r * g.CylinderShape()->Length();
    }
    case sdf::GeometryType::ELLIPSOID: {
      const auto a = g.EllipsoidShape()->Radii();
      return 4.0 / 3.0 * pi * a.X() * a.Y() * a.Z();
    }
    case sdf::GeometryType::CAPSULE: {
      const double r = g.CapsuleShape()->Radius();
      return pi * r * r * g.CapsuleShape()->Length() + 4.0 / 3.0 * pi * r * r * r;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace leeway::sdfio
