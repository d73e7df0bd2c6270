// Leeway's MCAP reader (formats/mcap_reader.h): a file from @mcap/core's own writer with zstd
// chunks reads back message for message; Leeway's files round-trip; a file cut short reads up to
// its last whole chunk and says so; a file that is not MCAP, or a chunk whose CRC is wrong, is an
// error naming the file and the byte.
#include "leeway/formats/mcap_reader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "formats/mcap_reader.h"
#include "leeway/formats/mcap_writer.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;
using testing::bytes_of;
using testing::temp_path;

TEST(McapReader, ReadsAFileFromMcapCoresWriter) {
  const fs::path path = temp_path("from_js.mcap");
  const std::string command = fmt::format("timeout 60 node {}/tests/formats/mcap_write.js '{}' 500",
                                          LEEWAY_SOURCE_DIR, path.string());
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  McapReader reader(path);
  EXPECT_EQ(reader.library(), "mcap-js");
  McapMessage m;
  int i = 0;
  while (reader.next(m)) {
    EXPECT_EQ(m.log_time, 1'000'000ull * static_cast<std::uint64_t>(i));
    EXPECT_EQ(m.data, fmt::format(R"({{"i":{}}})", i));
    EXPECT_EQ(reader.channels().at(m.channel).topic, i % 2 ? "/b" : "/a");
    ++i;
  }
  EXPECT_EQ(i, 500);
  EXPECT_FALSE(reader.truncated());
  ASSERT_EQ(reader.channels().size(), 2u);
  const McapChannelInfo& a = reader.channels().begin()->second;
  EXPECT_EQ(a.schema_name, "test.I");
  EXPECT_EQ(a.schema, R"({"type":"object"})");
  EXPECT_EQ(a.metadata.at("latched"), "true");
  EXPECT_EQ(reader.metadata().at("leeway").at("world"), "js");
}

TEST(McapReader, ReadsLeewaysFilesAndTheirCutsUpToTheLastWholeChunk) {
  const fs::path path = temp_path("round_trip.mcap");
  std::vector<std::uint64_t> chunk_ends;  // bytes and messages after each chunk
  std::vector<std::size_t> chunk_messages;
  {
    McapWriterOptions options;
    options.chunk_bytes = 2048;
    McapWriter writer(path, options);
    const std::uint16_t schema = writer.add_schema("s", "jsonschema", "{}");
    const std::uint16_t channel = writer.add_channel(schema, "/x", "json", {{"latched", "true"}});
    for (int i = 0; i < 400; ++i) {
      const std::uint64_t chunks = writer.chunks();
      // Out of order within a chunk now and then: the reader gives each chunk in time order.
      writer.write(channel, 1000u * static_cast<std::uint64_t>(i) + (i % 7 == 3 ? 5000u : 0u),
                   fmt::format(R"({{"i":{}}})", i));
      if (writer.chunks() > chunks) {
        chunk_ends.push_back(writer.bytes_written());
        chunk_messages.push_back(static_cast<std::size_t>(i) + 1);
      }
    }
  }
  std::size_t n = 0;
  {
    McapReader reader(path);
    McapMessage m;
    std::uint64_t last = 0;
    std::size_t in_chunk = 0, chunk = 0;
    while (reader.next(m)) {
      if (chunk < chunk_messages.size() && n == chunk_messages[chunk]) {
        ++chunk, in_chunk = 0, last = 0;
      }
      EXPECT_GE(m.log_time, last) << "message " << n;
      last = m.log_time;
      ++n, ++in_chunk;
    }
    EXPECT_FALSE(reader.truncated());
    EXPECT_EQ(reader.channels().at(0).metadata.at("latched"), "true");
  }
  EXPECT_EQ(n, 400u);

  // Cut in the middle of chunk 5's record: chunks 0 to 4 read, and the cut is noticed.
  ASSERT_GT(chunk_ends.size(), 6u);
  const std::string bytes = bytes_of(path);
  const fs::path cut = temp_path("round_trip_cut.mcap");
  std::ofstream(cut, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(chunk_ends[4] + 100));
  McapReader reader(cut);
  McapMessage m;
  std::size_t read = 0;
  while (reader.next(m))
    ++read;
  EXPECT_EQ(read, chunk_messages[4]);
  EXPECT_TRUE(reader.truncated());
}

TEST(McapReader, NamesTheFileAndTheByteOfWhatIsWrong) {
  const fs::path not_mcap = temp_path("not.mcap");
  std::ofstream(not_mcap) << "t,x\n0,1\n";
  try {
    McapReader reader(not_mcap);
    FAIL() << "no error";
  } catch (const McapReadError& e) {
    EXPECT_EQ(std::string(e.what()),
              fmt::format("'{}' is not an MCAP file: it does not start with MCAP's magic bytes",
                          not_mcap.string()));
  }
  try {
    McapReader reader(temp_path("there_is_no_such.mcap"));
    FAIL() << "no error";
  } catch (const McapReadError& e) {
    EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos);
  }

  // A byte of a chunk's records flipped (uncompressed chunks: the CRC catches it).
  const fs::path path = temp_path("bad_crc.mcap");
  std::uint64_t chunk_at = 0;
  {
    McapWriterOptions options;
    options.compress = false;
    McapWriter writer(path, options);
    const std::uint16_t channel = writer.add_channel(0, "/x", "json");
    chunk_at = writer.bytes_written();
    for (int i = 0; i < 10; ++i)
      writer.write(channel, static_cast<std::uint64_t>(i), R"({"a":1})");
  }
  std::string bytes = bytes_of(path);
  bytes[chunk_at + 80] ^= 0x01;  // inside the first message's record
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  McapReader reader(path);
  McapMessage m;
  try {
    reader.next(m);
    FAIL() << "no error";
  } catch (const McapReadError& e) {
    EXPECT_EQ(std::string(e.what()), fmt::format("'{}', byte {}: a chunk whose CRC does not match "
                                                 "its records",
                                                 path.string(), chunk_at));
  }
}

}  // namespace
}  // namespace leeway
