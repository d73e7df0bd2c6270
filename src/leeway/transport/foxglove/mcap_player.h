// A recording replayed to viewers (`leeway view run.mcap`, docs/viewer.md): its channels over the
// Foxglove WebSocket protocol (foxglove_websocket.h), so that the built-in page, Foxglove and
// Lichtblick show it as they show a live run. Playback starts when a first client subscribes;
// the messages go out at their log times, paced at
// `rate_factor` x the wall clock (0: as fast as possible), with a time frame every 0.1 s of log
// time; at the end the player waits. A channel whose metadata says `latched: true` (Leeway's
// /tf_static, /scene, /waves) gives a late subscriber its last message.
//
// Clients control it on /world/W/control or /control with the live run's JSON: {"pause": true};
// {"pause": false}; {"step": true} or {"multi_step": N} (N steps of the recording's dt, from its
// metadata, else 0.1 s each; paused after); {"reset": {"all": true}} (from the start again);
// {"rate_factor": 2}.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "leeway/transport/foxglove/foxglove_websocket.h"

namespace leeway {

class McapPlayer {
 public:
  /// Reads `path` through once for its channels and time span (throws McapReadError for a file
  /// that is not MCAP or is malformed) and starts serving; throws std::runtime_error if the port
  /// cannot be had.
  McapPlayer(const std::filesystem::path& path, const FoxgloveServerOptions& options,
             double rate_factor);
  ~McapPlayer();
  McapPlayer(const McapPlayer&) = delete;
  McapPlayer& operator=(const McapPlayer&) = delete;

  int port() const { return socket_->port(); }
  std::size_t channels() const { return channel_index_.size(); }
  std::uint64_t messages() const { return message_count_; }
  double duration() const { return 1e-9 * static_cast<double>(end_ns_ - start_ns_); }
  const std::string& world() const { return world_; }
  bool truncated() const { return truncated_; }

 private:
  std::string client_message(const std::string& topic, std::string_view json);
  void play();

  std::filesystem::path path_;
  std::map<std::uint16_t, std::size_t> channel_index_;  ///< MCAP channel id: socket channel
  std::uint64_t message_count_ = 0, start_ns_ = 0, end_ns_ = 0, step_ns_ = 100'000'000;
  std::string world_;
  bool truncated_ = false;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool paused_ = false, stopping_ = false, restart_ = false, rate_changed_ = false;
  double rate_factor_ = 1.0;
  std::optional<std::uint64_t> pause_after_ns_;  ///< a step's end: paused there
  std::uint64_t current_ns_ = 0;                 ///< the last message's log time

  std::optional<FoxgloveWebSocket> socket_;
  std::thread player_;
};

}  // namespace leeway
