#include "leeway/sdf/uuv/current.h"

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

void load_uuv_current(const sdf::ElementPtr& plugin, CurrentModel& c) {
  reject_unknown_children(plugin, {"namespace", "constant_current"},
                          "<namespace> and <constant_current>");
  if (!plugin->HasElement("constant_current")) return;
  const sdf::ElementPtr cc = plugin->GetElement("constant_current");
  reject_unknown_children(cc, {"topic", "velocity", "horizontal_angle", "vertical_angle"},
                          "<topic>, <velocity>, <horizontal_angle> and <vertical_angle>");
  auto read = [&](const char* name, const std::string& unit) {
    BoundedGaussMarkov p;
    if (!cc->HasElement(name)) return p;
    const sdf::ElementPtr e = cc->GetElement(name);
    reject_unknown_children(e, {"mean", "min", "max", "mu", "noiseAmp"},
                            "<mean>, <min>, <max>, <mu> and <noiseAmp>");
    if (optional_child(e, "mean"))
      p.process.mean = read_number(optional_child(e, "mean"), "a mean in " + unit);
    if (optional_child(e, "min"))
      p.min = read_number(optional_child(e, "min"), "a lower limit in " + unit);
    if (optional_child(e, "max"))
      p.max = read_number(optional_child(e, "max"), "an upper limit in " + unit);
    if (optional_child(e, "noiseAmp"))
      p.process.sigma = read_number_at_least(optional_child(e, "noiseAmp"), 0.0, false,
                                             "a noise amplitude in " + unit);
    if (optional_child(e, "mu")) {
      const double mu = read_number(optional_child(e, "mu"), "a rate in 1/s");
      if (mu <= 0.0 && p.process.sigma > 0.0) {
        throw LoadError(
            location_of(optional_child(e, "mu")),
            fmt::format("got mu = {}, expected mu > 0: without mean reversion the process "
                        "is an unbounded random walk",
                        mu));
      }
      if (mu > 0.0) p.process.tau = 1.0 / mu;
    }
    return p;
  };
  c.gauss_markov = true;
  c.speed = read("velocity", "m/s");
  c.horizontal_angle = read("horizontal_angle", "rad");
  c.vertical_angle = read("vertical_angle", "rad");
}

}  // namespace leeway::sdfio
