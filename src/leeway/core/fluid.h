// The fluid a thruster or a foil works in. Water brings the world's water density and current,
// air the world's air density and wind (env/environment.h).
#pragma once

namespace leeway {

enum class Fluid { kWater, kAir };

}  // namespace leeway
