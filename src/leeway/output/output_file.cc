#include "leeway/output/output_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace leeway {

OutputFile::OutputFile(const std::filesystem::path& path, std::string what)
    : path_(path), what_(std::move(what)) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) {
    throw std::runtime_error(
        fmt::format("cannot write {} '{}': {}", what_, path_.string(), std::strerror(errno)));
  }
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)),
      what_(std::move(other.what_)),
      fd_(std::exchange(other.fd_, -1)),
      bytes_(other.bytes_) {}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void OutputFile::fail(const char* doing, int error) {
  // A regular file loses the part of the write that reached it: it ends where the last whole
  // write did. (A device or a pipe has no end to cut.)
  // If the cut fails too, the message still says how much of the file is whole.
  struct stat st {};
  if (fd_ >= 0 && ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) {
    [[maybe_unused]] const int cut = ::ftruncate(fd_, static_cast<off_t>(bytes_));
  }
  throw std::runtime_error(fmt::format(
      "cannot write {} '{}': {} ({}; it holds the {} bytes written "
      "before)",
      what_, path_.string(), error != 0 ? std::strerror(error) : "a short write", doing, bytes_));
}

void OutputFile::write(std::string_view bytes) {
  if (fd_ < 0) fail("writing after it was closed", EBADF);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : ENOSPC;
      ::lseek(fd_, static_cast<off_t>(bytes_), SEEK_SET);
      fail("writing", error);
    }
    done += static_cast<std::size_t>(n);
  }
  bytes_ += bytes.size();
}

void OutputFile::close() {
  const int fd = std::exchange(fd_, -1);
  if (fd >= 0 && ::close(fd) != 0) {
    throw std::runtime_error(fmt::format("cannot write {} '{}': {} (closing)", what_,
                                         path_.string(), std::strerror(errno)));
  }
}

}  // namespace leeway
