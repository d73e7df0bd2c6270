#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace leeway::testing {

/// Writes `text` to a fresh file under the tests' temporary directory and returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "leeway_tests";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace leeway::testing
