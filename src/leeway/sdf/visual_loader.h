// The visuals of one SDF <model> (geometry/visual.h): every <visual> of its links (and of the
// nested models a joint holds), posed in its body frame B (its canonical link's frame, as
// load_body makes it) or, for a static model, in W.
//
//   <visual>                      geometry/visual.h          notes
//   <pose>                        Visual::X_BV               relative to its link, or its frame
//   <geometry><box|sphere|
//     cylinder|capsule|ellipsoid> ConvexShape                as a collision's (collision_shape.h)
//   <geometry><plane>             VisualPlane                <size>, <normal>
//   <geometry><mesh>              VisualMesh                 <uri>, <scale>, <submesh>
//   <material><diffuse>           Visual::color              else <ambient>; else its script's
//                                                            (a script is read only then)
//   <material><script><name>      Visual::color              gz-sim's Gazebo/ colours (Grey..),
//     <uri>                       Visual::texture            else its scripts' (ogre_material.h)
//   <material><pbr><metal|        Visual::texture            before a script's texture
//     specular><albedo_map>
//   <transparency>                Visual::opacity            1 - transparency
//   <laser_retro>                 Visual::response           a lidar's reflectivity, >= 0
//   <leeway:backscatter>          Visual::response           a sonar's Lambert mu, in (0, 1]
//
// A visual is never physics, so what cannot be drawn is said and left out rather than stopping
// the load: a mesh file or albedo map found nowhere (said once per file), a <heightmap> or
// <polyline>; a material script found nowhere, or without the visual's material, is said once
// and the visual drawn grey. A texture's image that cannot be decoded is said once when a sensor
// first needs it (world/visual_scene.h), and its surface keeps its colour. The world's own
// water is left out without a word: VRX's WaveVisual and the water and waves material scripts
// of Gazebo and UUV Simulator. Leeway draws the sea itself, from the waves the physics sums. A
// colour or transparency in the SDF outside [0, 1] (or not a number) is a LoadError: it is a
// mistake in the file.
#pragma once

#include <sdf/Model.hh>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/geometry/visual.h"
#include "leeway/sdf/link_merging.h"

namespace leeway::sdfio {

/// The visuals of the links `links` holds (a model's, or one group's of an articulated model):
/// `body`: their body's index in Model::bodies, or -1 for a static model's; X_WM: the model
/// frame in W; `model_name`: its scoped name.
std::vector<Visual> load_visuals(const sdf::Model& model, const std::string& model_name, int body,
                                 const Eigen::Isometry3d& X_WM, const MergedLinks& links,
                                 Diagnostics& diagnostics);

}  // namespace leeway::sdfio
