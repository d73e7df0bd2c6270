#include "leeway/sdf/sea_state_params.h"

#include <fmt/format.h>
#include <cmath>
#include <set>

#include "leeway/env/vrx_wavefield.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

double positive(const sdf::ElementPtr& e, const std::string& what) {
  const double v = read_number(e, what);
  if (v <= 0.0) throw LoadError(location_of(e), fmt::format("got {}, expected {} > 0", v, what));
  return v;
}

double in_range(const sdf::ElementPtr& e, const std::string& what, double lo, double hi) {
  const double v = read_number(e, what);
  if (v < lo || v > hi) {
    throw LoadError(location_of(e),
                    fmt::format("got {}, expected {} in [{}, {}]", v, what, lo, hi));
  }
  return v;
}

std::vector<std::pair<double, double>> read_table(const sdf::ElementPtr& e) {
  const std::vector<double> v = read_numbers(e, 0, "pairs of angular frequency and density");
  if (v.size() % 2 != 0 || v.size() < 4) {
    throw LoadError(location_of(e), fmt::format("got {} numbers, expected at least two (w, S) "
                                                "pairs",
                                                v.size()));
  }
  std::vector<std::pair<double, double>> table;
  for (std::size_t i = 0; i < v.size(); i += 2) {
    if (v[i + 1] < 0.0 || (!table.empty() && v[i] <= table.back().first) || v[i] <= 0.0) {
      throw LoadError(location_of(e),
                      fmt::format("pair {} ({}, {}) is invalid; expected frequencies > 0 that "
                                  "increase and densities >= 0",
                                  i / 2 + 1, v[i], v[i + 1]));
    }
    table.emplace_back(v[i], v[i + 1]);
  }
  return table;
}

void warn_if_folding(const WaveField& f, const sdf::ElementPtr& e, Diagnostics& diagnostics) {
  if (f.fold_margin >= 1.0) {
    diagnostics.warn(location_of(e),
                     fmt::format("the Gerstner steepness lets the surface fold over (sum of "
                                 "q_i k_i A_i = {:.3f} >= 1): the elevation above a point is then "
                                 "not unique; lower <steepness>",
                                 f.fold_margin));
  }
}

}  // namespace

WaveField load_waves(const sdf::ElementPtr& e, std::uint64_t run_seed, double gravity,
                     double surface_level, Diagnostics& diagnostics) {
  static const std::set<std::string> known = {
      "spectrum", "significant_height", "gain",      "peak_period", "gamma",
      "table",    "direction",          "spreading", "spreading_s", "components",
      "seed",     "steepness",          "depth",     "ramp_time"};
  reject_unknown_children(
      e, [](const std::string& n) { return known.contains(n); },
      "<spectrum>, <significant_height> or <gain>, <peak_period>, <gamma>, <table>, "
      "<direction>, <spreading>, <spreading_s>, <components>, <seed>, <steepness>, <depth> and "
      "<ramp_time>");
  auto child = [&](const char* name) {
    return e->HasElement(name) ? e->GetElement(name) : nullptr;
  };

  SeaState sea;
  sea.gravity = std::abs(gravity);
  if (!(sea.gravity > 0.0)) {
    throw LoadError(location_of(e), "waves need gravity: the world's <gravity> is zero");
  }
  const std::string spectrum = child("spectrum") ? text_of(child("spectrum")) : "pierson_moskowitz";
  if (spectrum == "table") {
    if (!child("table")) throw LoadError(location_of(e), "<spectrum>table needs a <table>");
    sea.spectrum = make_table_spectrum(read_table(child("table")));
  } else if (spectrum == "pierson_moskowitz" || spectrum == "jonswap") {
    if (!child("peak_period")) throw LoadError(location_of(e), "missing <peak_period>, in s");
    const double Tp = positive(child("peak_period"), "a peak period in s");
    double Hs = 0.0;
    if (child("significant_height") && child("gain")) {
      throw LoadError(location_of(child("gain")),
                      "both <significant_height> and <gain> given; expected one of them");
    } else if (child("significant_height")) {
      Hs = positive(child("significant_height"), "a significant height in m");
    } else if (child("gain")) {
      Hs = significant_height_from_gain(in_range(child("gain"), "a gain", 0.0, 1e3), Tp,
                                        sea.gravity);
    } else {
      throw LoadError(location_of(e), "missing <significant_height> (m) or <gain>");
    }
    const double gamma =
        child("gamma") ? in_range(child("gamma"), "a JONSWAP gamma", 1.0, 20.0) : 3.3;
    sea.spectrum =
        spectrum == "jonswap" ? make_jonswap(Hs, Tp, gamma) : make_pierson_moskowitz(Hs, Tp);
  } else {
    throw LoadError(
        location_of(child("spectrum")),
        fmt::format("got '{}', expected pierson_moskowitz, jonswap or table", spectrum));
  }
  if (child("direction")) sea.mean_direction = read_number(child("direction"), "an angle in rad");
  const std::string spreading = child("spreading") ? text_of(child("spreading")) : "mitsuyasu";
  if (spreading == "mitsuyasu") {
    sea.spreading.kind = SpreadingKind::kMitsuyasu;
    if (child("spreading_s")) sea.spreading.s_max = positive(child("spreading_s"), "an exponent");
  } else if (spreading == "cos2s") {
    sea.spreading.kind = SpreadingKind::kCos2s;
    if (child("spreading_s")) sea.spreading.s = positive(child("spreading_s"), "an exponent");
  } else if (spreading == "none") {
    sea.spreading.kind = SpreadingKind::kNone;
  } else {
    throw LoadError(location_of(child("spreading")),
                    fmt::format("got '{}', expected mitsuyasu, cos2s or none", spreading));
  }
  if (child("components")) {
    const double n = in_range(child("components"), "a number of components", 1, 4096);
    if (std::floor(n) != n) {
      throw LoadError(location_of(child("components")),
                      fmt::format("got {}, expected a whole number of components", n));
    }
    sea.components = static_cast<int>(n);
  }
  if (child("steepness")) sea.steepness = in_range(child("steepness"), "a steepness", 0.0, 1.0);
  if (child("depth")) sea.depth = positive(child("depth"), "a water depth in m");
  const double ramp =
      child("ramp_time") ? in_range(child("ramp_time"), "a ramp time in s", 0.0, 1e6) : 0.0;
  std::uint64_t seed = run_seed;
  if (child("seed")) {
    const double s = in_range(child("seed"), "a seed", 0.0, 9007199254740992.0);
    seed = static_cast<std::uint64_t>(s);
  }
  WaveField f = make_wave_field(sample_components(sea, seed), sea.depth, ramp, surface_level);
  warn_if_folding(f, e, diagnostics);
  return f;
}

WaveField load_vrx_wavefield(const sdf::ElementPtr& e, double surface_level,
                             Diagnostics& diagnostics) {
  reject_unknown_children(
      e,
      [](const std::string& n) {
        return n == "wave" || n == "size" || n == "cell_count" || n == "topic";
      },
      "<wave>, <size>, <cell_count> and <topic>");
  VrxWavefield p;
  if (e->HasElement("wave")) {
    const sdf::ElementPtr w = e->GetElement("wave");
    static const std::set<std::string> known = {"model",     "number",    "scale",  "angle",
                                                "steepness", "amplitude", "period", "phase",
                                                "direction", "gain",      "tau"};
    reject_unknown_children(
        w, [](const std::string& n) { return known.contains(n); },
        "VRX's <model>, <number>, <scale>, <angle>, <steepness>, <amplitude>, <period>, <phase>, "
        "<direction>, <gain> and <tau>");
    for_each_child(w, [&](const sdf::ElementPtr& c) {
      const std::string& n = c->GetName();
      if (n == "model") {
        p.model = text_of(c);
        if (p.model != "PMS" && p.model != "CWR") {
          throw LoadError(location_of(c), fmt::format("got '{}', expected PMS or CWR", p.model));
        }
      } else if (n == "number") {
        p.number = static_cast<int>(in_range(c, "a number of components", 1, 4096));
      } else if (n == "direction") {
        const std::vector<double> d = read_numbers(c, 0, "an angle in rad, or a 2-D vector");
        if (d.size() == 1) {
          p.direction = d[0];
        } else if (d.size() == 2 && (d[0] != 0.0 || d[1] != 0.0)) {
          p.direction = std::atan2(d[1], d[0]);
        } else {
          throw LoadError(location_of(c), "expected an angle in rad, or a non-zero 2-D vector");
        }
      } else if (n == "period") {
        p.period = positive(c, "a period in s");
      } else if (n == "scale") {
        p.scale = positive(c, "a scale");
      } else if (n == "tau") {
        p.tau = positive(c, "a time constant in s");
      } else if (n == "steepness") {
        p.steepness = in_range(c, "a steepness", 0.0, 1.0);
      } else if (n == "gain" || n == "amplitude") {
        (n == "gain" ? p.gain : p.amplitude) = in_range(c, "a value", 0.0, 1e3);
      } else {
        (n == "angle" ? p.angle : p.phase) = read_number(c, "an angle in rad");
      }
    });
  }
  if (p.model == "PMS" && p.number != 3) {
    diagnostics.warn(location_of(e), fmt::format("VRX's PMS model always has 3 components; "
                                                 "<number>{}</number> only scales the steepness",
                                                 p.number));
  }
  WaveField f = make_wave_field(vrx_components(p), std::numeric_limits<double>::infinity(), p.tau,
                                surface_level);
  warn_if_folding(f, e, diagnostics);
  return f;
}

}  // namespace leeway::sdfio
