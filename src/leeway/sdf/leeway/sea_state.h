// The sea-state elements of Leeway's environment plugin (world_settings.h):
//
//   <waves>                                   Leeway's sea state
//     <spectrum>pierson_moskowitz</spectrum>  pierson_moskowitz (default), jonswap or table
//     <significant_height>1.5</significant_height>  Hs [m] (or <gain>, VRX's K_H)
//     <peak_period>7</peak_period>            Tp [s]
//     <gamma>3.3</gamma>                      JONSWAP peak enhancement, >= 1
//     <table>w1 S1 w2 S2 ...</table>          [rad/s, m^2 s/rad] pairs, w increasing
//     <direction>0</direction>                mean direction of travel (towards) [rad], ENU
//     <spreading>mitsuyasu</spreading>        mitsuyasu (default), cos2s or none
//     <spreading_s>17.01</spreading_s>        s_max (mitsuyasu) or s (cos2s)
//     <components>64</components>             N >= 1
//     <seed>7</seed>                          fixes the sea whatever the run's --seed
//     <steepness>0</steepness>                Gerstner q in [0, 1]
//     <depth>30</depth>                       water depth [m]; default: deep water
//     <ramp_time>0</ramp_time>                start-up ramp tau [s]; 0: none
//   </waves>
//
//   <wavefield><wave>...</wave></wavefield>   VRX's parameters (vrx_wavefield.h), unchanged:
//     model, number, scale, angle, steepness, amplitude, period, phase, direction (an angle in
//     rad, or VRX's older 2-D vector), gain, tau; <size>, <cell_count> and <topic> are accepted
//     and have no effect (as in VRX's physics).
#pragma once

#include <cstdint>
#include <optional>
#include <sdf/Element.hh>

#include "leeway/core/error.h"
#include "leeway/env/environment.h"

namespace leeway::sdfio {

/// The sea state an element describes, to be drawn by realise_environment with the world's seed
/// (or the element's own `<seed>`). `<depth>bathymetry</depth>` takes `bathymetry_depth`, the
/// world's seabed depth under its origin (none: no bathymetry).
RandomSea load_waves(const sdf::ElementPtr& waves, double gravity,
                     std::optional<double> bathymetry_depth);
/// Warns, at the <waves> element, when the drawn sea can fold over (sum q_i k_i A_i >= 1).
void warn_if_folding(const WaveField& field, const sdf::ElementPtr& waves,
                     Diagnostics& diagnostics);
WaveField load_vrx_wavefield(const sdf::ElementPtr& wavefield, double surface_level,
                             Diagnostics& diagnostics);

/// The topic on which VRX's worlds give their sea state: its PublisherPlugin sends a
/// gz.msgs.Param there, which the WAM-V's Surface plugin and the buoys' PolyhedraBuoyancyDrag
/// read.
inline constexpr const char* kVrxWavefieldTopic = "/vrx/wavefield/parameters";

/// VRX's sea state from a PublisherPlugin's `<message type="gz.msgs.Param"
/// topic="/vrx/wavefield/parameters">`, whose text is the message in protobuf's text format:
///   params { key: "gain" value { type: DOUBLE double_value: 0.3 } }  (and int_value)
/// for the keys direction [rad], gain, period [s], steepness, tau [s], scale, angle [rad],
/// amplitude [m], phase [rad] and number; the others of VRX's wavefield keep VRX's defaults.
WaveField load_vrx_wavefield_message(const sdf::ElementPtr& message, double surface_level,
                                     Diagnostics& diagnostics);

}  // namespace leeway::sdfio
