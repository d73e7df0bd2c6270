// A file a run writes (a recording, a sensor's CSV or array, the summary), every write checked.
// Each write() goes to the system at once, whole: a run's rows are in the file when write()
// returns, so a run that stops, or is killed, keeps them. A write that fails or falls short (a
// full disk, /dev/full, a file grown past its limit) cuts the file back to its end before that
// write, so it ends with a whole row, and throws std::runtime_error naming the file, the reason
// and the bytes the file holds: a run stops on its first lost byte instead of going on and
// counting rows its file lacks.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace leeway {

class OutputFile {
 public:
  /// Opens (truncates) `path` for writing; `what` names it in messages ("the recording").
  /// Throws std::runtime_error if it cannot.
  OutputFile(const std::filesystem::path& path, std::string what);
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  /// Closes without a word if close() was not called.
  ~OutputFile();

  /// Writes every byte of `bytes`, or cuts the file back and throws.
  void write(std::string_view bytes);
  /// Closes, or throws.
  void close();

  const std::filesystem::path& path() const { return path_; }
  /// What the file holds: every byte of every write that returned.
  std::size_t bytes_written() const { return bytes_; }

 private:
  [[noreturn]] void fail(const char* doing, int error);

  std::filesystem::path path_;
  std::string what_;
  int fd_ = -1;
  std::size_t bytes_ = 0;
};

}  // namespace leeway
