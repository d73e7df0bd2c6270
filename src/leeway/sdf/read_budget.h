// What reading a world will cost, said before libsdformat reads it. libsdformat 12 keeps, for
// each <model> it reads, its own copy of the SDF description's elements: measured with
// /usr/bin/time over worlds of 500 and 2,000 one-link models, 1.21 and 4.65 GB at the peak,
// 2.3 MB a model (10,000 models, some 23 GB). A world that does not fit ends in
// std::bad_alloc, or in the kernel killing the process, with no word of why. The models are
// counted first (world_files.h counts them, each include every time it is met) and a world
// that cannot fit in the memory this process may still take is refused.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace leeway::sdfio {

/// [bytes] libsdformat holds per <model> read (docs/sdf-reference.md, "Limits").
inline constexpr double kSdformatBytesPerModel = 2.3e6;

/// The memory [bytes] this process may still take: the kernel's MemAvailable, and the room
/// left under its cgroup's memory.max where one is set; nullopt where neither can be read.
std::optional<double> available_memory_bytes();

/// Throws LoadError at `file` if `models` models would take libsdformat past
/// `available_bytes`, saying how many there are, what they would take and what there is.
void check_read_budget(const std::string& file, std::size_t models, double available_bytes);

}  // namespace leeway::sdfio
