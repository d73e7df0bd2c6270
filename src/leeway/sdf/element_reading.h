// Strict reading of SDF element values, with errors that name file, line, element and value.
//
// sdformat keeps a plugin's children as untyped text, so Leeway parses them itself: numbers must be
// finite, vectors must have the stated count, booleans are true/false/1/0, and an element that a
// plugin does not know is an error rather than a silently ignored typo.
#pragma once

#include <functional>
#include <initializer_list>
#include <sdf/Element.hh>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "leeway/core/error.h"
#include "leeway/core/spatial.h"

namespace leeway::sdfio {

/// Where `element` was written.
SourceLocation location_of(const sdf::ElementPtr& element);

/// The element's text, trimmed.
std::string text_of(const sdf::ElementPtr& element);

/// The attribute `name` of `e` as written; "" when it has none.
std::string attribute_of(const sdf::ElementPtr& e, const char* name);

/// Exactly `count` finite numbers separated by white space (count 0: any number, at least one).
std::vector<double> read_numbers(const sdf::ElementPtr& element, std::size_t count,
                                 const std::string& expected);
double read_number(const sdf::ElementPtr& element, const std::string& expected);
Vec3 read_vec3(const sdf::ElementPtr& element, const std::string& expected);
bool read_bool(const sdf::ElementPtr& element);

/// "x y z roll pitch yaw" [m, rad] (SDF's fixed-axis roll, pitch, yaw) as X_parent_frame; the
/// identity when `element` is null.
Eigen::Isometry3d read_pose(const sdf::ElementPtr& element);

/// A whole number >= lo; else "got v, expected <what>: a whole number >= lo".
int read_count_at_least(const sdf::ElementPtr& element, int lo, const std::string& what);

/// A whole number in [lo, hi]; else "got v, expected a whole number of <what> in [lo, hi]".
int read_count_in(const sdf::ElementPtr& element, int lo, int hi, const std::string& what);

/// The child element called `name`, or nullptr when there is none.
sdf::ElementPtr optional_child(const sdf::ElementPtr& parent, const std::string& name);

/// The child element called `name`; a LoadError "missing <name>, expected <what>" if absent.
sdf::ElementPtr required_child(const sdf::ElementPtr& parent, const char* name, const char* what);

/// The file an element names, found as gz-sim finds it: absolute paths (with or without
/// `file://`) as they are; a relative `file://PATH` beside the SDF file, then in the model
/// folders, then in the SDF file's own model folder if PATH starts with its name (as Fuel models
/// write `file://antenna/meshes/antenna.dae`); `model://NAME/PATH` and Fuel URLs
/// (`.../files/PATH`) where <include>s are found (resource_paths.h); any other path relative to
/// the folder of the SDF file it was written in.
/// A LoadError at the element, saying where it looked, if there is no such file (or folder,
/// when `or_folder`).
std::string resolve_file(const sdf::ElementPtr& file, bool or_folder = false);

/// One finite number >= lo (> lo when `strictly`); else "got v, expected <what> >= lo".
double read_number_at_least(const sdf::ElementPtr& element, double lo, bool strictly,
                            const std::string& what);

/// A fluid's density [kg/m^3], finite and > 0 (gz-sim's buoyancy, Leeway's environment).
double read_density(const sdf::ElementPtr& element);

/// The required child `name` as one finite number > 0 (read_number_at_least; `what` says what
/// is expected, for both the missing child and a bad number).
double required_positive(const sdf::ElementPtr& parent, const char* name, const char* what);

/// The child `name` read as by read_number_at_least(), or `fallback` when there is none.
double number_or(const sdf::ElementPtr& parent, const char* name, double fallback, double lo,
                 bool strictly, const char* what);

/// The child `name` read as a boolean (read_bool), or `fallback` when there is none.
bool flag_or(const sdf::ElementPtr& parent, const char* name, bool fallback);

/// The child `name` read as by read_number() (any finite number), or `fallback` when there is
/// none.
double any_number_or(const sdf::ElementPtr& parent, const char* name, double fallback,
                     const char* what);

[[noreturn]] void throw_unknown_keyword(const sdf::ElementPtr& element, const std::string& got,
                                        const std::vector<std::string>& choices);

/// The element's text as one of `choices` (keyword, value); else "got 'x', expected a, b or c".
template <typename T>
T read_keyword(const sdf::ElementPtr& element,
               std::initializer_list<std::pair<const char*, T>> choices) {
  const std::string got = text_of(element);
  std::vector<std::string> names;
  for (const auto& [name, value] : choices) {
    if (got == name) return value;
    names.emplace_back(name);
  }
  throw_unknown_keyword(element, got, names);
}

/// One finite number in [lo, hi]; else "got v, expected <what> in [lo, hi]".
double read_number_in(const sdf::ElementPtr& element, double lo, double hi,
                      const std::string& what);

/// Throws LoadError for the first child of `parent` whose name `known` rejects.
void reject_unknown_children(const sdf::ElementPtr& parent,
                             const std::function<bool(const std::string&)>& known,
                             const std::string& what_is_accepted);

/// The same, for a fixed set of accepted names.
void reject_unknown_children(const sdf::ElementPtr& parent, const std::set<std::string>& known,
                             const std::string& what_is_accepted);

/// An N x N matrix (N = 3 or 6) from N^2 numbers (row-major) or, where `diagonal_ok`, from N (the
/// diagonal).
template <int N>
Eigen::Matrix<double, N, N> read_square_matrix(const sdf::ElementPtr& element, bool diagonal_ok);

/// At least two finite numbers, strictly increasing; else a LoadError naming the place that is
/// not above the one before it.
std::vector<double> read_increasing_numbers(const sdf::ElementPtr& element, const char* what);

/// A LoadError at `where` unless the unit directions `a` and `b` (read from <a_name> and <b_name>)
/// are perpendicular (to 1e-6).
void require_perpendicular(const sdf::ElementPtr& where, const Vec3& a, const char* a_name,
                           const Vec3& b, const char* b_name);

/// True when the element's <frame> child says frd (Fossen's axes), false for flu or none.
bool read_frame_is_frd(const sdf::ElementPtr& parent);

/// Calls f(child) for every direct child element of `parent`, in document order.
void for_each_child(const sdf::ElementPtr& parent,
                    const std::function<void(const sdf::ElementPtr&)>& f);

}  // namespace leeway::sdfio
