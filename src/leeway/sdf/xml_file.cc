#include "leeway/sdf/xml_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "leeway/core/error.h"

namespace leeway::sdfio {
namespace {

int line_at(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

/// tinyxml2's "... XMLElement name=NAME" names the element an error is in.
std::string element_in(const tinyxml2::XMLDocument& doc) {
  const std::string_view text = doc.ErrorStr();
  const std::size_t at = text.find("name=");
  return at == std::string_view::npos ? std::string() : std::string(text.substr(at + 5));
}

struct OpenElement {
  std::string name;
  int line = 0;
};

/// The elements still open where the text ends (outermost first), by a scan of its tags that
/// skips comments, CDATA, declarations and processing instructions; an element whose tag
/// itself is cut short counts as open. Only asked of text tinyxml2 refused, to tell "cut
/// short" from the rest.
std::vector<OpenElement> open_at_end(const std::string& text) {
  std::vector<OpenElement> open;
  int line = 1;
  std::size_t at = 0;
  const auto skip_to = [&](std::string_view end) {
    const std::size_t found = text.find(end, at);
    const std::size_t stop = found == std::string::npos ? text.size() : found + end.size();
    line += static_cast<int>(std::count(text.begin() + at, text.begin() + stop, '\n'));
    at = stop;
    return found != std::string::npos;
  };
  while (at < text.size()) {
    if (text[at] != '<') {
      if (text[at++] == '\n') ++line;
      continue;
    }
    const int tag_line = line;
    if (text.compare(at, 4, "<!--") == 0) {
      skip_to("-->");
    } else if (text.compare(at, 9, "<![CDATA[") == 0) {
      skip_to("]]>");
    } else if (text.compare(at, 2, "<?") == 0 || text.compare(at, 2, "<!") == 0) {
      skip_to(">");
    } else if (text.compare(at, 2, "</") == 0) {
      // Closes the innermost element of its name, and any left open inside it.
      const std::size_t name_end = text.find_first_of(" \t\r\n>", at + 2);
      const std::string name = text.substr(at + 2, name_end - at - 2);
      if (!skip_to(">")) break;
      const auto match = std::find_if(open.rbegin(), open.rend(),
                                      [&](const OpenElement& e) { return e.name == name; });
      if (match != open.rend()) open.erase(std::prev(match.base()), open.end());
    } else {
      const std::size_t start = at + 1;
      const std::size_t name_end = text.find_first_of(" \t\r\n/>", start);
      const std::string name = text.substr(start, name_end - start);
      if (name.empty()) {  // a '<' that starts no tag: text tinyxml2 refused anyway
        ++at;
        continue;
      }
      const bool closed = skip_to(">");
      if (!closed || text[at - 2] != '/') open.push_back({name, tag_line});
    }
  }
  return open;
}

std::string reason(tinyxml2::XMLError error, const std::string& element) {
  const std::string tag = element.empty() ? "an element" : fmt::format("<{}>", element);
  switch (error) {
    case tinyxml2::XML_ERROR_MISMATCHED_ELEMENT:
      return fmt::format("a closing tag that does not close {}, the element open there", tag);
    case tinyxml2::XML_ERROR_PARSING_ATTRIBUTE:
      return fmt::format("an attribute of {} that is not name=\"value\"", tag);
    case tinyxml2::XML_ERROR_PARSING_ELEMENT:
      return fmt::format("a tag in {} that does not parse", tag);
    case tinyxml2::XML_ERROR_PARSING_COMMENT:
      return "a comment that does not end ('-->')";
    case tinyxml2::XML_ERROR_PARSING_CDATA:
      return "a CDATA section that does not end (']]>')";
    case tinyxml2::XML_ERROR_PARSING_DECLARATION:
      return "a declaration ('<?...?>') that does not parse";
    default:
      return "text that is not XML";
  }
}

}  // namespace

void load_xml_file(const std::filesystem::path& file, tinyxml2::XMLDocument& doc) {
  const std::string name = file.string();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw LoadError({name, 0, ""}, "cannot open the file; expected a readable SDF file");
  const std::string text(std::istreambuf_iterator<char>(in), {});
  if (in.bad()) throw LoadError({name, 0, ""}, "cannot read the file to its end");
  parse_xml(text, name, doc);
}

void parse_xml(const std::string& text, const std::string& name, tinyxml2::XMLDocument& doc) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw LoadError({name, 0, ""},
                    fmt::format("nothing to read: {} bytes{}; expected an <sdf version=\"1.9\"> "
                                "document",
                                text.size(), text.empty() ? "" : " of white space"));
  }
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
    throw LoadError({name, line_at(text, nul), ""},
                    fmt::format("a NUL byte at byte {}: a binary file, not SDF's XML text", nul));
  }
  const tinyxml2::XMLError error = doc.Parse(text.data(), text.size());
  if (error == tinyxml2::XML_SUCCESS) return;
  const int line = doc.ErrorLineNum();
  const std::string element = element_in(doc);
  const int last_line = line_at(text, text.find_last_not_of(" \t\r\n"));  // of text
  if (error == tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED) {
    throw LoadError({name, line, element},
                    fmt::format("elements nested more than {} deep; expected SDF's nesting of "
                                "a world, its models and their links, some ten levels",
                                TINYXML2_MAX_ELEMENT_DEPTH));
  }
  if (const std::vector<OpenElement> open =
          error == tinyxml2::XML_ERROR_PARSING ? open_at_end(text) : std::vector<OpenElement>();
      !open.empty()) {
    throw LoadError({name, last_line, open.back().name},
                    fmt::format("the text ends at line {} with {} element{} still open (the "
                                "innermost <{}>, opened at line {}): cut short? expected every "
                                "element closed, through </{}>",
                                last_line, open.size(), open.size() == 1 ? "" : "s",
                                open.back().name, open.back().line, open.front().name));
  }
  throw LoadError({name, line, element},
                  fmt::format("{} (tinyxml2: {}); expected well-formed XML", reason(error, element),
                              tinyxml2::XMLDocument::ErrorIDToName(error)));
}

}  // namespace leeway::sdfio
