// The viewer's messages of a run's state, as Foxglove's schemas and Leeway's own
// (data/schemas/leeway) have them: frames, a body's odometry, pose and environment, a model's
// actuators, a task's state, the waves the physics sums, the log, a contact sensor's contacts.
// A number without a value (a task not yet scored, deep water's depth) is left out of its
// message: JSON has no NaN or infinity, and Foxglove's and Lichtblick's schema readers take no
// "number or null".
#pragma once

#include <string>
#include <string_view>

#include "leeway/sim/simulation.h"

namespace leeway {

/// /tf: world -> every body's frame.
void body_frames_json(std::string& out, const Simulation& sim);
/// /tf_static: each body -> its other links, each sensor's parent -> its frame (and a camera's
/// optical and a sonar's acoustic frame), at time t [s].
void static_frames_json(std::string& out, const Model& model, double t);
/// /M/odometry (foxglove.Odometry), /M/pose (foxglove.PoseInFrame), /M/environment
/// (leeway.Environment) of `body`.
void odometry_json(std::string& out, const Simulation& sim, std::size_t body);
void pose_json(std::string& out, const Simulation& sim, std::size_t body);
void environment_json(std::string& out, const Simulation& sim, std::size_t body);
/// /M/actuators (leeway.Actuators): the model's actuators, from its first, `first`.
void actuators_json(std::string& out, const Simulation& sim, std::size_t first);
/// /task/NAME (leeway.Task) of task k.
void task_json(std::string& out, const Simulation& sim, std::size_t k);
/// /waves (leeway.WaveField): the components the physics sums, at time t [s].
void waves_json(std::string& out, const Model& model, double t);
/// /log (foxglove.Log).
void log_json(std::string& out, double t, int level, std::string_view message,
              std::string_view name);
/// A contact sensor's contacts (leeway.Contacts) on collider `collider`; false while none.
bool contacts_json(std::string& out, const Simulation& sim, std::size_t collider);

}  // namespace leeway
