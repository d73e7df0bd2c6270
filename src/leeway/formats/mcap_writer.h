// An MCAP file writer, from the MCAP format specification (https://mcap.dev/spec, major
// version 0), with no library beyond Debian's libzstd and zlib (for CRC-32).
//
// The file it writes, in order:
//
//   magic, Header (profile, library)
//   the data section:
//     Schema and Channel records, each written when it is added (so before any chunk that
//     holds its messages), and Metadata records
//     Chunk records, each followed by one Message Index record per channel it holds; a chunk
//     gathers Message records until its uncompressed size reaches `chunk_bytes` or its
//     messages span `chunk_span_ns` of log time, and is then compressed (zstd, or none) and
//     written whole, with its message indexes, and the file flushed
//     Data End (the CRC-32 of every byte before it, magic and header included)
//   the summary section: every Schema and Channel again, Statistics (message counts per
//     channel, start and end times), a Chunk Index per chunk, a Metadata Index per metadata
//   the summary offset section: one Summary Offset per group of the summary
//   Footer (the offsets of both sections, the CRC-32 of the summary through the footer's
//   summary_offset_start), magic
//
// Readers seek with the chunk and message indexes (Foxglove, Lichtblick, @mcap/core's indexed
// reader). Crash safety: the file on disk only ever grows by whole records, flushed at each
// chunk's end, so a process killed mid-run leaves a file whose every chunk but the one being
// written when it died reads back with a stream reader (@mcap/core's McapStreamReader, `mcap
// recover`). When a write fails (a full disk), the writer truncates the file to the last whole
// chunk and its indexes, stops, and throws McapWriteError; what was written stays readable.
//
// Files are written with POSIX write(): every whole record given to the kernel survives the
// process. Times are nanoseconds (Leeway writes simulated time since the run's start); messages
// may come in any order of log time (each chunk's message indexes are sorted).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace leeway {

struct McapWriterOptions {
  std::string profile;             ///< the Header's profile ("" for JSON channels; "ros2"...)
  std::string library = "leeway";  ///< the Header's library
  /// A chunk is closed when its records reach this many bytes uncompressed...
  std::size_t chunk_bytes = 1 << 20;
  /// ...or when its messages span this much log time [ns] (how much a killed run can lose).
  std::uint64_t chunk_span_ns = 1'000'000'000;
  bool compress = true;  ///< zstd chunks; false: uncompressed chunks
  int zstd_level = 3;    ///< zstd's own default
};

/// A failed write (the disk full, the file gone): what was written before it is still readable.
class McapWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class McapWriter {
 public:
  /// Creates (truncates) `path` and writes the magic and the Header, flushed; throws
  /// McapWriteError naming the file and the system's reason if it cannot.
  McapWriter(const std::filesystem::path& path, McapWriterOptions options = {});
  /// Finishes the file (close()), if that was not done; errors are dropped here.
  ~McapWriter();
  McapWriter(const McapWriter&) = delete;
  McapWriter& operator=(const McapWriter&) = delete;

  /// A schema: its `name` (foxglove.FrameTransforms), `encoding` (jsonschema, protobuf...)
  /// and text; returns its id (1, 2...).
  std::uint16_t add_schema(std::string_view name, std::string_view encoding, std::string_view data);
  /// A channel of messages on `topic` in `message_encoding` (json...) under `schema_id` (0:
  /// none); returns its id (0, 1...).
  std::uint16_t add_channel(std::uint16_t schema_id, std::string_view topic,
                            std::string_view message_encoding,
                            const std::map<std::string, std::string>& metadata = {});
  /// A message on `channel_id`, logged at `log_time_ns` and published at `publish_time_ns`.
  /// Throws std::invalid_argument for an unknown channel, McapWriteError when writing failed
  /// (now or before).
  void write(std::uint16_t channel_id, std::uint64_t log_time_ns, std::uint64_t publish_time_ns,
             std::span<const std::byte> data);
  void write(std::uint16_t channel_id, std::uint64_t log_time_ns, std::string_view data) {
    write(channel_id, log_time_ns, log_time_ns, std::as_bytes(std::span(data.data(), data.size())));
  }
  /// A Metadata record named `name` (written at once, outside chunks).
  void write_metadata(std::string_view name, const std::map<std::string, std::string>& metadata);

  /// Writes the open chunk, the Data End, the summary and the footer, and closes the file.
  /// Throws McapWriteError if that fails; the chunks written before stay readable.
  void close();

  const std::filesystem::path& path() const { return path_; }
  std::uint64_t messages() const { return message_count_; }
  std::uint64_t chunks() const { return chunk_indexes_.size(); }
  std::uint64_t bytes_in() const { return bytes_in_; }        ///< message payloads given
  std::uint64_t bytes_written() const { return file_size_; }  ///< to the file so far
  bool failed() const { return failed_; }

 private:
  struct ChunkIndex {
    std::uint64_t start_ns, end_ns, offset, length, message_index_length;
    std::uint64_t compressed_size, uncompressed_size;
    std::vector<std::pair<std::uint16_t, std::uint64_t>> message_index_offsets;
  };
  struct ChannelRecord {
    std::vector<std::byte> record;  ///< the whole Channel record, for the summary
    std::uint64_t messages = 0;
    /// This chunk's (log time, offset in the chunk's records) of each message.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> chunk_index;
  };

  void write_chunk();
  void write_to_file(std::span<const std::byte> bytes);
  [[noreturn]] void fail(const std::string& what);

  std::filesystem::path path_;
  McapWriterOptions options_;
  int fd_ = -1;
  std::uint64_t file_size_ = 0;  ///< bytes written
  std::uint64_t good_size_ = 0;  ///< bytes up to the last whole chunk and its indexes
  std::uint32_t data_crc_ = 0;   ///< of everything written so far, until the Data End
  bool failed_ = false;
  std::string failure_;

  std::vector<std::vector<std::byte>> schemas_;  ///< whole Schema records, by id - 1
  std::vector<ChannelRecord> channels_;          ///< by id
  std::vector<std::vector<std::byte>> metadata_indexes_;

  std::vector<std::byte> chunk_;  ///< the open chunk's records, uncompressed
  std::uint64_t chunk_start_ns_ = 0, chunk_end_ns_ = 0;
  std::vector<std::uint16_t> chunk_channels_;  ///< channels with messages in the open chunk
  std::vector<std::byte> compressed_;
  void* zstd_ = nullptr;  ///< ZSTD_CCtx, reused across chunks

  std::vector<ChunkIndex> chunk_indexes_;
  std::uint64_t message_count_ = 0, bytes_in_ = 0;
  std::uint64_t flushed_messages_ = 0;  ///< messages in the chunks written
  std::uint64_t first_ns_ = 0, last_ns_ = 0;
  std::uint32_t sequence_ = 0;
};

}  // namespace leeway
