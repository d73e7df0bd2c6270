// The files a run writes (output/output_file.h, csv_field.h): every write checked, a failed one
// cut back to the last whole write and named; CSV fields as RFC 4180 quotes them.
#include "leeway/output/output_file.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

#include "app/leeway_process.h"
#include "leeway/output/csv_field.h"

namespace leeway {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(OutputFile, AFullDeviceIsNamedWithItsReason) {
  OutputFile full("/dev/full", "the recording");
  const std::string error = error_of([&] { full.write("t,model\n"); });
  EXPECT_NE(error.find("cannot write the recording '/dev/full': No space left on device"),
            std::string::npos)
      << error;
  EXPECT_EQ(full.bytes_written(), 0u);
}

TEST(OutputFile, AWritePastTheFilesLimitIsCutBackToTheLastWholeWrite) {
  // A file may grow to 1000 bytes (RLIMIT_FSIZE, as `ulimit -f` sets it; SIGXFSZ ignored, so the
  // write fails with EFBIG): rows of 64 bytes fit 15 times; the 16th reaches the limit part way
  // and is cut off.
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "leeway_output_file_limit.csv";
  rlimit before{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &before), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit limited = before;
  limited.rlim_cur = 1000;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
  const std::string row(63, 'x');
  std::size_t rows = 0;
  std::string error;
  {
    OutputFile file(path, "the recording");
    error = error_of([&] {
      for (; rows < 100; ++rows)
        file.write(row + "\n");
    });
    EXPECT_EQ(file.bytes_written(), 15u * 64u);
  }
  setrlimit(RLIMIT_FSIZE, &before);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(rows, 15u);
  EXPECT_NE(error.find("File too large"), std::string::npos) << error;
  EXPECT_NE(error.find("it holds the 960 bytes written before"), std::string::npos) << error;
  EXPECT_EQ(std::filesystem::file_size(path), 960u);  // whole rows only
  const std::string text = testing::slurp(path.string());
  EXPECT_EQ(text.back(), '\n');
}

TEST(CsvField, QuotesWhatWouldSplitARowAsRfc4180Does) {
  EXPECT_EQ(csv_field("wamv"), "wamv");
  EXPECT_EQ(csv_field("ot,ter"), "\"ot,ter\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field(""), "");
}

}  // namespace
}  // namespace leeway
