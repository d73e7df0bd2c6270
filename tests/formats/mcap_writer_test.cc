// Leeway's MCAP writer (formats/mcap_writer.h) against @mcap/core's readers: the indexed reader
// finds every message through the summary and the indexes, the stream reader reads a file cut
// anywhere after a chunk up to that chunk, and a write that fails mid-run leaves a readable file.
#include "leeway/formats/mcap_writer.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>

#include "formats/mcap_reader.h"

namespace leeway {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::bytes_of;
using testing::read_mcap;
using testing::temp_path;

McapWriterOptions chunks_of(std::size_t bytes, bool compress = true) {
  McapWriterOptions options;
  options.chunk_bytes = bytes;
  options.compress = compress;
  return options;
}

struct Written {
  std::uint16_t channel;
  std::uint64_t t;
  std::string data;
};

/// Where the file ended after each finished chunk, and how many messages it then held.
struct ChunkEnd {
  std::uint64_t bytes;
  std::size_t messages;
};

/// A recording of three channels, `n` messages of sizes from 2 B to 3 kB, times stepping
/// forward by 1 ms with one message in ten 5 ms in the past (the writer takes any order).
std::vector<Written> write_sample(McapWriter& writer, int n,
                                  std::vector<ChunkEnd>* ends = nullptr) {
  const std::uint16_t json_schema =
      writer.add_schema("test.Sample", "jsonschema", R"({"type":"object"})");
  const std::uint16_t channels[] = {writer.add_channel(json_schema, "/a", "json"),
                                    writer.add_channel(json_schema, "/b", "json", {{"k", "v"}}),
                                    writer.add_channel(0, "/raw", "text")};
  writer.write_metadata("run", {{"world", "test"}, {"seed", "7"}});
  std::mt19937_64 rng(42);
  std::vector<Written> out;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t t =
        1'000'000ull * static_cast<std::uint64_t>(i + 10) - (i % 10 == 3 ? 5'000'000ull : 0ull);
    const std::uint16_t c = channels[rng() % 3];
    const std::string data = fmt::format(
        R"({{"i":{},"pad":"{}"}})", i, std::string(rng() % 3000, static_cast<char>('a' + i % 26)));
    const std::uint64_t chunks = writer.chunks();
    writer.write(c, t, data);
    out.push_back({c, t, data});
    if (ends != nullptr && writer.chunks() > chunks)
      ends->push_back({writer.bytes_written(), out.size()});
  }
  return out;
}

TEST(McapWriter, IndexedReaderFindsEveryMessageThroughTheSummary) {
  for (const bool compress : {true, false}) {
    SCOPED_TRACE(compress ? "zstd" : "uncompressed");
    const fs::path path = temp_path(compress ? "indexed_zstd.mcap" : "indexed_raw.mcap");
    std::vector<Written> written;
    {
      McapWriter writer(path, chunks_of(32 * 1024, compress));
      written = write_sample(writer, 2000);
      writer.close();
      EXPECT_EQ(writer.messages(), 2000u);
      EXPECT_GT(writer.chunks(), 20u);
      EXPECT_EQ(writer.bytes_written(), fs::file_size(path));
      if (compress) {
        EXPECT_LT(writer.bytes_written(), writer.bytes_in() / 5);  // repetitive payloads
      }
    }
    const json r = read_mcap("indexed", path);
    ASSERT_FALSE(r.is_null());
    EXPECT_EQ(r["header"]["library"], "leeway");
    ASSERT_EQ(r["schemas"].size(), 1u);
    EXPECT_EQ(r["schemas"][0]["name"], "test.Sample");
    EXPECT_EQ(r["schemas"][0]["encoding"], "jsonschema");
    ASSERT_EQ(r["channels"].size(), 3u);
    EXPECT_EQ(r["channels"][1]["topic"], "/b");
    EXPECT_EQ(r["channels"][1]["metadata"]["k"], "v");
    EXPECT_EQ(r["channels"][2]["schemaId"], 0);
    EXPECT_EQ(r["metadata"][0]["name"], "run");
    EXPECT_EQ(r["metadata"][0]["metadata"]["seed"], "7");
    for (const json& c : r["chunks"])
      EXPECT_EQ(c["compression"], compress ? "zstd" : "");

    // The statistics count what was written, channel by channel.
    std::map<std::string, int> counts;
    for (const Written& w : written)
      ++counts[std::to_string(w.channel)];
    EXPECT_EQ(r["statistics"]["messageCount"], "2000");
    EXPECT_EQ(r["statistics"]["chunkCount"], r["chunks"].size());
    for (const auto& [channel, count] : counts)
      EXPECT_EQ(r["statistics"]["channelMessageCounts"][channel], std::to_string(count));

    // Every message, found through the indexes in log-time order, as it was written.
    ASSERT_EQ(r["messages"].size(), written.size());
    std::uint64_t last = 0;
    std::vector<bool> seen(written.size(), false);
    for (const json& m : r["messages"]) {
      const std::uint64_t t = std::stoull(m["logTime"].get<std::string>());
      EXPECT_GE(t, last);
      last = t;
      const std::size_t i = m["sequence"];
      ASSERT_LT(i, written.size());
      EXPECT_FALSE(seen[i]);
      seen[i] = true;
      EXPECT_EQ(m["channelId"], written[i].channel);
      EXPECT_EQ(t, written[i].t);
      EXPECT_EQ(m["data"], written[i].data);
    }
    EXPECT_EQ(r["statistics"]["messageStartTime"], "8000000");  // message 3: 13 ms, 5 ms back
    EXPECT_EQ(r["statistics"]["messageEndTime"], std::to_string(1'000'000ull * 2009));
  }
}

TEST(McapWriter, AFileCutAfterAChunkReadsUpToThatChunk) {
  const fs::path path = temp_path("whole.mcap");
  std::vector<ChunkEnd> ends;
  std::vector<Written> written;
  {
    McapWriter writer(path, chunks_of(16 * 1024));
    written = write_sample(writer, 600, &ends);
  }
  ASSERT_GT(ends.size(), 10u);
  const json whole = read_mcap("stream", path);
  ASSERT_FALSE(whole.is_null());
  EXPECT_TRUE(whole["complete"]);
  EXPECT_EQ(whole["messages"].size(), written.size());

  const std::string bytes = bytes_of(path);
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 5; ++trial) {
    // A cut anywhere from the end of chunk k (and its indexes) to the end of chunk k + 1.
    const std::size_t k = rng() % (ends.size() - 1);
    const std::uint64_t cut = ends[k].bytes + rng() % (ends[k + 1].bytes - ends[k].bytes);
    SCOPED_TRACE(
        fmt::format("cut at byte {} after chunk {} (ending at {})", cut, k, ends[k].bytes));
    const fs::path cut_path = temp_path("cut.mcap");
    std::ofstream(cut_path, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(cut));
    const json r = read_mcap("stream", cut_path);
    ASSERT_FALSE(r.is_null());
    EXPECT_FALSE(r["complete"]);
    // Chunk k's messages; or k + 1's too when the cut falls among its message indexes (the
    // chunk record itself is whole).
    const std::size_t n = r["messages"].size();
    EXPECT_TRUE(n == ends[k].messages || (n == ends[k + 1].messages && cut > ends[k].bytes))
        << n << " messages read";
    for (std::size_t i = 0; i < std::min(n, written.size()); ++i)
      EXPECT_EQ(r["messages"][i], whole["messages"][i]);
  }
}

TEST(McapWriter, AWriteThatFailsLeavesTheChunksBeforeItReadable) {
  // A child process whose files may not grow past 150 kB: as a full disk does, the kernel
  // refuses the write that would cross it (EFBIG).
  const fs::path path = temp_path("full.mcap");
  const fs::path report = temp_path("full.txt");
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{150'000, 150'000};
    setrlimit(RLIMIT_FSIZE, &limit);
    std::string what = "no error";
    try {
      McapWriter writer(path, chunks_of(16 * 1024));
      write_sample(writer, 5000);
    } catch (const McapWriteError& e) {
      what = e.what();
    }
    std::ofstream(report) << what;
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  const std::string what = bytes_of(report);
  EXPECT_NE(what.find("writing the recording '" + path.string() + "' failed"), std::string::npos)
      << what;
  EXPECT_NE(what.find("File too large"), std::string::npos) << what;

  const json r = read_mcap("stream", path);
  ASSERT_FALSE(r.is_null());
  EXPECT_FALSE(r["complete"]);
  EXPECT_GT(r["messages"].size(), 50u);
  EXPECT_LE(fs::file_size(path), 150'000u);
  EXPECT_NE(what.find(fmt::format("keeps the {} messages", r["messages"].size())),
            std::string::npos)
      << what;
}

TEST(McapWriter, AnUnwritableTargetIsAnErrorAtOnce) {
  try {
    McapWriter writer("/nonexistent/folder/run.mcap");
    FAIL() << "no error";
  } catch (const McapWriteError& e) {
    EXPECT_STREQ(e.what(),
                 "cannot write the recording '/nonexistent/folder/run.mcap': No such file or "
                 "directory");
  }
  try {
    McapWriter writer("/dev/full");
    FAIL() << "no error";
  } catch (const McapWriteError& e) {
    EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos) << e.what();
  }
}

TEST(McapWriter, TheSameMessagesGiveTheSameBytes) {
  const auto write = [](const fs::path& path) {
    McapWriter writer(path, chunks_of(8 * 1024));
    write_sample(writer, 300);
  };
  write(temp_path("same_a.mcap"));
  write(temp_path("same_b.mcap"));
  EXPECT_EQ(bytes_of(temp_path("same_a.mcap")), bytes_of(temp_path("same_b.mcap")));
}

}  // namespace
}  // namespace leeway
