#include "leeway/formats/field_csv.h"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "leeway/core/error.h"
#include "leeway/core/text.h"

namespace leeway {
namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, ',')) {
    const auto a = cell.find_first_not_of(" \t\r\"");
    const auto b = cell.find_last_not_of(" \t\r\"");
    out.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
  }
  return out;
}

std::vector<double> distinct_sorted(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::size_t position(const std::vector<double>& axis, double v) {
  return static_cast<std::size_t>(std::lower_bound(axis.begin(), axis.end(), v) - axis.begin());
}

}  // namespace

RegularGrid read_csv_field(const std::string& path, const CsvFieldColumns& names) {
  std::ifstream in(path);
  if (!in) throw LoadError({path, 0, ""}, "cannot read the field file");
  std::string line;
  if (!std::getline(in, line)) throw LoadError({path, 1, ""}, "empty file, expected a header");
  const std::vector<std::string> header = split(line);
  std::map<std::string, std::size_t> column;
  for (std::size_t i = 0; i < header.size(); ++i)
    column[ascii_lowercase(header[i])] = i;
  for (const std::string* required : {&names.x, &names.y, &names.u, &names.v, &names.w}) {
    if (required == &names.w && !names.require_w) continue;
    if (!column.contains(ascii_lowercase(*required))) {
      throw LoadError({path, 1, ""},
                      fmt::format("no column '{}' in the header '{}'; expected {}, {}, {}, {} and "
                                  "optionally {}, {}, {}",
                                  *required, line, names.x, names.y, names.u, names.v, names.z,
                                  names.t, names.w));
    }
  }
  struct Row {
    double x, y, z, t;
    Vec3 value;
    int line;
  };
  std::vector<Row> rows;
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::vector<std::string> cells = split(line);
    auto get = [&](const std::string& name) {
      const auto it = column.find(ascii_lowercase(name));
      if (it == column.end()) return 0.0;
      if (it->second >= cells.size()) {
        throw LoadError({path, number, ""}, fmt::format("{} values, expected {} (the header's "
                                                        "columns)",
                                                        cells.size(), header.size()));
      }
      const std::string& text = cells[it->second];
      double v = 0.0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) {
        throw LoadError(
            {path, number, ""},
            fmt::format("column '{}' holds '{}', expected a finite number", name, text));
      }
      return v;
    };
    rows.push_back({get(names.x), get(names.y), get(names.z), get(names.t),
                    Vec3(get(names.u), get(names.v), get(names.w)), number});
  }
  if (rows.empty()) throw LoadError({path, 2, ""}, "no data rows");

  RegularGrid f;
  auto axis = [&](double Row::*member) {
    std::vector<double> v;
    for (const Row& r : rows)
      v.push_back(r.*member);
    return distinct_sorted(v);
  };
  f.x = axis(&Row::x);
  f.y = axis(&Row::y);
  f.z = axis(&Row::z);
  f.t = axis(&Row::t);
  const std::size_t nodes = f.x.size() * f.y.size() * f.z.size() * f.t.size();
  if (rows.size() != nodes) {
    throw LoadError(
        {path, 0, ""},
        fmt::format("{} rows do not fill a regular grid of {} x {} x {} x {} = {} "
                    "nodes (x, y, z, t); expected one row per node",
                    rows.size(), f.x.size(), f.y.size(), f.z.size(), f.t.size(), nodes));
  }
  f.values.assign(nodes, Vec3::Constant(NAN));
  for (const Row& r : rows) {
    const std::size_t i =
        f.index(position(f.x, r.x), position(f.y, r.y), position(f.z, r.z), position(f.t, r.t));
    if (!std::isnan(f.values[i].x())) {
      throw LoadError({path, r.line, ""},
                      fmt::format("node ({}, {}, {}, {}) appears twice; expected one row per node",
                                  r.x, r.y, r.z, r.t));
    }
    f.values[i] = r.value;
  }
  return f;
}

}  // namespace leeway
