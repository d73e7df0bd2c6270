// Running the `leeway` command as a user runs it, from a test.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace leeway::testing {

struct ProcessResult {
  int status;
  std::string output;  // stdout and stderr together
};

/// Runs `command` in bash and collects what it prints (stdout and stderr).
inline ProcessResult run_shell(const std::string& command) {
  std::string quoted;  // for bash -c '...'
  for (const char c : command)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  const std::string cmd = "bash -c '" + quoted + "' 2>&1";
  std::FILE* pipe = ::popen(cmd.c_str(), "r");
  ProcessResult r{-1, {}};
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe))
    r.output += buf.data();
  const int status = ::pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Runs `leeway ARGS` through the shell, with the environment's `env` (NAME=VALUE ...) if given,
/// and collects what it prints.
inline ProcessResult run_leeway(const std::string& args, const std::string& env = "") {
  return run_shell((env.empty() ? "" : "env " + env + " ") + std::string(LEEWAY_BINARY) + " " +
                   args);
}

/// The whole file, or "" if it cannot be read.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace leeway::testing
