// A world's files read before libsdformat reads them, for what it would not survive or would
// not say: each is read as xml_file.h reads it (a file that is not XML is refused with its line
// and reason), its <sdf version> checked, its sibling models' names checked, its <include>s
// followed for cycles, and its models counted (read_budget.h).
//
// Includes: every <include><uri> of the file, and of each file it names, is resolved as the
// world's are (resource_paths.h; a relative URI against the including file's folder first): a
// model folder stands for its model.config's newest <sdf> file, or model.sdf. A file that names
// one already on the way to it is a cycle (libsdformat 12 follows one without end, its memory
// growing at some 550 MB/s until the process is killed), refused with the whole chain; a chain
// deeper than kMaxIncludeDepth is refused too. What does not resolve is left for libsdformat
// to report.
//
// Versions: libsdformat 12 reads SDF 1.0 to 1.9 and converts older ones up. A newer 1.10 to 1.12
// is read as 1.9 with a warning (what those versions added is not read); any other version is
// refused, where libsdformat would print a line and go on.
//
// Names: two models of one name in the same world or model (an <include>'s <name> counted) are
// refused at the second, with the line of the first (libsdformat says neither line).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "leeway/core/error.h"
#include "leeway/sdf/resource_paths.h"

namespace leeway::sdfio {

inline constexpr int kMaxIncludeDepth = 64;

/// Checks the world file and every file it includes, as above: a LoadError at the first
/// problem (for a cycle: the <include> that closes it, naming each file of the chain with the
/// line of its <include>). Returns the <model> elements libsdformat will read for the world,
/// each include counted every time it is met (what its memory grows with).
std::size_t check_world_files(const std::filesystem::path& world_file, const ResourcePaths& paths,
                              Diagnostics& diagnostics);

/// The same checks of SDF text, `name` standing for its file and `folder` for the file's folder
/// (what a relative <include><uri> is resolved against first).
std::size_t check_world_text(const std::string& text, const std::string& name,
                             const std::filesystem::path& folder, const ResourcePaths& paths,
                             Diagnostics& diagnostics);

}  // namespace leeway::sdfio
