#include "leeway/core/error.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
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

std::string Diagnostic::kind() const {
  std::string kind;
  for (std::size_t k = 0; k < message.size(); ++k) {
    const char c = message[k];
    if (c == '\'') {
      const std::size_t close = message.find('\'', k + 1);
      if (close == std::string::npos) return kind + message.substr(k);
      kind += "'*'";
      k = close;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (k + 1 < message.size() &&
             (std::isdigit(static_cast<unsigned char>(message[k + 1])) || message[k + 1] == '.'))
        ++k;
      kind += '#';
    } else {
      kind += c;
    }
  }
  return kind;
}

std::vector<std::string> warning_lines(const std::vector<Diagnostic>& warnings,
                                       Verbosity verbosity) {
  std::vector<std::string> lines;
  if (verbosity == Verbosity::kQuiet) return lines;
  if (verbosity == Verbosity::kVerbose) {
    for (const Diagnostic& d : warnings)
      lines.push_back(d.str());
    return lines;
  }
  std::map<std::string, std::size_t> index;  // kind -> its place in the order they came
  std::vector<const Diagnostic*> first;      // of each kind, in that order
  std::vector<std::size_t> count;            // of each kind
  for (const Diagnostic& d : warnings) {
    const auto [it, added] = index.emplace(d.kind(), first.size());
    if (added) first.push_back(&d), count.push_back(0);
    ++count[it->second];
  }
  // The place on the first line, what is wrong on the next: a long element path and a long
  // message each fit a terminal's width more often apart than together.
  for (std::size_t k = 0; k < first.size(); ++k) {
    const std::size_t more = count[k] - 1;
    lines.push_back(fmt::format("{}\n{:{}}{}{}", first[k]->where.str(), "", kWarningIndent,
                                first[k]->message,
                                more == 0 ? std::string()
                                          : fmt::format(" (and {} more like it; --verbose lists "
                                                        "each)",
                                                        more)));
  }
  return lines;
}

void Diagnostics::warn(const SourceLocation& where, std::string message) {
  warnings_.push_back({where, std::move(message)});
}

void Diagnostics::note(const SourceLocation& where, std::string message) {
  notes_.push_back({where, std::move(message)});
}

void Diagnostics::warn_once(const std::string& key, const SourceLocation& where,
                            std::string message) {
  if (once_keys_.insert(key).second) warn(where, std::move(message));
}

void Diagnostics::name_unnamed_sources(const std::string& file) {
  for (std::vector<Diagnostic>* list : {&warnings_, &notes_}) {
    for (Diagnostic& d : *list)
      if (d.where.file.empty()) d.where.file = file;
  }
}

}  // namespace leeway
