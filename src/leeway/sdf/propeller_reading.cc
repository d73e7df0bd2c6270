#include "leeway/sdf/propeller_reading.h"

#include <fmt/format.h>

#include "leeway/propulsion/thrust_curve_parameters.h"

namespace leeway::sdfio {

PropellerThrust read_propeller(const sdf::ElementPtr& parent, const Dialect& dialect,
                               Diagnostics* ignored) {
  PropellerThrust p = read_parameters(parent, kPropellerParameters, dialect);
  const ParameterInfo& coefficient = kPropellerThrustCoefficient.info;
  if (optional_child(parent, std::string(dialect.name_for(coefficient)))) {
    p.thrust_coefficient =
        read_parameter(parent, coefficient, std::nullopt, dialect.name_for(coefficient));
    for (const NumberParameter<PropellerThrust>& advance : kPropellerAdvanceParameters) {
      const std::string name(dialect.name_for(advance.info));
      const sdf::ElementPtr e = optional_child(parent, name);
      if (!e) continue;
      const std::string message =
          fmt::format("<{}> beside <{}>: a fixed C_t takes no advance ratio", name,
                      dialect.name_for(coefficient));
      if (!ignored) throw LoadError(location_of(e), message + "; expected one of the two forms");
      ignored->warn(location_of(e), message + ", as in gz-sim: ignored");
    }
    return p;
  }
  p.advance_form = true;
  return read_parameters(parent, kPropellerAdvanceParameters, dialect, p);
}

}  // namespace leeway::sdfio
