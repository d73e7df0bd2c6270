#include "leeway/formats/ply_header.h"

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace leeway {
namespace {

/// Bytes of a PLY scalar type; 0 for a name PLY has not.
std::uint64_t type_size(const std::string& type) {
  static const std::map<std::string, std::uint64_t> sizes = {
      {"char", 1},   {"int8", 1},    {"uchar", 1},  {"uint8", 1},  {"short", 2}, {"int16", 2},
      {"ushort", 2}, {"uint16", 2},  {"int", 4},    {"int32", 4},  {"uint", 4},  {"uint32", 4},
      {"float", 4},  {"float32", 4}, {"double", 8}, {"float64", 8}};
  const auto it = sizes.find(type);
  return it == sizes.end() ? 0 : it->second;
}

}  // namespace

std::string ply_size_problem(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  if (!std::getline(in, line) || line.rfind("ply", 0) != 0) return {};
  bool ascii = true;
  std::uint64_t needed = 0;  // [bytes] the body's least size
  std::uint64_t entry = 0;   // the current element's least bytes per entry
  std::uint64_t count = 0;   // its count
  std::string element;       // its name
  std::string counts;        // "N vertex, M face" for the message
  const auto close_element = [&] {
    if (element.empty()) return;
    // A count past what any file holds saturates rather than wraps.
    needed =
        entry != 0 && count > (UINT64_MAX - needed) / entry ? UINT64_MAX : needed + count * entry;
    counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", count, element);
  };
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word == "format") {
      std::string format;
      words >> format;
      ascii = format == "ascii";
    } else if (word == "element") {
      close_element();
      element.clear();
      entry = 0;
      if (!(words >> element >> count)) return {};  // malformed: assimp says so
    } else if (word == "property") {
      std::string type;
      words >> type;
      const std::uint64_t size = type == "list" ? [&] {
        std::string count_type;
        words >> count_type;
        return type_size(count_type);
      }()
                                                : type_size(type);
      entry += ascii ? 2 : size;
    } else if (word == "end_header") {
      close_element();
      std::error_code ec;
      const std::uint64_t file_size = std::filesystem::file_size(path, ec);
      const auto at = in.tellg();
      if (ec || at < 0) return {};
      const std::uint64_t body = file_size - static_cast<std::uint64_t>(at);
      if (body >= needed) return {};
      return fmt::format(
          "its {} header declares {} entries, which take at least {} bytes, but the file "
          "holds {} after its header: it is cut short, or its header is wrong",
          ascii ? "ASCII" : "binary", counts, needed, body);
    }
  }
  return {};
}

}  // namespace leeway
