#include "leeway/formats/mcap_writer.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

namespace leeway {
namespace {

// The specification's record opcodes.
enum Opcode : std::uint8_t {
  kHeader = 0x01,
  kFooter = 0x02,
  kSchema = 0x03,
  kChannel = 0x04,
  kMessage = 0x05,
  kChunk = 0x06,
  kMessageIndex = 0x07,
  kChunkIndex = 0x08,
  kStatistics = 0x0B,
  kMetadata = 0x0C,
  kMetadataIndex = 0x0D,
  kSummaryOffset = 0x0E,
  kDataEnd = 0x0F,
};

constexpr std::uint8_t kMagic[] = {0x89, 'M', 'C', 'A', 'P', 0x30, '\r', '\n'};

// Little-endian primitives appended to a byte buffer, as the specification lays them out.
void put(std::vector<std::byte>& out, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const std::byte*>(data);
  out.insert(out.end(), bytes, bytes + size);
}
template <typename T>
void put_int(std::vector<std::byte>& out, T value) {
  static_assert(std::is_unsigned_v<T>);
  for (std::size_t i = 0; i < sizeof(T); ++i)
    out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFF));
}
template <typename T>
void set_int(std::vector<std::byte>& out, std::size_t at, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i)
    out[at + i] = static_cast<std::byte>((value >> (8 * i)) & 0xFF);
}
void put_string(std::vector<std::byte>& out, std::string_view s) {
  put_int(out, static_cast<std::uint32_t>(s.size()));
  put(out, s.data(), s.size());
}
void put_map(std::vector<std::byte>& out, const std::map<std::string, std::string>& map) {
  const std::size_t at = out.size();
  put_int(out, std::uint32_t{0});
  for (const auto& [key, value] : map) {
    put_string(out, key);
    put_string(out, value);
  }
  set_int(out, at, static_cast<std::uint32_t>(out.size() - at - 4));
}

/// Starts a record: its opcode and a length to be set by end_record().
std::size_t begin_record(std::vector<std::byte>& out, Opcode op) {
  out.push_back(static_cast<std::byte>(op));
  const std::size_t at = out.size();
  put_int(out, std::uint64_t{0});
  return at;
}
void end_record(std::vector<std::byte>& out, std::size_t at) {
  set_int(out, at, static_cast<std::uint64_t>(out.size() - at - 8));
}

std::uint32_t crc32_of(std::uint32_t crc, std::span<const std::byte> bytes) {
  return static_cast<std::uint32_t>(
      crc32_z(crc, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

}  // namespace

McapWriter::McapWriter(const std::filesystem::path& path, McapWriterOptions options)
    : path_(path), options_(std::move(options)) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throw McapWriteError(
        fmt::format("cannot write the recording '{}': {}", path.string(), std::strerror(errno)));
  }
  std::vector<std::byte> head;
  put(head, kMagic, sizeof kMagic);
  const std::size_t at = begin_record(head, kHeader);
  put_string(head, options_.profile);
  put_string(head, options_.library);
  end_record(head, at);
  try {
    write_to_file(head);
  } catch (const McapWriteError&) {
    ::close(fd_);
    fd_ = -1;
    throw;
  }
  good_size_ = file_size_;
  if (options_.compress) zstd_ = ZSTD_createCCtx();
}

McapWriter::~McapWriter() {
  try {
    close();
  } catch (const std::exception&) {  // the error was for close()'s caller to hear
  }
  ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(zstd_));
}

void McapWriter::write_to_file(std::span<const std::byte> bytes) {
  if (failed_) throw McapWriteError(failure_);
  data_crc_ = crc32_of(data_crc_, bytes);
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(n < 0 ? std::strerror(errno) : "nothing written");
    bytes = bytes.subspan(static_cast<std::size_t>(n));
    file_size_ += static_cast<std::uint64_t>(n);
  }
}

void McapWriter::fail(const std::string& what) {
  failed_ = true;
  // Back to the last whole chunk, so that no reader meets a torn record.
  const bool truncated = ::ftruncate(fd_, static_cast<off_t>(good_size_)) == 0;
  failure_ = fmt::format(
      "writing the recording '{}' failed after {} bytes: {}; recording stopped, the file keeps "
      "the {} messages in the {} chunks finished before ({} bytes{}), readable without its "
      "index",
      path_.string(), file_size_, what, flushed_messages_, chunk_indexes_.size(), good_size_,
      truncated ? "" : ", though truncating the torn end failed");
  throw McapWriteError(failure_);
}

std::uint16_t McapWriter::add_schema(std::string_view name, std::string_view encoding,
                                     std::string_view data) {
  if (schemas_.size() >= std::numeric_limits<std::uint16_t>::max() - 1)
    throw std::invalid_argument("MCAP: too many schemas");
  const auto id = static_cast<std::uint16_t>(schemas_.size() + 1);
  std::vector<std::byte> record;
  const std::size_t at = begin_record(record, kSchema);
  put_int(record, id);
  put_string(record, name);
  put_string(record, encoding);
  put_string(record, data);
  end_record(record, at);
  write_to_file(record);
  good_size_ = file_size_;
  schemas_.push_back(std::move(record));
  return id;
}

std::uint16_t McapWriter::add_channel(std::uint16_t schema_id, std::string_view topic,
                                      std::string_view message_encoding,
                                      const std::map<std::string, std::string>& metadata) {
  if (schema_id > schemas_.size())
    throw std::invalid_argument(fmt::format("MCAP channel '{}': no schema {}", topic, schema_id));
  if (channels_.size() >= std::numeric_limits<std::uint16_t>::max())
    throw std::invalid_argument("MCAP: too many channels");
  const auto id = static_cast<std::uint16_t>(channels_.size());
  ChannelRecord channel;
  const std::size_t at = begin_record(channel.record, kChannel);
  put_int(channel.record, id);
  put_int(channel.record, schema_id);
  put_string(channel.record, topic);
  put_string(channel.record, message_encoding);
  put_map(channel.record, metadata);
  end_record(channel.record, at);
  write_to_file(channel.record);
  good_size_ = file_size_;
  channels_.push_back(std::move(channel));
  return id;
}

void McapWriter::write(std::uint16_t channel_id, std::uint64_t log_time_ns,
                       std::uint64_t publish_time_ns, std::span<const std::byte> data) {
  if (failed_) throw McapWriteError(failure_);
  if (fd_ < 0) throw std::invalid_argument("MCAP: the recording is closed");
  if (channel_id >= channels_.size())
    throw std::invalid_argument(fmt::format("MCAP: no channel {}", channel_id));
  ChannelRecord& channel = channels_[channel_id];
  if (chunk_.empty()) {
    chunk_start_ns_ = chunk_end_ns_ = log_time_ns;
  } else {
    chunk_start_ns_ = std::min(chunk_start_ns_, log_time_ns);
    chunk_end_ns_ = std::max(chunk_end_ns_, log_time_ns);
  }
  if (channel.chunk_index.empty()) chunk_channels_.push_back(channel_id);
  channel.chunk_index.emplace_back(log_time_ns, chunk_.size());
  const std::size_t at = begin_record(chunk_, kMessage);
  put_int(chunk_, channel_id);
  put_int(chunk_, sequence_++);
  put_int(chunk_, log_time_ns);
  put_int(chunk_, publish_time_ns);
  chunk_.insert(chunk_.end(), data.begin(), data.end());
  end_record(chunk_, at);

  first_ns_ = message_count_ == 0 ? log_time_ns : std::min(first_ns_, log_time_ns);
  last_ns_ = message_count_ == 0 ? log_time_ns : std::max(last_ns_, log_time_ns);
  ++message_count_;
  ++channel.messages;
  bytes_in_ += data.size();
  if (chunk_.size() >= options_.chunk_bytes ||
      chunk_end_ns_ - chunk_start_ns_ >= options_.chunk_span_ns)
    write_chunk();
}

void McapWriter::write_chunk() {
  if (chunk_.empty()) return;
  std::span<const std::byte> records = chunk_;
  std::string_view compression;
  if (zstd_ != nullptr) {
    compressed_.resize(ZSTD_compressBound(chunk_.size()));
    const std::size_t n =
        ZSTD_compressCCtx(static_cast<ZSTD_CCtx*>(zstd_), compressed_.data(), compressed_.size(),
                          chunk_.data(), chunk_.size(), options_.zstd_level);
    if (ZSTD_isError(n)) fail(fmt::format("zstd: {}", ZSTD_getErrorName(n)));
    records = std::span<const std::byte>(compressed_.data(), n);
    compression = "zstd";
  }

  // The Chunk record, then one Message Index per channel in it, written in one go.
  std::vector<std::byte> out;
  out.reserve(records.size() + 128 + 16 * message_count_);
  const std::size_t at = begin_record(out, kChunk);
  put_int(out, chunk_start_ns_);
  put_int(out, chunk_end_ns_);
  put_int(out, static_cast<std::uint64_t>(chunk_.size()));
  put_int(out, crc32_of(0, chunk_));
  put_string(out, compression);
  put_int(out, static_cast<std::uint64_t>(records.size()));
  put(out, records.data(), records.size());
  end_record(out, at);

  ChunkIndex index{chunk_start_ns_, chunk_end_ns_, file_size_, out.size(), 0,
                   records.size(),  chunk_.size(), {}};
  std::sort(chunk_channels_.begin(), chunk_channels_.end());
  for (const std::uint16_t id : chunk_channels_) {
    auto& entries = channels_[id].chunk_index;
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    index.message_index_offsets.emplace_back(id, file_size_ + out.size());
    const std::size_t mi = begin_record(out, kMessageIndex);
    put_int(out, id);
    put_int(out, static_cast<std::uint32_t>(16 * entries.size()));
    for (const auto& [t, offset] : entries) {
      put_int(out, t);
      put_int(out, offset);
    }
    end_record(out, mi);
    entries.clear();
  }
  index.message_index_length = out.size() - index.length;
  write_to_file(out);
  good_size_ = file_size_;
  flushed_messages_ = message_count_;
  chunk_indexes_.push_back(std::move(index));
  chunk_.clear();
  chunk_channels_.clear();
}

void McapWriter::write_metadata(std::string_view name,
                                const std::map<std::string, std::string>& metadata) {
  std::vector<std::byte> record;
  const std::size_t at = begin_record(record, kMetadata);
  put_string(record, name);
  put_map(record, metadata);
  end_record(record, at);
  const std::uint64_t offset = file_size_;
  write_to_file(record);
  good_size_ = file_size_;
  std::vector<std::byte> index;
  const std::size_t ii = begin_record(index, kMetadataIndex);
  put_int(index, offset);
  put_int(index, static_cast<std::uint64_t>(record.size()));
  put_string(index, name);
  end_record(index, ii);
  metadata_indexes_.push_back(std::move(index));
}

void McapWriter::close() {
  if (fd_ < 0) return;
  if (failed_) {
    ::close(fd_);
    fd_ = -1;
    return;
  }
  write_chunk();
  std::vector<std::byte> out;
  const std::size_t at = begin_record(out, kDataEnd);
  put_int(out, data_crc_);  // of every byte before this record, magic and header included
  end_record(out, at);
  const std::uint64_t summary_start = file_size_ + out.size();

  // The summary: each group of records, and where it starts.
  std::vector<std::tuple<Opcode, std::uint64_t, std::uint64_t>> groups;
  const auto group = [&](Opcode op, auto&& write_records) {
    const std::uint64_t start = file_size_ + out.size();
    write_records();
    const std::uint64_t length = file_size_ + out.size() - start;
    if (length > 0) groups.emplace_back(op, start, length);
  };
  group(kSchema, [&] {
    for (const auto& s : schemas_)
      put(out, s.data(), s.size());
  });
  group(kChannel, [&] {
    for (const auto& c : channels_)
      put(out, c.record.data(), c.record.size());
  });
  group(kStatistics, [&] {
    const std::size_t s = begin_record(out, kStatistics);
    put_int(out, message_count_);
    put_int(out, static_cast<std::uint16_t>(schemas_.size()));
    put_int(out, static_cast<std::uint32_t>(channels_.size()));
    put_int(out, std::uint32_t{0});  // attachments
    put_int(out, static_cast<std::uint32_t>(metadata_indexes_.size()));
    put_int(out, static_cast<std::uint32_t>(chunk_indexes_.size()));
    put_int(out, first_ns_);
    put_int(out, last_ns_);
    put_int(out, static_cast<std::uint32_t>(10 * channels_.size()));
    for (std::size_t id = 0; id < channels_.size(); ++id) {
      put_int(out, static_cast<std::uint16_t>(id));
      put_int(out, channels_[id].messages);
    }
    end_record(out, s);
  });
  group(kChunkIndex, [&] {
    for (const ChunkIndex& c : chunk_indexes_) {
      const std::size_t s = begin_record(out, kChunkIndex);
      put_int(out, c.start_ns);
      put_int(out, c.end_ns);
      put_int(out, c.offset);
      put_int(out, c.length);
      put_int(out, static_cast<std::uint32_t>(10 * c.message_index_offsets.size()));
      for (const auto& [id, offset] : c.message_index_offsets) {
        put_int(out, id);
        put_int(out, offset);
      }
      put_int(out, c.message_index_length);
      put_string(out, zstd_ != nullptr ? "zstd" : "");
      put_int(out, c.compressed_size);
      put_int(out, c.uncompressed_size);
      end_record(out, s);
    }
  });
  group(kMetadataIndex, [&] {
    for (const auto& m : metadata_indexes_)
      put(out, m.data(), m.size());
  });

  const std::uint64_t summary_offset_start = file_size_ + out.size();
  for (const auto& [op, start, length] : groups) {
    const std::size_t s = begin_record(out, kSummaryOffset);
    put_int(out, static_cast<std::uint8_t>(op));
    put_int(out, start);
    put_int(out, length);
    end_record(out, s);
  }
  // The footer's CRC covers the summary up to its own field, the footer's length included.
  out.push_back(static_cast<std::byte>(kFooter));
  put_int(out, std::uint64_t{8 + 8 + 4});
  put_int(out, summary_start);
  put_int(out, summary_offset_start);
  put_int(out, crc32_of(0, std::span(out).subspan(summary_start - file_size_)));
  put(out, kMagic, sizeof kMagic);
  write_to_file(out);
  good_size_ = file_size_;
  ::close(fd_);
  fd_ = -1;
}

}  // namespace leeway
