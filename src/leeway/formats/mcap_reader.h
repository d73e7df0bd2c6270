// Reading an MCAP file's messages in order, for `leeway view` and `leeway report`: the data
// section read through from the start (as a stream reader does, so that a file cut short by a
// killed run reads up to its last whole record), chunks decompressed (zstd, or none) and checked
// against their CRC, each chunk's messages given in log-time order. Schemas and channels are
// known from their records as they come (before the messages that use them, as the
// specification requires). lz4 chunks, which Leeway never writes, are refused by name.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace leeway {

/// A file that is not MCAP, or a record that is malformed: the message names the file, the
/// byte offset and what was wrong.
class McapReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct McapChannelInfo {
  std::uint16_t id = 0;
  std::string topic, message_encoding;
  std::map<std::string, std::string> metadata;
  std::string schema_name, schema_encoding, schema;  ///< empty without a schema
};

struct McapMessage {
  std::uint16_t channel = 0;
  std::uint64_t log_time = 0, publish_time = 0;  ///< [ns]
  std::string data;
};

class McapReader {
 public:
  /// Opens `path` and reads its magic and header; throws McapReadError if it is not MCAP.
  explicit McapReader(const std::filesystem::path& path);
  ~McapReader();
  McapReader(const McapReader&) = delete;
  McapReader& operator=(const McapReader&) = delete;

  /// The next message, in the file's order (each chunk's in log-time order); false at the end of
  /// the data section, or at a torn end (truncated() then says so).
  bool next(McapMessage& message);

  /// The channels met so far (all of them once next() has returned false).
  const std::map<std::uint16_t, McapChannelInfo>& channels() const { return channels_; }
  /// Metadata records met so far, by name.
  const std::map<std::string, std::map<std::string, std::string>>& metadata() const {
    return metadata_;
  }
  const std::string& library() const { return library_; }
  /// Whether the file ended inside a record: a run killed while it wrote.
  bool truncated() const { return truncated_; }

 private:
  bool read_record(std::uint8_t& opcode, std::string& body);
  void handle(std::uint8_t opcode, const std::string& body, std::uint64_t offset, bool in_chunk);
  [[noreturn]] void fail(std::uint64_t offset, const std::string& what) const;

  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  std::uint64_t size_ = 0, at_ = 0;  ///< the file's size, the next record's offset
  bool truncated_ = false, ended_ = false;
  std::string library_;
  std::map<std::uint16_t, McapChannelInfo> channels_;
  std::map<std::uint16_t, McapChannelInfo> schemas_;  ///< schema id: name, encoding, text
  std::map<std::string, std::map<std::string, std::string>> metadata_;
  std::vector<McapMessage> pending_;  ///< the current chunk's messages, in log-time order
  std::size_t next_pending_ = 0;
};

}  // namespace leeway
