#include "leeway/formats/ogre_material.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace leeway {
namespace {

struct Token {
  std::string_view text;
  int line = 0;
};

/// Words and braces, without `//` comments; a quoted name is one word without its quotes.
std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  int line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (text.substr(i, 2) == "//") {
      i = std::min(text.find('\n', i), text.size());
    } else if (c == '{' || c == '}') {
      tokens.push_back({text.substr(i, 1), line});
      ++i;
    } else if (c == '"') {
      const std::size_t end = std::min(text.find_first_of("\"\n", i + 1), text.size());
      tokens.push_back({text.substr(i + 1, end - i - 1), line});
      i = end + (end < text.size() && text[end] == '"' ? 1 : 0);
    } else {
      const std::size_t end = std::min(text.find_first_of(" \t\r\n{}", i), text.size());
      tokens.push_back({text.substr(i, end - i), line});
      i = end;
    }
  }
  return tokens;
}

std::optional<float> number(std::string_view word) {
  float x = 0.0f;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), x);
  if (error != std::errc() || end != word.data() + word.size()) return std::nullopt;
  return x;
}

/// Where the texture `name` of the script `file` is: beside it, or in the textures folder beside
/// its scripts folder (Gazebo's model layout, materials/scripts and materials/textures, which
/// Gazebo gives OGRE as resource locations); the first that exists, else the first.
std::string texture_path(const std::string& file, std::string_view name) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(file).parent_path();
  const fs::path beside = (folder / name).lexically_normal();
  const fs::path in_textures = (folder / ".." / "textures" / name).lexically_normal();
  std::error_code ec;
  return (!fs::exists(beside, ec) && fs::exists(in_textures, ec) ? in_textures : beside).string();
}

}  // namespace

void parse_ogre_materials(std::string_view text, const std::string& file, OgreMaterials& into) {
  const std::vector<Token> tokens = tokenize(text);
  const auto problem = [&](int line, const std::string& what) {
    into.problems.push_back(fmt::format("{}:{}: {}", file, line, what));
  };
  std::size_t i = 0;
  while (i < tokens.size()) {
    if (tokens[i].text != "material" || i + 1 >= tokens.size()) {
      ++i;
      continue;
    }
    // material NAME [: PARENT] { ... }: its first diffuse, its first ambient, its parent's.
    const Token name = tokens[i + 1];
    i += 2;
    std::optional<Rgba> parent;
    std::string texture;
    if (i + 1 < tokens.size() && tokens[i].text == ":") {
      const std::string parent_name(tokens[i + 1].text);
      if (const auto it = into.colors.find(parent_name); it != into.colors.end())
        parent = it->second;
      if (const auto it = into.textures.find(parent_name); it != into.textures.end())
        texture = it->second;
      i += 2;
    }
    if (i >= tokens.size() || tokens[i].text != "{") {
      problem(name.line, fmt::format("material '{}' has no '{{' block", name.text));
      continue;
    }
    std::optional<Rgba> diffuse, ambient;
    bool bad = false, found_texture = false;
    int depth = 0;
    for (; i < tokens.size(); ++i) {
      const Token& t = tokens[i];
      if (t.text == "{") ++depth;
      if (t.text == "}" && --depth == 0) break;
      if (t.text == "texture" && i + 1 < tokens.size() && tokens[i + 1].line == t.line) {
        if (!found_texture) texture = texture_path(file, tokens[i + 1].text);
        found_texture = true;
        continue;
      }
      if (t.text != "diffuse" && t.text != "ambient") continue;
      std::optional<Rgba>& slot = t.text == "diffuse" ? diffuse : ambient;
      // The numbers on the keyword's line; `vertexcolour` (the mesh's own colours) is none.
      std::vector<float> v;
      std::size_t k = i + 1;
      for (; k < tokens.size() && tokens[k].line == t.line && tokens[k].text != "}" &&
             tokens[k].text != "{";
           ++k) {
        const std::optional<float> x = number(tokens[k].text);
        if (!x) break;
        v.push_back(*x);
      }
      if (v.empty() || slot) continue;
      if ((v.size() != 3 && v.size() != 4) ||
          std::any_of(v.begin(), v.end(), [](float x) { return !(x >= 0.0f && x <= 1.0f); })) {
        problem(t.line, fmt::format("material '{}': {} of {} numbers; expected r g b [a], each "
                                    "in [0, 1]",
                                    name.text, t.text, v.size()));
        bad = true;
        continue;
      }
      slot = Rgba{v[0], v[1], v[2], v.size() == 4 ? v[3] : 1.0f};
    }
    if (depth != 0 || i >= tokens.size()) {
      problem(name.line, fmt::format("material '{}': its block is not closed", name.text));
      return;
    }
    ++i;  // past the closing brace
    if (!texture.empty()) into.textures[std::string(name.text)] = texture;
    if (bad) continue;
    if (const std::optional<Rgba> color = diffuse ? diffuse : ambient ? ambient : parent)
      into.colors[std::string(name.text)] = *color;
  }
}

OgreMaterials read_ogre_materials(const std::string& path) {
  namespace fs = std::filesystem;
  OgreMaterials out;
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const fs::directory_entry& e : fs::directory_iterator(path, ec))
      if (e.path().extension() == ".material") files.push_back(e.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(path);
  }
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) {
      out.problems.push_back(fmt::format("{}: cannot be read", f.string()));
      continue;
    }
    std::ostringstream text;
    text << in.rdbuf();
    parse_ogre_materials(text.str(), f.string(), out);
  }
  return out;
}

}  // namespace leeway
