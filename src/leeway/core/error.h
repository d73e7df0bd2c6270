// Errors and warnings that point at their source.
//
// Every load-time problem names the file, the line, the element and the offending value, and says
// what was expected, so that a user can fix the world without reading Leeway's code. Warnings are
// collected in a Diagnostics object passed down the loaders (no global logger).
#pragma once

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace leeway {

/// Where something was written: file, 1-based line (0 when unknown) and an element path such as
/// `model[boat]/plugin[gz-sim-hydrodynamics-system]/xU`.
struct SourceLocation {
  std::string file;
  int line = 0;
  std::string element;

  /// "file:line: element" with the parts that are known.
  std::string str() const;
};

/// A world or model that cannot be loaded. what() is the whole message, location first.
class LoadError : public std::runtime_error {
 public:
  LoadError(const SourceLocation& where, const std::string& problem);
  const SourceLocation& where() const { return where_; }
  const std::string& problem() const { return problem_; }

 private:
  SourceLocation where_;
  std::string problem_;
};

struct Diagnostic {
  SourceLocation where;
  std::string message;
  std::string str() const;
};

/// Warnings gathered while loading; printed by the application, inspected by tests.
class Diagnostics {
 public:
  void warn(const SourceLocation& where, std::string message);
  /// warn(), the first time only for a given `key` (an unknown plugin's filename: one warning
  /// however many models carry it).
  void warn_once(const std::string& key, const SourceLocation& where, std::string message);
  const std::vector<Diagnostic>& warnings() const { return warnings_; }
  /// Names `file` as the source of the warnings that have none (text loaded from memory).
  void name_unnamed_sources(const std::string& file);

 private:
  std::vector<Diagnostic> warnings_;
  std::set<std::string> once_keys_;
};

}  // namespace leeway
