// VRX's wind, in three spellings (research/vrx.md 2.5). Each sets the world's wind from
//   <wind_direction> [deg, ENU, towards], <wind_mean_velocity> [m/s; a negative one blows the
//   other way], <var_wind_gain_constants> (the gust's standard deviation, m/s, as seed 000
//   eq. 15 defines the gain; default 0), <var_wind_time_constants> [s] (default 0.1),
//   <random_seed> (replaced by the run's seed, with a warning), <update_rate> and the topics
//   (ignored),
// and puts VRX's windage law (hydro/windage.h) on the models it names:
//   - gz's world plugin USVWind (filename containing "USVWind"): <wind_obj><name>model</name>
//     <link_name>link</link_name><coeff_vector>Cx Cy Cn</coeff_vector></wind_obj> (repeatable),
//     in world axes on the apparent wind, as the gz plugin applies it;
//   - classic's world plugin (filename containing "usv_gazebo_wind_plugin"): the same <wind_obj>,
//     or its last version's <wind_obj><model_name><link><link_name><coeff_vector></link>
//     </wind_obj>, in body axes on the true wind, as classic applies it. Classic estimated the
//     coefficients from the collision shapes when <coeff_vector> was absent; Leeway asks for them;
//   - classic's 2018 model plugin of the same filename: <bodyName> (default: the model's
//     reference link) and <wind_coeff_vector>, beside the wind's parameters.
#pragma once

#include <sdf/Element.hh>
#include <string>

#include "leeway/core/error.h"
#include "leeway/env/environment.h"
#include "leeway/sdf/world_settings.h"

namespace leeway::sdfio {

/// gz's USVWind or classic's world plugin.
void load_vrx_wind(const sdf::ElementPtr& plugin, WindModel& wind, WindObjects& objects,
                   Diagnostics& diagnostics);

/// Classic's model plugin, found on `model`.
void load_vrx_classic_model_wind(const sdf::ElementPtr& plugin, const std::string& model,
                                 WindModel& wind, WindObjects& objects, Diagnostics& diagnostics);

}  // namespace leeway::sdfio
