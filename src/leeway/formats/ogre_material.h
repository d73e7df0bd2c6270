// OGRE material scripts (`.material`), as far as a colour: Gazebo's models name their look as
// `<material><script><uri>FILE or FOLDER</uri><name>NAME</name></script>`, and the script says
//
//     material NAME [: PARENT]
//     {
//       technique { pass { ambient r g b [a]   diffuse r g b [a]   ... } }
//     }
//
// gz-sim still reads these scripts' colours (its MaterialParser) although it no longer runs
// OGRE's shaders; VRX's red, green and orange buoys are coloured this way. Leeway takes a
// material's first `diffuse` (else its first `ambient`), or its parent's when it has neither
// (a parent written before it), and its first `texture` (a texture_unit's image, UUV Simulator's
// ArUco markers), or its parent's. Shaders and every other setting are not read.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "leeway/geometry/visual.h"

namespace leeway {

struct OgreMaterials {
  std::map<std::string, Rgba> colors;  ///< by material name
  /// The image files of the materials that have a texture, by material name: the script's name
  /// for it resolved beside the script, else in the `textures` folder beside its folder.
  std::map<std::string, std::string> textures;
  /// What could not be read, each "FILE:LINE: ..." (a colour that is not 3 or 4 numbers in
  /// [0, 1], an unclosed block); such a material has no colour here.
  std::vector<std::string> problems;
};

/// The materials of one script's text; `file` names it in problems. Adds to `into`, whose
/// materials may be the parents of this text's.
void parse_ogre_materials(std::string_view text, const std::string& file, OgreMaterials& into);

/// The materials of the script `path`, or of every `*.material` file in the folder `path` (in
/// name order, as OGRE reads a resource folder). Unreadable files are problems.
OgreMaterials read_ogre_materials(const std::string& path);

}  // namespace leeway
