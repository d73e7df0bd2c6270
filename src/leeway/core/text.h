// The text helpers the readers share: ASCII case folding and trimming whitespace at the ends.
// Byte-safe: a byte above 127 (part of a UTF-8 name) is left as it is, where std::tolower on a
// negative char is undefined.
#pragma once

#include <string>
#include <string_view>

namespace leeway {

/// `text` with A-Z as a-z, every other byte as it is.
inline std::string ascii_lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

/// `text` without the bytes of `whitespace` at either end (a view into `text`).
inline std::string_view trim_whitespace(std::string_view text,
                                        std::string_view whitespace = " \t\r\n") {
  const std::size_t first = text.find_first_not_of(whitespace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(whitespace) - first + 1);
}

}  // namespace leeway
