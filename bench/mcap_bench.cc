// The MCAP writer (view/mcap_writer.h): bytes of message payload taken per second, into a file
// under /tmp, chunks of 1 MiB.
//
//   McapWrite/zstd3     zstd at its default level 3 (the recorder's setting)
//   McapWrite/zstd1     zstd at level 1
//   McapWrite/none      uncompressed chunks: framing, indexes, CRC-32 and write() alone
//   FileWrite           the baseline: the same payloads written to a file as they come, with
//                       no MCAP at all
// The payloads are JSON as the recorder writes it: transforms of bodies with drifting numbers
// (about 600 B each) and one sea-surface-sized message (48 kB) in every hundred. The issue's bar:
// at least 100 MB/s of input on one core.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "leeway/formats/mcap_writer.h"

namespace leeway {
namespace {

std::vector<std::string> payloads() {
  std::vector<std::string> out;
  for (int i = 0; i < 1000; ++i) {
    const double t = 0.1 * i;
    std::string m = R"({"transforms":[)";
    const int count = i % 100 == 0 ? 400 : 5;  // a sea-sized message now and then
    for (int b = 0; b < count; ++b) {
      fmt::format_to(std::back_inserter(m),
                     R"({}{{"timestamp":{{"sec":{},"nsec":{}}},"parent_frame_id":"world",)"
                     R"("child_frame_id":"body{}","translation":{{"x":{},"y":{},"z":{}}},)"
                     R"("rotation":{{"x":{},"y":{},"z":{},"w":{}}}}})",
                     b == 0 ? "" : ",", i / 10, (i % 10) * 100000000, b, 3.0 * std::sin(t + b),
                     2.0 * std::cos(0.3 * t), 0.05 * std::sin(2.1 * t), 0.01 * std::sin(t),
                     0.02 * std::cos(t), std::sin(0.05 * t), std::cos(0.05 * t));
    }
    out.push_back(m + "]}");
  }
  return out;
}

const std::filesystem::path kFile = std::filesystem::temp_directory_path() / "leeway_bench.mcap";

void McapWrite(benchmark::State& bs, bool compress, int level) {
  const std::vector<std::string> messages = payloads();
  std::int64_t bytes = 0;
  for (auto _ : bs) {
    McapWriterOptions options;
    options.compress = compress;
    options.zstd_level = level;
    McapWriter writer(kFile, options);
    const std::uint16_t schema = writer.add_schema("foxglove.FrameTransforms", "jsonschema", "{}");
    const std::uint16_t channel = writer.add_channel(schema, "/tf", "json");
    for (std::size_t i = 0; i < messages.size(); ++i)
      writer.write(channel, 100'000'000ull * i, messages[i]);
    writer.close();
    bytes += static_cast<std::int64_t>(writer.bytes_in());
    bs.counters["compression"] =
        static_cast<double>(writer.bytes_in()) / static_cast<double>(writer.bytes_written());
  }
  bs.SetBytesProcessed(bytes);
  std::filesystem::remove(kFile);
}
BENCHMARK_CAPTURE(McapWrite, zstd3, true, 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(McapWrite, zstd1, true, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(McapWrite, none, false, 0)->Unit(benchmark::kMillisecond);

void FileWrite(benchmark::State& bs) {
  const std::vector<std::string> messages = payloads();
  std::int64_t bytes = 0;
  for (auto _ : bs) {
    const int fd = ::open(kFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    for (const std::string& m : messages) {
      if (::write(fd, m.data(), m.size()) != static_cast<ssize_t>(m.size()))
        bs.SkipWithError("write");
      bytes += static_cast<std::int64_t>(m.size());
    }
    ::close(fd);
  }
  bs.SetBytesProcessed(bytes);
  std::filesystem::remove(kFile);
}
BENCHMARK(FileWrite)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace leeway
