#include "leeway/transport/foxglove/mcap_player.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "leeway/formats/mcap_reader.h"
#include "leeway/transport/foxglove/control_message.h"

namespace leeway {

McapPlayer::McapPlayer(const std::filesystem::path& path, const FoxgloveServerOptions& options,
                       double rate_factor)
    : path_(path), rate_factor_(rate_factor) {
  McapReader reader(path);
  McapMessage m;
  while (reader.next(m)) {
    start_ns_ = message_count_ == 0 ? m.log_time : std::min(start_ns_, m.log_time);
    end_ns_ = message_count_ == 0 ? m.log_time : std::max(end_ns_, m.log_time);
    ++message_count_;
  }
  truncated_ = reader.truncated();
  std::vector<FoxgloveWebSocket::Channel> channels;
  for (const auto& [id, c] : reader.channels()) {
    if (c.message_encoding != "json") continue;  // the page, and this server, speak JSON
    channel_index_[id] = channels.size();
    const auto latched = c.metadata.find("latched");
    channels.push_back({c.topic, c.schema_name, c.schema,
                        latched != c.metadata.end() && latched->second == "true"});
  }
  std::map<std::string, std::string> metadata{{"recording", path.string()}};
  if (const auto run = reader.metadata().find("leeway"); run != reader.metadata().end()) {
    for (const auto& [key, value] : run->second)
      metadata[key] = value;
    world_ = metadata["world"];
    if (const double dt = std::atof(metadata["dt"].c_str()); dt > 0.0)
      step_ns_ = static_cast<std::uint64_t>(std::llround(dt * 1e9));
  }
  current_ns_ = start_ns_;
  socket_.emplace(std::move(channels), std::move(metadata), options,
                  [this](const std::string& topic, std::string_view text) {
                    return client_message(topic, text);
                  });
  player_ = std::thread([this] { play(); });
}

McapPlayer::~McapPlayer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  player_.join();
}

std::string McapPlayer::client_message(const std::string& topic, std::string_view text) {
  if (!topic.ends_with("/control"))
    return "no such topic: a recording takes world control only, on /world/W/control";
  const auto parsed = parse_control_message(text);
  if (const auto* refused = std::get_if<std::string>(&parsed)) return *refused;
  const ControlMessage& control = std::get<ControlMessage>(parsed);
  {
    std::lock_guard lock(mutex_);
    if (control.rate_factor) {
      rate_factor_ = *control.rate_factor;
      rate_changed_ = true;
    }
    if (!control.rate_only) {
      const WorldControlRequest& request = control.request;
      if (request.reset_all) restart_ = true;
      const std::uint64_t steps = request.multi_step + (request.step ? 1u : 0u);
      if (steps > 0) {
        paused_ = true;
        pause_after_ns_ = current_ns_ + steps * step_ns_;
      } else {
        paused_ = request.pause;
        pause_after_ns_.reset();
      }
    }
  }
  wake_.notify_all();
  return {};
}

void McapPlayer::play() {
  using Clock = std::chrono::steady_clock;
  std::optional<McapReader> reader;
  McapMessage m;
  bool have = false, at_end = false;
  Clock::time_point anchor_wall;
  std::uint64_t anchor_ns = start_ns_, next_time_frame = start_ns_;
  // From the start once someone watches: the first subscription, and a moment for the rest of
  // its client's to arrive.
  std::unique_lock lock(mutex_);
  while (!stopping_ && socket_->subscriptions() == 0)
    wake_.wait_for(lock, std::chrono::milliseconds(50));
  wake_.wait_for(lock, std::chrono::milliseconds(200), [&] { return stopping_; });
  restart_ = true;
  while (!stopping_) {
    if (restart_) {
      restart_ = false;
      lock.unlock();
      try {
        reader.reset();
        reader.emplace(path_);
      } catch (const McapReadError& e) {  // the file changed under us
        fmt::print(stderr, "leeway: {}\n", e.what());
        lock.lock();
        stopping_ = true;
        break;
      }
      socket_->clear_latched();
      lock.lock();
      have = at_end = false;
      anchor_wall = Clock::now();
      anchor_ns = next_time_frame = current_ns_ = start_ns_;
    }
    if (!have && !at_end) {
      lock.unlock();
      have = reader->next(m);
      lock.lock();
      at_end = !have;
    }
    if (at_end) {
      wake_.wait(lock, [&] { return stopping_ || restart_; });
      continue;
    }
    if (pause_after_ns_ && m.log_time > *pause_after_ns_) {  // a step played out
      pause_after_ns_.reset();
      paused_ = true;
    }
    if (paused_ && !pause_after_ns_) {
      wake_.wait(lock, [&] { return stopping_ || restart_ || !paused_ || pause_after_ns_; });
      anchor_wall = Clock::now();
      anchor_ns = current_ns_;
      continue;
    }
    if (rate_changed_) {
      rate_changed_ = false;
      anchor_wall = Clock::now();
      anchor_ns = current_ns_;
    }
    if (rate_factor_ > 0.0 && !pause_after_ns_) {
      const double ahead =
          (static_cast<double>(m.log_time) - static_cast<double>(anchor_ns)) * 1e-9 / rate_factor_;
      const auto due = anchor_wall + std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double>(std::max(ahead, 0.0)));
      if (wake_.wait_until(lock, due,
                           [&] { return stopping_ || restart_ || paused_ || rate_changed_; })) {
        continue;  // a control came first: look again
      }
    }
    lock.unlock();
    for (; next_time_frame <= m.log_time; next_time_frame += 100'000'000)
      socket_->time(next_time_frame);
    if (const auto c = channel_index_.find(m.channel); c != channel_index_.end())
      socket_->publish(c->second, m.log_time, m.data);
    lock.lock();
    current_ns_ = std::max(current_ns_, m.log_time);
    have = false;
  }
}

}  // namespace leeway
