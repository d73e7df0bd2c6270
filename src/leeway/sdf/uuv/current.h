// UUV Simulator's world plugin (filename containing "underwater_current"):
//   <constant_current><velocity>, <horizontal_angle>, <vertical_angle> each with <mean>, <min>,
//   <max>, <mu>, <noiseAmp>. Read as Gauss-Markov processes with tau = 1 / mu and stationary
//   standard deviation noiseAmp, reverting to <mean> and clamped to [min, max]. (UUV's own update
//   reverts to zero and its spread depends on the step: deliberately not reproduced.)
#pragma once

#include <sdf/Element.hh>

#include "leeway/env/environment.h"

namespace leeway::sdfio {

/// UUV Simulator's underwater current plugin, into the world's `current`.
void load_uuv_current(const sdf::ElementPtr& plugin, CurrentModel& current);

}  // namespace leeway::sdfio
