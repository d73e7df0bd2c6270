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
  /// What the warning says with the names it quotes ('...') and the numbers it gives left out:
  /// warnings of one kind (a joint treated as fixed, a texture not drawn) share it.
  std::string kind() const;
};

/// How much of a load's warnings a command prints: kQuiet none (errors only); kNormal each kind
/// once; kVerbose every one.
enum class Verbosity { kQuiet, kNormal, kVerbose };

/// `warnings` as the lines to print at `verbosity` (without "warning: "): kVerbose each one on a
/// line (Diagnostic::str); kNormal the first of each kind (Diagnostic::kind), in the order the
/// kinds came, as its place, a line break, kWarningIndent spaces (under the text after
/// "warning: ") and its message followed by how many more there are of it ("(and 4 more like
/// it; --verbose lists each)"); kQuiet none.
inline constexpr int kWarningIndent = 9;
std::vector<std::string> warning_lines(const std::vector<Diagnostic>& warnings,
                                       Verbosity verbosity);

/// Warnings gathered while loading; printed by the application, inspected by tests.
class Diagnostics {
 public:
  void warn(const SourceLocation& where, std::string message);
  /// warn(), the first time only for a given `key` (an unknown plugin's filename: one warning
  /// however many models carry it).
  void warn_once(const std::string& key, const SourceLocation& where, std::string message);
  const std::vector<Diagnostic>& warnings() const { return warnings_; }
  /// What is worth knowing but asks nothing of the user (a body integrated in substeps, which
  /// costs time and changes nothing else): printed with --verbose only.
  void note(const SourceLocation& where, std::string message);
  const std::vector<Diagnostic>& notes() const { return notes_; }
  /// Names `file` as the source of the warnings that have none (text loaded from memory).
  void name_unnamed_sources(const std::string& file);

 private:
  std::vector<Diagnostic> warnings_, notes_;
  std::set<std::string> once_keys_;
};

}  // namespace leeway
