// What the view tests share: MCAP files as @mcap/core reads them (tests/formats/mcap_read.js), and
// their temporary files.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace leeway::testing {

/// `name` in the tests' temporary folder (made if need be).
inline std::filesystem::path temp_path(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "leeway_tests";
  std::filesystem::create_directories(dir);
  return dir / name;
}

/// A file's bytes.
inline std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// What `node mcap_read.js MODE FILE` prints, parsed; null (and a test failure naming the
/// reader's error) when it fails.
inline nlohmann::json read_mcap(const std::string& mode, const std::string& file) {
  const std::string line = fmt::format("timeout 60 node {}/tests/formats/mcap_read.js {} '{}' 2>&1",
                                       LEEWAY_SOURCE_DIR, mode, file);
  std::string out;
  FILE* pipe = popen(line.c_str(), "r");
  if (pipe == nullptr) {
    ADD_FAILURE() << "cannot run " << line;
    return nullptr;
  }
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    out.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) {
    ADD_FAILURE() << line << " failed: " << out;
    return nullptr;
  }
  return nlohmann::json::parse(out);
}

}  // namespace leeway::testing
