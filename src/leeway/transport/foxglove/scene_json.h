// The viewer's scene as Foxglove draws it (foxglove.SceneUpdate JSON): what the world holds,
// made once (each model's visuals, or without any its collision shapes and hull mesh, locked to
// its body's frame; the seabed about the vessel's start; the tasks' goals and waypoints), the
// thrusters' thrust as arrows, and the sea's surface as a grid about the vessel, the Gerstner
// points exactly as the physics has them.
#pragma once

#include <string>
#include <vector>

#include "leeway/sim/simulation.h"

namespace leeway {

class SceneJson {
 public:
  /// `focus_body`: the vessel the seabed and the sea are drawn about (-1: none); the sea grid
  /// has `sea_cells` cells along each side of `sea_size` [m]. A mesh file that cannot be read
  /// is said in `warnings` and not drawn.
  SceneJson(const Scenario& scenario, int focus_body, int sea_cells, double sea_size,
            std::vector<std::string>& warnings);

  /// /scene's message at time t [s] (its latched one).
  void scene(std::string& out, double t) const;
  /// /markers' message: each thruster's thrust as an arrow from its propeller along the force,
  /// 0.4 ln(1 + |T| / 20 N) m long.
  void markers(std::string& out, const Simulation& sim) const;
  /// /sea's message: the surface as a triangle grid about the vessel, snapped to the grid's
  /// spacing.
  void sea(std::string& out, const Simulation& sim);

 private:
  /// An entity that never changes: its frame, id and primitive arrays.
  struct Prepared {
    std::string frame, id, primitives;
  };
  const Scenario& scenario_;
  int focus_body_;
  int cells_;
  double size_;
  std::vector<Prepared> entities_;
  std::vector<Vec3> sea_points_;  ///< /sea's vertices, reused
};

}  // namespace leeway
