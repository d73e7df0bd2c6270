// PySimulation::render (py_simulation.h): the world drawn from a view of the caller's, by the
// camera sensors' own renderer.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "leeway/core/random.h"
#include "leeway/world/ray_cast.h"
#include "leeway/world/visual_scene.h"
#include "py_simulation.h"

namespace leeway::python {
namespace {

/// The camera frame S (x along the view, y left, z up) looking from eye_W at target_W.
Mat3 R_WS_looking(const Vec3& eye_W, const Vec3& target_W) {
  const Vec3 x = (target_W - eye_W).normalized();
  Vec3 y = Vec3::UnitZ().cross(x);
  if (y.norm() < 1e-9) y = Vec3::UnitY();  // straight up or down: any left will do
  y.normalize();
  Mat3 R;
  R.col(0) = x;
  R.col(1) = y;
  R.col(2) = x.cross(y);
  return R;
}

}  // namespace

CameraImage PySimulation::render(const RenderView& view) {
  const Model& model = sim_->model();
  if (!model.visual_scene && !render_model_) {
    auto with_scene = std::make_shared<Model>(model);
    Diagnostics diagnostics;  // a mesh that cannot be read was told at load
    with_scene->visual_scene =
        std::make_shared<const VisualScene>(build_visual_scene(model, RayScene{}, diagnostics));
    render_model_ = std::move(with_scene);
  }
  const Model& scene = model.visual_scene ? model : *render_model_;

  CameraModel camera;
  camera.width = view.width;
  camera.height = view.height;
  camera.horizontal_fov = view.horizontal_fov;
  camera.far = 1000.0;
  for (const SensorModel& s : model.sensors) {  // the world's light, as its cameras have it
    if (const auto* c = std::get_if<CameraModel>(&s.kind)) {
      camera.sun_W = c->sun_W;
      camera.shadows = c->shadows;
      break;
    }
  }
  if (const std::string problem = check_camera(camera); !problem.empty())
    throw std::invalid_argument("render: " + problem);

  const std::vector<BodyState>& bodies = sim_->state().bodies;
  Vec3 eye_W, target_W;
  if (view.eye_W || view.target_W) {
    if (!view.eye_W || !view.target_W)
      throw std::invalid_argument("render: expected both eye and target, or neither");
    eye_W = *view.eye_W;
    target_W = *view.target_W;
  } else {
    if (view.body < 0 || static_cast<std::size_t>(view.body) >= bodies.size()) {
      throw std::invalid_argument(
          fmt::format("render: body {}: the world has {} bodies", view.body, bodies.size()));
    }
    const BodyState& b = bodies[static_cast<std::size_t>(view.body)];
    const double radius =
        std::max(1.0, scene.visual_scene->bodies[static_cast<std::size_t>(view.body)].radius);
    Vec3 ahead_W = b.q_WB * Vec3::UnitX();
    ahead_W.z() = 0.0;
    ahead_W = ahead_W.norm() > 1e-9 ? ahead_W.normalized() : Vec3::UnitX();
    target_W = b.p_WB;
    eye_W = b.p_WB - 3.0 * radius * ahead_W + 1.5 * radius * Vec3::UnitZ();
  }
  if (!((target_W - eye_W).norm() > 1e-9) || !eye_W.allFinite() || !target_W.allFinite())
    throw std::invalid_argument("render: expected a finite eye apart from its target");

  const WorldSurfaces surfaces(scene, bodies, eye_W, camera.far);
  RandomStream rng(model.seed, "render");  // no noise: nothing is drawn from it
  return render_camera(camera, eye_W, R_WS_looking(eye_W, target_W), surfaces, model.environment,
                       sim_->state().t, rng,
                       static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace leeway::python
