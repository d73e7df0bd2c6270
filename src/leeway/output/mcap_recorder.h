// Recording a run as MCAP (`leeway run --record run.mcap`): every message of the view's channels
// (view_channels.h), with their JSON Schemas, written by Leeway's MCAP writer (mcap_writer.h) in
// zstd chunks with the indexes and summary that let Foxglove, Lichtblick and `leeway view` seek.
// A metadata record "leeway" holds the world's name, source, seed and step. Cameras, lidars and
// sonars are drawn at the recording's frame rate (their first sample in each frame), not at
// theirs: a recording of VRX's three 30 Hz cameras at 10 Hz draws a third of their frames.
//
// A target that cannot be written is an error before the run starts. A write that fails mid-run
// (a full disk) ends the run with that error (RunEnd::error); the file keeps the chunks finished
// before, readable by a stream reader.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "leeway/formats/mcap_writer.h"
#include "leeway/transport/foxglove/view_channels.h"

namespace leeway {

/// An observer (sim/simulation.h), due at every step.
class McapRecorder final : public Observer, private MessageSink {
 public:
  /// Creates `path` with the channels of `sim`'s world; throws McapWriteError if it cannot be
  /// written, std::invalid_argument for bad view options.
  McapRecorder(const std::filesystem::path& path, const Simulation& sim, ViewOptions options,
               McapWriterOptions writer_options = {});

  void on_start(const Simulation& sim) override;
  void on_step(const Simulation& sim) override;
  void on_end(const Simulation& sim, const RunEnd& end) override;
  /// Every camera's, lidar's and sonar's first sample in each frame of the recording (at its
  /// frame rate, ViewOptions::frame_rate_hz), none once the recording failed.
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override;

  const McapWriter& writer() const { return writer_; }
  const ViewChannels& channels() const { return channels_; }
  /// Why the recording stopped early; empty while it goes on (and after a good end).
  const std::string& failure() const { return failure_; }

 private:
  bool wants(std::size_t) const override { return failure_.empty(); }
  void take(std::size_t channel, std::uint64_t t_ns, std::string_view json) override;

  ViewChannels channels_;
  McapWriter writer_;
  std::vector<std::uint16_t> channel_ids_;  ///< the writer's, by view channel
  std::string failure_;
};

}  // namespace leeway
