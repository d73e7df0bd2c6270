// What a served run offers, as `leeway topics WORLD` prints it from the run's plans
// (publication_plan.h, input_plan.h): for each transport, every topic it publishes with its
// message type, rate and what it carries, every topic it subscribes to and every service it
// answers. It is what the servers advertise, row for row.
#pragma once

#include <string>

#include "leeway/transport/served_plans.h"

namespace leeway {

struct TopicTableRates {
  double pose_rate_hz = 50.0;   ///< gz-transport's and ROS 2's state topics
  double clock_rate_hz = 0.0;   ///< 0: every step
  double frame_rate_hz = 10.0;  ///< the viewer's frames
  double sea_rate_hz = 2.0;     ///< the viewer's /sea
};

/// The table, one line a topic, under a heading per transport.
std::string topic_table(const Scenario& scenario, const ServedPlans& plans,
                        const TopicTableRates& rates = {});

}  // namespace leeway
