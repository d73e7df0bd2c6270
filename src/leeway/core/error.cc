#include "leeway/core/error.h"

#include <fmt/format.h>
#include <utility>

namespace leeway {

std::string SourceLocation::str() const {
  return fmt::format("{}{}{}", file.empty() ? "<input>" : file,
                     line > 0 ? fmt::format(":{}", line) : "",
                     element.empty() ? "" : fmt::format(": <{}>", element));
}

LoadError::LoadError(const SourceLocation& where, const std::string& problem)
    : std::runtime_error(fmt::format("{}: {}", where.str(), problem)),
      where_(where),
      problem_(problem) {}

std::string Diagnostic::str() const {
  return fmt::format("{}: {}", where.str(), message);
}

void Diagnostics::warn(const SourceLocation& where, std::string message) {
  warnings_.push_back({where, std::move(message)});
}

void Diagnostics::warn_once(const std::string& key, const SourceLocation& where,
                            std::string message) {
  if (once_keys_.insert(key).second) warn(where, std::move(message));
}

void Diagnostics::name_unnamed_sources(const std::string& file) {
  for (Diagnostic& d : warnings_) {
    if (d.where.file.empty()) d.where.file = file;
  }
}

}  // namespace leeway
