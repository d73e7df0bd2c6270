// The two tables of a served run (publication_plan.h, input_plan.h), made once from its Scenario
// and shared by its servers.
#pragma once

#include "leeway/transport/input_plan.h"
#include "leeway/transport/publication_plan.h"

namespace leeway {

struct ServedPlans {
  PublicationPlan publications;
  InputPlan inputs;
};

/// Both plans of `scenario`; throws LoadError as make_publication_plan and make_input_plan do.
inline ServedPlans make_served_plans(const Scenario& scenario) {
  ServedPlans plans{make_publication_plan(scenario), {}};
  plans.inputs = make_input_plan(scenario, plans.publications);
  return plans;
}

}  // namespace leeway
