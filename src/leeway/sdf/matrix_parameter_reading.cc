#include "leeway/sdf/matrix_parameter_reading.h"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

namespace {

void check_diagonal_entry(const SourceLocation& where, std::string_view element,
                          const MatrixParameterInfo& p, int i, double value, const Dialect& dialect,
                          std::string_view context) {
  if (p.diagonal.holds(value)) return;
  const bool negated = dialect.negates(p.name);
  // 0 - v, as Dialect does: a stated 0 stays +0.
  const double stated = negated ? 0.0 - value : value;
  const ParameterRange range = negated ? p.diagonal.mirrored() : p.diagonal;
  const std::string convention =
      dialect.sign_convention.empty() ? "" : fmt::format(" ({})", dialect.sign_convention);
  throw LoadError(
      where, fmt::format("got {} in <{}>, the {} entry of {}, {}{} [{}]; expected {}{}: {}", stated,
                         element, kDofNames[static_cast<std::size_t>(i)], p.symbol, p.meaning,
                         context, p.unit(i, i), range_text(range), convention, p.diagonal_reason));
}

}  // namespace

void check_diagonal(const sdf::ElementPtr& element, const MatrixParameterInfo& p,
                    const Vec6& diagonal, const Dialect& dialect, std::string_view context) {
  for (int i = 0; i < 6; ++i) {
    check_diagonal_entry(location_of(element), element->GetName(), p, i, diagonal[i], dialect,
                         context);
  }
}

Mat6 read_matrix_parameter(const sdf::ElementPtr& element, const MatrixParameterInfo& p,
                           const Dialect& dialect) {
  Mat6 M = read_square_matrix<6>(element, p.diagonal_shorthand);
  if (dialect.negates(p.name)) M = Mat6::Zero() - M;  // 0 - M: a stated 0 stays +0
  check_diagonal(element, p, M.diagonal(), dialect);
  return M;
}

double read_matrix_entry(const sdf::ElementPtr& element, const MatrixParameterInfo& p, int i, int j,
                         const Dialect& dialect) {
  const std::string what = fmt::format("one number, entry ({}, {}) of {}, {} [{}]", i + 1, j + 1,
                                       p.symbol, p.meaning, p.unit(i, j));
  const double stated = read_number(element, what);
  const double value = dialect.negates(p.name) ? 0.0 - stated : stated;
  if (i == j) {
    check_diagonal_entry(location_of(element), element->GetName(), p, i, value, dialect, "");
  }
  return value;
}

Vec6 read_six_parameters(const sdf::ElementPtr& element, const ParameterInfo& p) {
  const std::string what = fmt::format("6 numbers, {} [{}]", p.meaning, p.unit);
  const std::vector<double> v = read_numbers(element, 6, what);
  Vec6 out;
  for (int i = 0; i < 6; ++i) {
    out[i] = v[static_cast<std::size_t>(i)];
    if (!p.range.holds(out[i])) {
      throw LoadError(location_of(element),
                      fmt::format("got {} for {} (place {}), expected {} [{}] {}", out[i],
                                  kDofNames[static_cast<std::size_t>(i)], i + 1, p.meaning, p.unit,
                                  range_text(p.range)));
    }
  }
  return out;
}

}  // namespace leeway::sdfio
