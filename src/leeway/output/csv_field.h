// A CSV field as RFC 4180 writes it: as it is, unless it holds a comma, a double quote, a
// carriage return or a line feed; then in double quotes, each double quote doubled. A model
// named `ot,ter` is one field, and Python's csv module, pandas and spreadsheets read it back.
#pragma once

#include <string>
#include <string_view>

namespace leeway {

inline std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

}  // namespace leeway
