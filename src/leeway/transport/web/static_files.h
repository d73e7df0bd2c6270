// Which file under a folder a request's target names, and its media type: the part of an HTTP
// server that decides what a client may read (nothing outside the folder, nothing hidden).
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace leeway::web {

/// The regular file under `root` that the request target names (its path, percent-decoded;
/// a query or fragment ignored; a folder means its index.html), or nullopt if it names none a
/// client may read: a target that is not an absolute path, a segment '..' or starting with '.',
/// a NUL or a malformed %-escape, or a file that is not there. `root` must exist.
std::optional<std::filesystem::path> served_file(const std::filesystem::path& root,
                                                 std::string_view target);

/// The media type a browser needs for the file (by extension; JavaScript modules and
/// WebAssembly are only run when named so), application/octet-stream for the unknown.
std::string_view media_type(const std::filesystem::path& file);

}  // namespace leeway::web
