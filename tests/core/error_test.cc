// Warnings said once a kind (core/error.h): what a world of many elements of one kind prints.
#include "leeway/core/error.h"

#include <gtest/gtest.h>

namespace leeway {
namespace {

TEST(Diagnostics, AKindIsTheMessageWithoutItsNamesAndNumbers) {
  const Diagnostic a{{}, "joint 'wamv/gps_joint' is treated as fixed: 2 links merged"};
  const Diagnostic b{{}, "joint 'arm/elbow' is treated as fixed: 10 links merged"};
  const Diagnostic c{{}, "visual 'hull' is not drawn: no such file 'hull.dae'"};
  EXPECT_EQ(a.kind(), "joint '*' is treated as fixed: # links merged");
  EXPECT_EQ(a.kind(), b.kind());
  EXPECT_NE(a.kind(), c.kind());
  // An apostrophe that opens no name (a floats' drag) keeps the rest as written.
  const Diagnostic float_drag{{}, "model 'buoy': its floats' drag"};
  EXPECT_EQ(float_drag.kind(), "model '*': its floats' drag");
}

TEST(Diagnostics, WarningLinesSayEachKindOnceUnlessVerbose) {
  Diagnostics d;
  for (const char* joint : {"a", "b", "c"})
    d.warn({"w.sdf", 3, std::string("joint[") + joint + "]"},
           std::string("joint '") + joint + "' is treated as fixed");
  d.warn({"w.sdf", 9, "plugin"}, "plugin 'x' has no meaning in Leeway and is ignored");
  const std::vector<std::string> normal = warning_lines(d.warnings(), Verbosity::kNormal);
  ASSERT_EQ(normal.size(), 2u);
  EXPECT_EQ(normal[0],
            "w.sdf:3: <joint[a]>\n         joint 'a' is treated as fixed (and 2 more like it; "
            "--verbose lists each)");
  EXPECT_EQ(normal[1],
            "w.sdf:9: <plugin>\n         plugin 'x' has no meaning in Leeway and is ignored");
  const std::vector<std::string> verbose = warning_lines(d.warnings(), Verbosity::kVerbose);
  ASSERT_EQ(verbose.size(), 4u);
  EXPECT_EQ(verbose[2], "w.sdf:3: <joint[c]>: joint 'c' is treated as fixed");
  EXPECT_TRUE(warning_lines(d.warnings(), Verbosity::kQuiet).empty());
}

}  // namespace
}  // namespace leeway
