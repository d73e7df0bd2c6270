#include "leeway/transport/served_run.h"

#include <cstdlib>

namespace leeway {

ServedRun::ServedRun(Simulation& sim, const ServeOptions& o)
    : sim_(sim),
      plans_(make_served_plans(sim.scenario())),
      inbox_(sim.model(), sim.scenario().controllers) {
  try {
    serve(o);
  } catch (...) {
    detach();  // a server that refused leaves none of the others attached
    throw;
  }
}

void ServedRun::serve(const ServeOptions& o) {
  Simulation& sim = sim_;
  sim.attach(inbox_);  // says on stderr when a step is refused (command_inbox.h)
  if (o.view_port) {
    FoxgloveServerOptions view;
    view.listen = o.listen;
    view.port = *o.view_port;
    view.document_root = o.document_root;
    view_ = std::make_unique<FoxgloveServer>(sim, inbox_, o.view, view, &plans_);
    sim.attach(*view_);
  }
  if (o.gz) {
    // ign-transport reads where to listen from the environment, when its first node is made.
    setenv("IGN_IP", o.listen.c_str(), 1);
    GzServerOptions gz;
    gz.clock_rate_hz = o.clock_rate_hz;
    gz_ = std::make_unique<GzServer>(sim, inbox_, gz, &plans_);
    sim.attach(*gz_);
  }
  if (o.dds) {
    DdsServerOptions dds;
    dds.listen = o.listen;
    dds.domain_id = o.ros_domain;
    dds.clock_rate_hz = o.clock_rate_hz;
    dds_ = std::make_unique<DdsServer>(sim, inbox_, dds, &plans_);
    sim.attach(*dds_);
  }
}

ServedRun::~ServedRun() {
  detach();
}

void ServedRun::detach() {
  sim_.detach(inbox_);
  if (dds_) sim_.detach(*dds_);
  if (gz_) sim_.detach(*gz_);
  if (view_) sim_.detach(*view_);
}

}  // namespace leeway
