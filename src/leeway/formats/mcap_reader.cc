#include "leeway/formats/mcap_reader.h"

#include <fmt/format.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace leeway {
namespace {

constexpr std::uint8_t kFileMagic[] = {0x89, 'M', 'C', 'A', 'P', 0x30, '\r', '\n'};

/// Little-endian fields read off a record's body, with bounds checked.
class Fields {
 public:
  explicit Fields(const std::string& body) : body_(body) {}
  template <typename T>
  T integer() {
    need(sizeof(T));
    T value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
      value |= static_cast<T>(static_cast<unsigned char>(body_[at_ + i])) << (8 * i);
    at_ += sizeof(T);
    return value;
  }
  std::string string() {
    const auto n = integer<std::uint32_t>();
    need(n);
    std::string s = body_.substr(at_, n);
    at_ += n;
    return s;
  }
  std::map<std::string, std::string> map() {
    const auto n = integer<std::uint32_t>();
    need(n);
    const std::size_t end = at_ + n;
    std::map<std::string, std::string> out;
    while (at_ < end) {
      std::string key = string();
      out[key] = string();
    }
    if (at_ != end) throw std::out_of_range("a map's entries overrun its length");
    return out;
  }
  std::string rest() {
    std::string s = body_.substr(at_);
    at_ = body_.size();
    return s;
  }
  std::string bytes(std::uint64_t n) {
    need(n);
    std::string s = body_.substr(at_, n);
    at_ += n;
    return s;
  }

 private:
  void need(std::uint64_t n) const {
    if (n > body_.size() - at_)
      throw std::out_of_range(fmt::format("a field of {} bytes past the record's end", n));
  }
  const std::string& body_;
  std::size_t at_ = 0;
};

}  // namespace

McapReader::McapReader(const std::filesystem::path& path) : path_(path) {
  file_ = std::fopen(path.c_str(), "rb");
  if (file_ == nullptr) {
    throw McapReadError(
        fmt::format("cannot read the recording '{}': {}", path.string(), std::strerror(errno)));
  }
  std::fseek(file_, 0, SEEK_END);
  size_ = static_cast<std::uint64_t>(std::ftell(file_));
  std::fseek(file_, 0, SEEK_SET);
  std::uint8_t magic[sizeof kFileMagic] = {};
  if (std::fread(magic, 1, sizeof magic, file_) != sizeof magic ||
      std::memcmp(magic, kFileMagic, sizeof magic) != 0) {
    std::fclose(file_);
    throw McapReadError(fmt::format(
        "'{}' is not an MCAP file: it does not start with MCAP's magic bytes", path.string()));
  }
  at_ = sizeof kFileMagic;
  std::uint8_t opcode = 0;
  std::string body;
  if (!read_record(opcode, body) || opcode != 0x01) {
    std::fclose(file_);
    throw McapReadError(fmt::format("'{}': no Header record after the magic", path.string()));
  }
  try {
    Fields header(body);
    header.string();  // profile
    library_ = header.string();
  } catch (const std::out_of_range& e) {
    std::fclose(file_);
    throw McapReadError(fmt::format("'{}', byte 8: Header: {}", path.string(), e.what()));
  }
}

McapReader::~McapReader() {
  if (file_ != nullptr) std::fclose(file_);
}

void McapReader::fail(std::uint64_t offset, const std::string& what) const {
  throw McapReadError(fmt::format("'{}', byte {}: {}", path_.string(), offset, what));
}

bool McapReader::read_record(std::uint8_t& opcode, std::string& body) {
  unsigned char head[9];
  if (size_ - at_ < sizeof head) {
    truncated_ = at_ != size_;
    return false;
  }
  if (std::fread(head, 1, sizeof head, file_) != sizeof head) return false;
  opcode = head[0];
  std::uint64_t length = 0;
  for (int i = 0; i < 8; ++i)
    length |= static_cast<std::uint64_t>(head[1 + i]) << (8 * i);
  if (length > size_ - at_ - sizeof head) {
    truncated_ = true;  // a record cut short: the file ends inside it
    return false;
  }
  body.resize(length);
  if (length > 0 && std::fread(body.data(), 1, length, file_) != length) return false;
  at_ += sizeof head + length;
  return true;
}

void McapReader::handle(std::uint8_t opcode, const std::string& body, std::uint64_t offset,
                        bool in_chunk) {
  try {
    Fields f(body);
    switch (opcode) {
      case 0x03: {  // Schema
        McapChannelInfo s;
        const auto id = f.integer<std::uint16_t>();
        s.schema_name = f.string();
        s.schema_encoding = f.string();
        s.schema = f.string();
        schemas_[id] = std::move(s);
        break;
      }
      case 0x04: {  // Channel
        McapChannelInfo c;
        c.id = f.integer<std::uint16_t>();
        const auto schema = f.integer<std::uint16_t>();
        c.topic = f.string();
        c.message_encoding = f.string();
        c.metadata = f.map();
        if (schema != 0) {
          const auto it = schemas_.find(schema);
          if (it == schemas_.end())
            fail(offset, fmt::format("channel '{}': no schema {} before it", c.topic, schema));
          c.schema_name = it->second.schema_name;
          c.schema_encoding = it->second.schema_encoding;
          c.schema = it->second.schema;
        }
        channels_[c.id] = std::move(c);
        break;
      }
      case 0x05: {  // Message
        McapMessage m;
        m.channel = f.integer<std::uint16_t>();
        f.integer<std::uint32_t>();  // sequence
        m.log_time = f.integer<std::uint64_t>();
        m.publish_time = f.integer<std::uint64_t>();
        m.data = f.rest();
        if (!channels_.contains(m.channel))
          fail(offset, fmt::format("a message on channel {}, which no Channel record announced",
                                   m.channel));
        pending_.push_back(std::move(m));
        break;
      }
      case 0x06: {  // Chunk
        if (in_chunk) fail(offset, "a chunk inside a chunk");
        f.integer<std::uint64_t>();  // message start and end times
        f.integer<std::uint64_t>();
        const auto size = f.integer<std::uint64_t>();
        const auto crc = f.integer<std::uint32_t>();
        const std::string compression = f.string();
        const auto length = f.integer<std::uint64_t>();
        const std::string records = f.bytes(length);
        std::string plain;
        if (compression.empty()) {
          plain = records;
        } else if (compression == "zstd") {
          if (size > (1ull << 32))
            fail(offset, fmt::format("a chunk of {} bytes uncompressed", size));
          plain.resize(size);
          const std::size_t n =
              ZSTD_decompress(plain.data(), plain.size(), records.data(), records.size());
          if (ZSTD_isError(n) || n != size)
            fail(offset,
                 fmt::format("a zstd chunk that does not decompress to its {} bytes", size));
        } else {
          fail(offset, fmt::format("a chunk compressed with '{}': Leeway reads zstd and "
                                   "uncompressed chunks",
                                   compression));
        }
        if (crc != 0 &&
            crc32_z(0, reinterpret_cast<const Bytef*>(plain.data()), plain.size()) != crc)
          fail(offset, "a chunk whose CRC does not match its records");
        std::size_t at = 0;
        while (at < plain.size()) {
          if (plain.size() - at < 9) fail(offset, "a chunk ending inside a record");
          const auto op = static_cast<std::uint8_t>(plain[at]);
          std::uint64_t n = 0;
          for (int i = 0; i < 8; ++i)
            n |= static_cast<std::uint64_t>(static_cast<unsigned char>(plain[at + 1 + i]))
                 << (8 * i);
          if (n > plain.size() - at - 9) fail(offset, "a chunk's record overruns the chunk");
          handle(op, plain.substr(at + 9, n), offset, true);
          at += 9 + n;
        }
        break;
      }
      case 0x0C: {  // Metadata
        std::string name = f.string();
        metadata_[name] = f.map();
        break;
      }
      case 0x0F:  // Data End: the summary follows
        if (!in_chunk) ended_ = true;
        break;
      default:  // indexes, attachments, statistics...: nothing a reader in order needs
        break;
    }
  } catch (const std::out_of_range& e) {
    fail(offset, fmt::format("a record of opcode 0x{:02x}: {}", opcode, e.what()));
  }
}

bool McapReader::next(McapMessage& message) {
  while (next_pending_ == pending_.size()) {
    pending_.clear();
    next_pending_ = 0;
    if (ended_) return false;
    std::uint8_t opcode = 0;
    std::string body;
    const std::uint64_t offset = at_;
    if (!read_record(opcode, body)) return false;
    if (opcode == 0x02) {  // a Footer without a Data End: the data section is over
      ended_ = true;
      return false;
    }
    handle(opcode, body, offset, false);
    std::stable_sort(
        pending_.begin(), pending_.end(),
        [](const McapMessage& a, const McapMessage& b) { return a.log_time < b.log_time; });
  }
  message = std::move(pending_[next_pending_++]);
  return true;
}

}  // namespace leeway
