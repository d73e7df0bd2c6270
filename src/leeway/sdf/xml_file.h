// A world or model file read as the XML libsdformat will read it, with the same parser
// (tinyxml2), before libsdformat does: what it would report only as "Unable to read file" (an
// empty file, a binary one, one cut short, nesting past tinyxml2's 100 levels, a tag or an
// attribute that does not parse) is said here with the file, the line and what is wrong.
#pragma once

#include <tinyxml2.h>

#include <filesystem>
#include <string>

namespace leeway::sdfio {

/// Loads `file` into `doc`. Throws LoadError (file, line, element where known) naming what
/// is wrong if it cannot: unreadable, empty or only white space, binary (a NUL byte: its
/// offset and line), ending before its elements close (truncated: the last line), nested
/// past TINYXML2_MAX_ELEMENT_DEPTH, or malformed (tinyxml2's reason, at its line).
void load_xml_file(const std::filesystem::path& file, tinyxml2::XMLDocument& doc);

/// The same for SDF text, `name` standing for its file in the errors.
void parse_xml(const std::string& text, const std::string& name, tinyxml2::XMLDocument& doc);

}  // namespace leeway::sdfio
