#include "leeway/output/run_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "leeway/core/rotation.h"
#include "leeway/formats/mcap_reader.h"

namespace leeway {
namespace {

using nlohmann::json;
constexpr double kDeg = 180.0 / 3.14159265358979323846;

/// One chart: a time axis and named series.
struct Chart {
  std::string title, unit;
  std::vector<std::string> labels;
  std::vector<double> t;
  std::vector<std::vector<double>> y;
  bool dots = false;                                 ///< drawn as points, not lines
  std::optional<std::pair<double, double>> y_range;  ///< the value axis's, else the data's

  void push(double time, const std::vector<double>& values) {
    if (y.empty()) y.resize(values.size());
    if (values.size() != y.size()) return;  // a model whose actuators changed: not charted
    t.push_back(time);
    for (std::size_t i = 0; i < values.size(); ++i)
      y[i].push_back(values[i]);
  }
};

struct Goal {
  double x, y, yaw;
};

struct TaskSummary {
  json last;  ///< its last leeway.Task message
};

std::string escape_html(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/// Roll, pitch and yaw [rad] of a foxglove.Quaternion.
Vec3 euler_of(const json& q) {
  return euler_zyx(Quat(q.at("w").get<double>(), q.at("x").get<double>(), q.at("y").get<double>(),
                        q.at("z").get<double>()));
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error(fmt::format(
        "cannot read '{}', which the report inlines: run `make build` (it gathers the viewer's "
        "libraries), or set LEEWAY_WEB_ROOT",
        path.string()));
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A grid step of 1, 2 or 5 times a power of ten giving about `lines` lines over `span`.
double nice_step(double span, int lines) {
  const double raw = span / lines;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10 * power;
}

/// The track in east-north metres with the goals, as SVG.
std::string track_svg(const std::vector<std::pair<double, double>>& track,
                      const std::vector<Goal>& goals) {
  constexpr double kWidth = 560, kHeight = 460, kMargin = 40;
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  const auto extend = [&](double x, double y) {
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  };
  for (const auto& [x, y] : track)
    extend(x, y);
  for (const Goal& g : goals)
    extend(g.x, g.y);
  if (x0 > x1) extend(0, 0);
  const double pad = 0.08 * std::max({x1 - x0, y1 - y0, 10.0});
  x0 -= pad, x1 += pad, y0 -= pad, y1 += pad;
  const double scale =
      std::min((kWidth - 2 * kMargin) / (x1 - x0), (kHeight - 2 * kMargin) / (y1 - y0));
  const double cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1);
  const auto px = [&](double x) { return kWidth / 2 + (x - cx) * scale; };
  const auto py = [&](double y) { return kHeight / 2 - (y - cy) * scale; };
  std::string svg = fmt::format(
      R"(<svg viewBox="0 0 {} {}" width="{}" height="{}" xmlns="http://www.w3.org/2000/svg">)"
      R"(<rect width="100%" height="100%" fill="#0b2f45"/>)",
      kWidth, kHeight, kWidth, kHeight);
  const double step = nice_step(std::max(x1 - x0, y1 - y0), 8);
  const double left = cx - (kWidth / 2) / scale, right = cx + (kWidth / 2) / scale;
  const double bottom = cy - (kHeight / 2) / scale, top = cy + (kHeight / 2) / scale;
  for (double x = std::ceil(left / step) * step; x <= right; x += step) {
    svg += fmt::format(
        R"(<line x1="{0:.1f}" y1="0" x2="{0:.1f}" y2="{1}" stroke="#1d4a66"/>)"
        R"(<text x="{0:.1f}" y="{2}" fill="#8fb3c9" font-size="10" text-anchor="middle">{3:g}</text>)",
        px(x), kHeight, kHeight - 4, x);
  }
  for (double y = std::ceil(bottom / step) * step; y <= top; y += step) {
    svg += fmt::format(R"(<line x1="0" y1="{0:.1f}" x2="{1}" y2="{0:.1f}" stroke="#1d4a66"/>)"
                       R"(<text x="4" y="{2:.1f}" fill="#8fb3c9" font-size="10">{3:g}</text>)",
                       py(y), kWidth, py(y) - 3, y);
  }
  svg += fmt::format(
      R"(<text x="{}" y="14" fill="#bcd" font-size="11" text-anchor="end">east, north [m]; grid {:g} m</text>)",
      kWidth - 6, step);
  // The goals: an arrow along each one's heading, numbered in order.
  for (std::size_t i = 0; i < goals.size(); ++i) {
    const Goal& g = goals[i];
    const double len = 18, dx = std::cos(g.yaw), dy = std::sin(g.yaw);
    const double ax = px(g.x), ay = py(g.y), bx = ax + len * dx, by = ay - len * dy;
    svg += fmt::format(
        R"(<circle cx="{:.1f}" cy="{:.1f}" r="6" fill="none" stroke="#3ddc84" stroke-width="2"/>)"
        R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#3ddc84" stroke-width="2"/>)"
        R"(<text x="{:.1f}" y="{:.1f}" fill="#3ddc84" font-size="12" font-weight="bold">{}</text>)",
        ax, ay, ax, ay, bx, by, ax + 8, ay + 16, i + 1);
  }
  if (!track.empty()) {
    // At most some 4000 points: enough for the eye, small for the file.
    const std::size_t every = std::max<std::size_t>(1, track.size() / 4000);
    svg += R"(<polyline fill="none" stroke="#ff8c2a" stroke-width="2" points=")";
    for (std::size_t i = 0; i < track.size(); i += every)
      svg += fmt::format("{:.1f},{:.1f} ", px(track[i].first), py(track[i].second));
    svg += fmt::format("{:.1f},{:.1f}\"/>", px(track.back().first), py(track.back().second));
    svg += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="5" fill="#ffffff"/>)",
                       px(track.front().first), py(track.front().second));
    svg += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="9" height="9" fill="#ff8c2a"/>)",
                       px(track.back().first) - 4.5, py(track.back().second) - 4.5);
  }
  return svg + "</svg>";
}

}  // namespace

RunReportFacts write_run_report(const std::filesystem::path& recording,
                                const std::filesystem::path& out,
                                const std::filesystem::path& web_root) {
  const std::string uplot_js = read_file(web_root / "vendor/uplot/uPlot.iife.min.js");
  const std::string uplot_css = read_file(web_root / "vendor/uplot/uPlot.min.css");
  const std::string charts_js = read_file(web_root / "report.js");

  McapReader reader(recording);
  RunReportFacts facts;
  std::string body_model;  // the first body's, whose motion is charted
  std::vector<std::pair<double, double>> track;
  std::map<std::string, Chart> charts;
  std::vector<std::string> chart_order;
  // The chart `key`, made with its title, unit, series and style when first asked for.
  const auto chart = [&](const std::string& key, const std::string& title, const std::string& unit,
                         const std::vector<std::string>& labels, bool dots = false,
                         std::optional<std::pair<double, double>> y_range = {}) -> Chart& {
    auto [it, added] = charts.try_emplace(key);
    if (added) {
      it->second.title = title, it->second.unit = unit, it->second.labels = labels;
      it->second.dots = dots, it->second.y_range = y_range;
      chart_order.push_back(key);
    }
    return it->second;
  };
  std::vector<Goal> goals;
  std::map<std::string, TaskSummary> tasks;
  std::vector<std::string> log;
  double t_end = 0.0;
  McapMessage m;
  while (reader.next(m)) {
    ++facts.messages;
    const McapChannelInfo& channel = reader.channels().at(m.channel);
    const std::string& schema = channel.schema_name;
    if (channel.message_encoding != "json") continue;
    const double t = 1e-9 * static_cast<double>(m.log_time);
    t_end = std::max(t_end, t);
    const json msg = json::parse(m.data, nullptr, /*allow_exceptions=*/false);
    if (msg.is_discarded()) continue;
    try {
      if (schema == "foxglove.Odometry" && channel.topic.ends_with("/odometry")) {
        const std::string model = channel.topic.substr(1, channel.topic.find('/', 1) - 1);
        if (body_model.empty()) body_model = model;
        if (model != body_model) continue;
        const json& p = msg.at("pose").at("position");
        const json& v = msg.at("linear_velocity");
        track.emplace_back(p.at("x").get<double>(), p.at("y").get<double>());
        const Vec3 rpy = euler_of(msg.at("pose").at("orientation"));
        const double roll = rpy.x(), pitch = rpy.y();
        const double heading = std::fmod(std::fmod(90.0 - rpy.z() * kDeg, 360.0) + 360.0, 360.0);
        chart("speed", model + " speed", "m/s", {"speed"})
            .push(t, {std::hypot(v.at("x").get<double>(), v.at("y").get<double>(),
                                 v.at("z").get<double>())});
        // Dots, not a line: a line would cross the chart where the heading wraps (359 to 0).
        chart("heading", model + " heading (compass)", "deg", {"heading"}, /*dots=*/true,
              std::pair(0.0, 360.0))
            .push(t, {heading});
        chart("attitude", model + " roll and pitch", "deg", {"roll", "pitch"})
            .push(t, {roll * kDeg, pitch * kDeg});
      } else if (schema == "leeway.Actuators" && msg.at("model") == body_model) {
        // The commands on a chart per unit (an azimuth's rad beside a thrust's N would flatten
        // one of them); the thrusts on their own.
        std::map<std::string, std::pair<std::vector<std::string>, std::vector<double>>> by_unit;
        std::vector<std::string> thrusters;
        std::vector<double> thrusts;
        for (const json& a : msg.at("actuators")) {
          const std::string name = a.at("name"), unit = a.at("unit");
          auto& [names, commands] = by_unit[unit];
          names.push_back(name);
          commands.push_back(a.at("command").is_number() ? a["command"].get<double>() : NAN);
          if (unit != "rad") {
            thrusters.push_back(name);
            thrusts.push_back(a.at("thrust").is_number() ? a["thrust"].get<double>() : NAN);
          }
        }
        for (const auto& [unit, named] : by_unit)
          chart("command " + unit, body_model + " commands", unit, named.first)
              .push(t, named.second);
        if (!thrusters.empty())
          chart("thrust", body_model + " thrust", "N", thrusters).push(t, thrusts);
      } else if (schema == "leeway.Environment" && msg.at("model") == body_model) {
        const json& wind = msg.at("wind");
        const json& current = msg.at("current");
        chart("wind", "wind and current at " + body_model, "m/s", {"wind", "current"})
            .push(t, {std::hypot(wind.at("x").get<double>(), wind.at("y").get<double>()),
                      std::hypot(current.at("x").get<double>(), current.at("y").get<double>())});
      } else if (schema == "leeway.Task") {
        const std::string name = msg.at("name");
        tasks[name].last = msg;
        chart("task " + name, name + " score (lower is better)", "-", {"score"})
            .push(t, {msg.contains("score") && msg["score"].is_number() ? msg["score"].get<double>()
                                                                        : NAN});
      } else if (schema == "foxglove.SceneUpdate" && channel.topic == "/scene") {
        for (const json& e : msg.at("entities")) {
          if (!e.at("id").get<std::string>().starts_with("task/")) continue;
          for (const json& a : e.at("arrows")) {
            const json& p = a.at("pose").at("position");
            goals.push_back({p.at("x"), p.at("y"), euler_of(a.at("pose").at("orientation")).z()});
          }
        }
      } else if (schema == "foxglove.Log" && msg.at("level").get<int>() >= 3) {
        log.push_back(fmt::format("t = {:.2f} s, {}: {}", t,
                                  msg.at("level").get<int>() >= 4 ? "ERROR" : "WARNING",
                                  msg.at("message").get<std::string>()));
      }
    } catch (const json::exception&) {
      // A message of another shape than Leeway's: left out of the report.
    }
  }

  // The page: the run, the tasks, the track, the charts, the log.
  const auto& meta = reader.metadata();
  const auto run = meta.find("leeway");
  const auto field = [&](const char* key) -> std::string {
    if (run == meta.end()) return "?";
    const auto it = run->second.find(key);
    return it == run->second.end() ? "?" : it->second;
  };
  std::string html = fmt::format(
      R"(<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Leeway report: {0}</title>)"
      R"(<style>{1}</style><style>)"
      R"(body{{margin:0;padding:16px 24px;background:#0d1b2a;color:#d9e2ec;font:14px/1.45 system-ui,sans-serif}})"
      R"(h1{{color:#ff8c2a;font-size:22px;margin:0 0 4px}} h2{{font-size:16px;margin:18px 0 6px;color:#bcccdc}})"
      R"(table{{border-collapse:collapse}} td,th{{padding:3px 10px;border-bottom:1px solid #243447;text-align:left}})"
      R"(.grid{{display:flex;flex-wrap:wrap;gap:10px}} .chart{{background:#102233;padding:4px}})"
      R"(.u-title{{font-size:13px!important;color:#bcccdc}} .log{{font-family:monospace;font-size:12px;color:#f0b429}})"
      R"(</style></head><body><h1>Leeway run report</h1>)"
      R"(<div>world <b>{0}</b> ({2}), seed {3}, step {4} s; {5:.1f} s recorded in {6} messages; <code>{7}</code></div>)",
      escape_html(field("world")), uplot_css, escape_html(field("source")),
      escape_html(field("seed")), escape_html(field("dt")), t_end, facts.messages,
      escape_html(recording.filename().string()));
  facts.recorded_s = t_end;
  facts.cut_short = reader.truncated();
  if (facts.cut_short) {
    html += fmt::format(
        "<p class=\"log\">The recording is cut short (its writer stopped before closing it): "
        "this is what it holds up to its last whole record, {:.1f} s.</p>",
        t_end);
  }
  html += "<h2>Tasks</h2>";
  if (tasks.empty()) {
    html += "<p>No task in this run.</p>";
  } else {
    html +=
        "<table><tr><th>task</th><th>kind</th><th>vehicle</th><th>phase</th><th>score</th>"
        "<th>collisions</th><th>least errors at the waypoints</th></tr>";
    for (const auto& [name, task] : tasks) {
      const json& j = task.last;
      std::string errors;
      for (const json& e : j.value("min_errors", json::array()))
        errors += fmt::format("{}{:.3f}", errors.empty() ? "" : ", ",
                              e.is_number() ? e.get<double>() : NAN);
      html += fmt::format(
          "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><b>{}</b></td><td>{}</td><td>{}</"
          "td></tr>",
          escape_html(name), escape_html(j.value("kind", "")), escape_html(j.value("vehicle", "")),
          escape_html(j.value("phase", "")),
          j.contains("score") && j["score"].is_number()
              ? fmt::format("{:.3f}", j["score"].get<double>())
              : "not scored",
          j.value("collisions", 0), errors);
    }
    html += "</table>";
  }
  html += "<h2>Track of " + escape_html(body_model) + "</h2>" + track_svg(track, goals);
  html += "<h2>Time series</h2><div class=\"grid\" id=\"charts\"></div>";
  html += "<h2>Warnings and errors</h2>";
  if (log.empty()) {
    html += "<p>None.</p>";
  } else {
    html += "<div class=\"log\">";
    for (const std::string& line : log)
      html += escape_html(line) + "<br>";
    html += "</div>";
  }
  json data = json::array();
  for (const std::string& key : chart_order) {
    const Chart& c = charts[key];
    json series = json::array({c.t});
    for (const auto& y : c.y)
      series.push_back(y);
    json entry = {{"title", c.title}, {"unit", c.unit}, {"labels", c.labels}, {"data", series}};
    if (c.dots) entry["dots"] = true;
    if (c.y_range) entry["range"] = {c.y_range->first, c.y_range->second};
    data.push_back(std::move(entry));
  }
  // "</" written "<\/" (the same string to JSON): no name in the data can close the script.
  std::string charts_json = data.dump();
  for (std::size_t at = 0; (at = charts_json.find("</", at)) != std::string::npos; at += 3)
    charts_json.replace(at, 2, "<\\/");
  html += "<script>" + uplot_js + "</script><script>const CHARTS=" + charts_json + ";</script>";
  html += "<script>" + charts_js + "</script></body></html>";
  html += "\n";

  std::ofstream file(out, std::ios::binary);
  if (!file || !file.write(html.data(), static_cast<std::streamsize>(html.size())) || !file.flush())
    throw std::runtime_error(fmt::format("cannot write the report '{}'", out.string()));
  facts.track_points = track.size();
  facts.charts = chart_order.size();
  return facts;
}

}  // namespace leeway
