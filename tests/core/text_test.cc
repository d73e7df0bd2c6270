// The readers' text helpers (core/text.h): ASCII folding that leaves other bytes alone, and
// trimming at the ends only.
#include "leeway/core/text.h"

#include <gtest/gtest.h>

namespace leeway {
namespace {

TEST(Text, AsciiLowercaseFoldsAToZAndLeavesUtf8BytesAsTheyAre) {
  EXPECT_EQ(ascii_lowercase("NCOLS 4 XllCorner"), "ncols 4 xllcorner");
  // "Ölsee_Ä.PNG" in UTF-8: the two-byte letters' bytes (above 127, negative as char) unchanged.
  const std::string name = "\xc3\x96lsee_\xc3\x84.PNG";
  EXPECT_EQ(ascii_lowercase(name), "\xc3\x96lsee_\xc3\x84.png");
  EXPECT_EQ(ascii_lowercase(""), "");
}

TEST(Text, TrimWhitespaceTakesOnlyTheEnds) {
  EXPECT_EQ(trim_whitespace(" \t 1 2\r\n"), "1 2");
  EXPECT_EQ(trim_whitespace(" \r\n\t "), "");
  EXPECT_EQ(trim_whitespace("keep-alive,\tUpgrade \r", " \t"), "keep-alive,\tUpgrade \r");
}

}  // namespace
}  // namespace leeway
