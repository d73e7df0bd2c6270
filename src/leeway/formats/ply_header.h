// A PLY file's header checked against the file's own size before a reader allocates what the
// header claims: a 200-byte file declaring 1e9 vertices made assimp reserve 11.8 GB.
//
// Each element of the header needs at least its count times the least bytes one entry takes:
// in binary the sizes of its scalar properties and of each list's count (a list may be empty);
// in ASCII two characters per property ("0 "). A body shorter than that is a file cut short or
// a header that lies, and is refused before anything is read.
#pragma once

#include <string>

namespace leeway {

/// Empty when `path` is not a PLY file (it does not start with "ply") or its header fits its
/// size; otherwise what is wrong, for an error message.
std::string ply_size_problem(const std::string& path);

}  // namespace leeway
