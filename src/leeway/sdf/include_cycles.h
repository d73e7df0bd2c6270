// A world's <include>s followed before libsdformat reads them, for what it would not survive: a
// model that includes itself, or two that include each other, which libsdformat 12 follows
// without end (memory grows at some 550 MB/s until the process is killed).
//
// Every <include><uri> of the file, and of each file it names, is resolved as the world's are
// (resource_paths.h; a relative URI against the including file's folder first): a model folder
// stands for its model.config's newest <sdf> file, or model.sdf. A file that names one already
// on the way to it is a cycle, refused with the whole chain; a chain deeper than kMaxIncludeDepth
// is refused too. What does not resolve or parse is left for libsdformat to report as it does.
#pragma once

#include <filesystem>

#include "leeway/sdf/resource_paths.h"

namespace leeway::sdfio {

inline constexpr int kMaxIncludeDepth = 64;

/// Throws LoadError at the <include> that closes a cycle (or nests too deep), naming each file
/// of the chain with the line of its <include>.
void check_include_cycles(const std::filesystem::path& world_file, const ResourcePaths& paths);

}  // namespace leeway::sdfio
