#include "leeway/sdf/leeway/sea_state.h"

#include <fmt/format.h>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "leeway/env/vrx_wavefield.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {
namespace {

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

}  // namespace

void warn_if_folding(const WaveField& f, const sdf::ElementPtr& e, Diagnostics& diagnostics) {
  if (f.fold_margin >= 1.0) {
    diagnostics.warn(location_of(e),
                     fmt::format("the Gerstner steepness lets the surface fold over (sum of "
                                 "q_i k_i A_i = {:.3f} >= 1): the elevation above a point is then "
                                 "not unique; lower <steepness>",
                                 f.fold_margin));
  }
}

RandomSea load_waves(const sdf::ElementPtr& e, double gravity,
                     std::optional<double> bathymetry_depth) {
  reject_unknown_children(
      e,
      {"spectrum", "significant_height", "gain", "peak_period", "gamma", "table", "direction",
       "spreading", "spreading_s", "components", "seed", "steepness", "depth", "ramp_time"},
      "<spectrum>, <significant_height> or <gain>, <peak_period>, <gamma>, <table>, "
      "<direction>, <spreading>, <spreading_s>, <components>, <seed>, <steepness>, <depth> and "
      "<ramp_time>");

  SeaState sea;
  sea.gravity = std::abs(gravity);
  if (!(sea.gravity > 0.0)) {
    throw LoadError(location_of(e), "waves need gravity: the world's <gravity> is zero");
  }
  const std::string spectrum =
      optional_child(e, "spectrum") ? text_of(optional_child(e, "spectrum")) : "pierson_moskowitz";
  if (spectrum == "table") {
    if (!optional_child(e, "table"))
      throw LoadError(location_of(e), "<spectrum>table needs a <table>");
    sea.spectrum = make_table_spectrum(read_table(optional_child(e, "table")));
  } else if (spectrum == "pierson_moskowitz" || spectrum == "jonswap") {
    if (!optional_child(e, "peak_period"))
      throw LoadError(location_of(e), "missing <peak_period>, in s");
    const double Tp =
        read_number_at_least(optional_child(e, "peak_period"), 0.0, true, "a peak period in s");
    double Hs = 0.0;
    if (optional_child(e, "significant_height") && optional_child(e, "gain")) {
      throw LoadError(location_of(optional_child(e, "gain")),
                      "both <significant_height> and <gain> given; expected one of them");
    } else if (optional_child(e, "significant_height")) {
      Hs = read_number_at_least(optional_child(e, "significant_height"), 0.0, true,
                                "a significant height in m");
    } else if (optional_child(e, "gain")) {
      Hs = significant_height_from_gain(
          read_number_in(optional_child(e, "gain"), 0.0, 1e3, "a gain"), Tp, sea.gravity);
    } else {
      throw LoadError(location_of(e), "missing <significant_height> (m) or <gain>");
    }
    const double gamma = optional_child(e, "gamma") ? read_number_in(optional_child(e, "gamma"),
                                                                     1.0, 20.0, "a JONSWAP gamma")
                                                    : 3.3;
    sea.spectrum =
        spectrum == "jonswap" ? make_jonswap(Hs, Tp, gamma) : make_pierson_moskowitz(Hs, Tp);
  } else {
    throw LoadError(
        location_of(optional_child(e, "spectrum")),
        fmt::format("got '{}', expected pierson_moskowitz, jonswap or table", spectrum));
  }
  if (optional_child(e, "direction"))
    sea.mean_direction = read_number(optional_child(e, "direction"), "an angle in rad");
  const std::string spreading =
      optional_child(e, "spreading") ? text_of(optional_child(e, "spreading")) : "mitsuyasu";
  if (spreading == "mitsuyasu") {
    sea.spreading.kind = SpreadingKind::kMitsuyasu;
    if (optional_child(e, "spreading_s"))
      sea.spreading.s_max =
          read_number_at_least(optional_child(e, "spreading_s"), 0.0, true, "an exponent");
  } else if (spreading == "cos2s") {
    sea.spreading.kind = SpreadingKind::kCos2s;
    if (optional_child(e, "spreading_s"))
      sea.spreading.s =
          read_number_at_least(optional_child(e, "spreading_s"), 0.0, true, "an exponent");
  } else if (spreading == "none") {
    sea.spreading.kind = SpreadingKind::kNone;
  } else {
    throw LoadError(location_of(optional_child(e, "spreading")),
                    fmt::format("got '{}', expected mitsuyasu, cos2s or none", spreading));
  }
  if (const sdf::ElementPtr c = optional_child(e, "components"))
    sea.components = read_count_in(c, 1, 4096, "components");
  if (optional_child(e, "steepness"))
    sea.steepness = read_number_in(optional_child(e, "steepness"), 0.0, 1.0, "a steepness");
  if (const sdf::ElementPtr depth = optional_child(e, "depth")) {
    if (text_of(depth) == "bathymetry") {
      if (!bathymetry_depth || *bathymetry_depth <= 0.0) {
        throw LoadError(location_of(depth),
                        bathymetry_depth ? "the bathymetry has no water under the world origin"
                                         : "no <bathymetry> in the environment; expected one "
                                           "before <depth>bathymetry</depth> can use it");
      }
      sea.depth = *bathymetry_depth;
    } else {
      sea.depth = read_number_at_least(depth, 0.0, true, "a water depth in m or 'bathymetry'");
    }
  }
  RandomSea r;
  r.sea = sea;
  if (optional_child(e, "ramp_time"))
    r.ramp_time = read_number_in(optional_child(e, "ramp_time"), 0.0, 1e6, "a ramp time in s");
  if (optional_child(e, "seed")) {
    const double s = read_number_in(optional_child(e, "seed"), 0.0, 9007199254740992.0, "a seed");
    r.fixed_seed = static_cast<std::uint64_t>(s);
  }
  return r;
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
    reject_unknown_children(
        w,
        {"model", "number", "scale", "angle", "steepness", "amplitude", "period", "phase",
         "direction", "gain", "tau"},
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
        p.number = read_count_in(c, 1, 4096, "components");
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
        p.period = read_number_at_least(c, 0.0, true, "a period in s");
      } else if (n == "scale") {
        p.scale = read_number_at_least(c, 0.0, true, "a scale");
      } else if (n == "tau") {
        p.tau = read_number_at_least(c, 0.0, true, "a time constant in s");
      } else if (n == "steepness") {
        p.steepness = read_number_in(c, 0.0, 1.0, "a steepness");
      } else if (n == "gain" || n == "amplitude") {
        (n == "gain" ? p.gain : p.amplitude) = read_number_in(c, 0.0, 1e3, "a value");
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

namespace {

/// The (key, number) pairs of a gz.msgs.Param in protobuf's text format: each `key: "NAME"`
/// with the first `double_value:` or `int_value:` after it, before the next key.
std::vector<std::pair<std::string, std::string>> param_values(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t at = text.find("key:");
  while (at != std::string::npos) {
    const std::size_t open = text.find('"', at);
    const std::size_t close = open == std::string::npos ? open : text.find('"', open + 1);
    if (close == std::string::npos) break;
    const std::string key = text.substr(open + 1, close - open - 1);
    const std::size_t next = text.find("key:", close);
    std::size_t value = text.find("_value:", close);
    std::string number;
    if (value != std::string::npos && value < next) {
      value += 7;
      while (value < text.size() && std::isspace(static_cast<unsigned char>(text[value])))
        ++value;
      const std::size_t end = text.find_first_of(" \t\r\n}", value);
      number = text.substr(value, end == std::string::npos ? end : end - value);
    }
    out.emplace_back(key, number);
    at = next;
  }
  return out;
}

}  // namespace

WaveField load_vrx_wavefield_message(const sdf::ElementPtr& message, double surface_level,
                                     Diagnostics& diagnostics) {
  VrxWavefield p;
  const SourceLocation where = location_of(message);
  for (const auto& [name, text] : param_values(text_of(message))) {
    const std::string& key = name;  // clang 14 cannot capture a structured binding
    double v = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) {
      throw LoadError(where, fmt::format("wavefield parameter '{}' is '{}'; expected a finite "
                                         "double_value or int_value",
                                         key, text));
    }
    const auto in = [&](double lo, double hi, const char* what) {
      if (!(v >= lo && v <= hi)) {
        throw LoadError(where, fmt::format("wavefield parameter '{}' is {}; expected {} in "
                                           "[{}, {}]",
                                           key, v, what, lo, hi));
      }
      return v;
    };
    if (key == "direction") {
      p.direction = v;
    } else if (key == "gain") {
      p.gain = in(0.0, 1e3, "a gain");
    } else if (key == "period") {
      p.period = in(1e-3, 1e3, "a period in s");
    } else if (key == "steepness") {
      p.steepness = in(0.0, 1.0, "a steepness");
    } else if (key == "tau") {
      p.tau = in(1e-6, 1e6, "a time constant in s");
    } else if (key == "scale") {
      p.scale = in(1e-6, 1e3, "a scale");
    } else if (key == "angle") {
      p.angle = v;
    } else if (key == "amplitude") {
      p.amplitude = in(0.0, 1e3, "an amplitude in m");
    } else if (key == "phase") {
      p.phase = v;
    } else if (key == "number") {
      p.number = static_cast<int>(in(1.0, 4096.0, "a number of components"));
    } else {
      diagnostics.warn(where, fmt::format("wavefield parameter '{}' is not one of VRX's; "
                                          "ignored",
                                          key));
    }
  }
  WaveField f = make_wave_field(vrx_components(p), std::numeric_limits<double>::infinity(), p.tau,
                                surface_level);
  warn_if_folding(f, message, diagnostics);
  return f;
}

}  // namespace leeway::sdfio
