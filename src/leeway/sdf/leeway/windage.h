// The <windage> element of Leeway's Hull plugin (sdf/leeway/hull.h): one of
//
//   <vrx>Cx Cy Cn</vrx> <world_axes>false</world_axes> <true_wind>false</true_wind>
//                                                         VRX's coefficient law (gz: world axes;
//                                                         classic: the true wind)
//   <blendermann> <frontal_area/> <lateral_area/> <length/> <CD_t/> <CD_l_bow/> <CD_l_stern/>
//     <delta/> <kappa/> <s_L/> <s_H/> </blendermann>       Blendermann's coefficient curves
//   <table> <frontal_area/> <lateral_area/> <length/> <height/> <air_density/> <frame/>
//     <angles/> <C_X/> <C_Y/> <C_K/> <C_N/> </table>       a measured coefficient table [deg]
//
// hydro/windage.h gives the laws, docs/sdf-reference.md units, defaults and examples.
#pragma once

#include <sdf/Element.hh>

#include "leeway/body/body_model.h"

namespace leeway::sdfio {

WindageModel load_windage(const sdf::ElementPtr& windage);

}  // namespace leeway::sdfio
