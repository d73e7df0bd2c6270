// Reading a kernel's parameters through their description (core/parameter.h): the child element
// a parameter names, checked against its range, or the dialect's default when it is absent.
// Every dialect that states a kernel reads it so, and its errors read alike:
//   foil.sdf:12: got -0.3, expected the stall angle [rad] > 0
//   foil.sdf:9: missing <cla>, expected the lift slope below the stall [1/rad]
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <sdf/Element.hh>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "leeway/core/parameter.h"
#include "leeway/sdf/element_reading.h"

namespace leeway::sdfio {

/// How a dialect states a kernel's parameters: with Leeway's defaults (the description's) or
/// none (every parameter required, as UUV Simulator's plugins ask), with its own defaults by
/// Leeway's name, which replace them (gz-sim's LiftDrag's), with its own element names by
/// Leeway's name (UUV Simulator's <timeConstant> for <time_constant>), and with the opposite
/// sign for some (VRX's <maxForceRev> -100 for Leeway's <max_reverse> 100): the range is
/// mirrored, and the dialect's defaults are in its own sign.
struct Dialect {
  bool leeway_defaults = true;
  std::vector<std::pair<std::string_view, double>> defaults = {};
  std::vector<std::pair<std::string_view, std::string_view>> names = {};
  std::vector<std::string_view> opposite_sign = {};
  /// How the dialect signs its coefficients, for a message refusing one ("SNAME's sign: a
  /// derivative that opposes the motion is negative"); empty: Leeway's.
  std::string_view sign_convention = {};

  /// The default of `p` as this dialect states it (in its sign).
  std::optional<double> fallback_for(const ParameterInfo& p) const;
  /// The element that holds `p` in this dialect.
  std::string_view name_for(const ParameterInfo& p) const;
  bool negates(const ParameterInfo& p) const { return negates(p.name); }
  /// Whether this dialect states the parameter Leeway names `name` with the opposite sign.
  bool negates(std::string_view name) const;
};

/// The number of the child `name` of `parent` (the dialect's name for `p`), in `p.range`;
/// `fallback` when there is no such child; else a LoadError.
double read_parameter(const sdf::ElementPtr& parent, const ParameterInfo& p,
                      std::optional<double> fallback, std::string_view name);

/// The value of `p` as `dialect` states it under `parent` (its name, default, sign), in
/// Leeway's sign; Leeway's syntax by default.
double read_parameter(const sdf::ElementPtr& parent, const ParameterInfo& p,
                      const Dialect& dialect = {});

/// A kernel's parameter struct filled from `parent`'s children, over `out`'s values for what
/// the table does not describe.
template <class Params, std::size_t N>
Params read_parameters(const sdf::ElementPtr& parent,
                       const std::array<NumberParameter<Params>, N>& table,
                       const Dialect& dialect = {}, Params out = {}) {
  for (const NumberParameter<Params>& p : table)
    out.*p.member = read_parameter(parent, p.info, dialect);
  return out;
}

/// The table's element names in `dialect`, for reject_unknown_children, with `others` the
/// dialect's own.
template <class Params, std::size_t N>
std::set<std::string> parameter_names(const std::array<NumberParameter<Params>, N>& table,
                                      std::set<std::string> others = {},
                                      const Dialect& dialect = {}) {
  for (const NumberParameter<Params>& p : table)
    others.emplace(dialect.name_for(p.info));
  return others;
}

/// "<a0>, <cla> and <cda>": the table's elements in `dialect`, for a message.
template <class Params, std::size_t N>
std::string parameter_list(const std::array<NumberParameter<Params>, N>& table,
                           const Dialect& dialect = {}) {
  std::string list;
  for (std::size_t i = 0; i < N; ++i) {
    list += (i == 0       ? "<"
             : i + 1 == N ? " and <"
                          : ", <") +
            std::string(dialect.name_for(table[i].info)) + ">";
  }
  return list;
}

/// An element that holds the table's parameters and nothing else (Leeway's <two_lines>).
template <class Params, std::size_t N>
Params read_parameter_element(const sdf::ElementPtr& element,
                              const std::array<NumberParameter<Params>, N>& table) {
  reject_unknown_children(element, parameter_names(table), parameter_list(table));
  return read_parameters(element, table);
}

}  // namespace leeway::sdfio
