#include "leeway/transport/foxglove/foxglove_websocket.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "leeway/transport/web/websocket_frame.h"

namespace leeway {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxMessageBytes = 1 << 20;  // a client's message, reassembled
constexpr std::size_t kMaxQueuedBytes = 16 << 20;  // a client's unsent bytes
constexpr std::size_t kMaxClients = 16;

template <typename T>
void put_le(std::string& out, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i)
    out += static_cast<char>((value >> (8 * i)) & 0xFF);
}

template <typename T>
T get_le(const std::string& in, std::size_t at) {
  T value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    value |= static_cast<T>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return value;
}

}  // namespace

/// One WebSocket client: its subscriptions (under mutex_) and client channels (the events
/// thread's alone), and what was dropped for want of room.
struct FoxgloveWebSocket::Client {
  web::WebServer::Connection connection = 0;
  std::string name;                                    ///< address:port, for the log
  std::map<std::uint32_t, std::size_t> subscriptions;  ///< subscription id: channel
  std::vector<std::vector<std::uint32_t>> by_channel;  ///< subscription ids, per channel
  std::map<std::uint32_t, std::string> channels;       ///< client channel id: topic
  std::uint64_t dropped = 0;                           ///< messages, since it was last told
  std::map<std::string, std::chrono::steady_clock::time_point> last_logged;  ///< by kind
};

FoxgloveWebSocket::FoxgloveWebSocket(std::vector<Channel> channels,
                                     std::map<std::string, std::string> metadata,
                                     const FoxgloveServerOptions& options,
                                     ClientMessage on_client_message)
    : channels_(std::move(channels)),
      on_client_message_(std::move(on_client_message)),
      // Two subscriptions a channel: a viewer moving a panel subscribes anew before it drops
      // the old one. More would only multiply what it is sent.
      max_subscriptions_(std::max<std::size_t>(64, 2 * channels_.size())) {
  subscribers_.assign(channels_.size(), 0);
  latched_.resize(channels_.size());
  latched_t_ns_.resize(channels_.size());
  json advertise = {{"op", "advertise"}, {"channels", json::array()}};
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    advertise["channels"].push_back({{"id", c},
                                     {"topic", channels_[c].topic},
                                     {"encoding", "json"},
                                     {"schemaName", channels_[c].schema_name},
                                     {"schema", channels_[c].schema},
                                     {"schemaEncoding", "jsonschema"}});
  }
  advertise_ = advertise.dump();
  server_info_ =
      json({{"op", "serverInfo"},
            {"name", "leeway"},
            {"capabilities", {"clientPublish", "time"}},
            {"supportedEncodings", {"json"}},
            {"metadata", metadata},
            {"sessionId", fmt::format("{}-{}", getpid(), static_cast<const void*>(this))}})
          .dump();
  web::WebServerOptions web;
  web.listen = options.listen;
  web.port = options.port;
  web.document_root = options.document_root;
  web.subprotocol = "foxglove.websocket.v1";
  web.max_websockets = kMaxClients;
  web.max_message_bytes = kMaxMessageBytes;
  web.max_queued_bytes = kMaxQueuedBytes;
  web::WebServer::Events events;
  events.opened = [this](Connection c, const std::string& peer) { opened(c, peer); };
  events.closed = [this](Connection c) { closed(c); };
  events.message = [this](Connection c, int opcode, std::string m) {
    take(c, opcode, std::move(m));
  };
  events.oversized = [this](Connection c, std::uint64_t bytes) {
    Client* client = nullptr;
    {
      std::lock_guard lock(mutex_);
      const auto it = clients_.find(c);
      if (it != clients_.end()) client = it->second.get();
    }
    if (client != nullptr)
      status(*client, 2, "oversized",
             fmt::format("a message of {} bytes or more, over the {} taken: ignored unread", bytes,
                         kMaxMessageBytes));
  };
  try {
    server_ = std::make_unique<web::WebServer>(web, std::move(events));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("cannot serve the viewer: {}", e.what()));
  }
}

// The server goes first: its threads deliver their last events while the clients still exist.
FoxgloveWebSocket::~FoxgloveWebSocket() {
  server_.reset();
}

std::size_t FoxgloveWebSocket::clients() const {
  std::lock_guard lock(mutex_);
  return clients_.size();
}

std::size_t FoxgloveWebSocket::subscriptions() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const int s : subscribers_)
    n += static_cast<std::size_t>(s);
  return n;
}

bool FoxgloveWebSocket::wants(std::size_t channel) const {
  std::lock_guard lock(mutex_);
  return subscribers_[channel] > 0 || channels_[channel].latched;
}

void FoxgloveWebSocket::send(Client& client, int opcode, std::string_view payload) {
  if (client.dropped > 0) {
    const std::string told =
        json({{"op", "status"},
              {"level", 1},
              {"message", fmt::format("{} messages dropped: this client reads more slowly "
                                      "than the run publishes",
                                      client.dropped)}})
            .dump();
    if (!server_->send(client.connection, web::opcode::kText, told)) {
      ++client.dropped;
      return;
    }
    client.dropped = 0;
  }
  if (!server_->send(client.connection, opcode, payload)) ++client.dropped;
}

namespace {

std::string message_frame(std::uint32_t subscription, std::uint64_t t_ns,
                          std::string_view json_text) {
  std::string frame;
  frame.reserve(13 + json_text.size());
  frame += '\x01';
  put_le(frame, subscription);
  put_le(frame, t_ns);
  frame += json_text;
  return frame;
}

}  // namespace

void FoxgloveWebSocket::publish(std::size_t channel, std::uint64_t t_ns,
                                std::string_view json_text) {
  std::lock_guard lock(mutex_);
  if (channels_[channel].latched) {
    latched_[channel] = json_text;
    latched_t_ns_[channel] = t_ns;
  }
  for (auto& [connection, client] : clients_) {
    for (const std::uint32_t sub : client->by_channel[channel])
      send(*client, web::opcode::kBinary, message_frame(sub, t_ns, json_text));
  }
}

void FoxgloveWebSocket::time(std::uint64_t t_ns) {
  std::string frame = "\x02";
  put_le(frame, t_ns);
  std::lock_guard lock(mutex_);
  for (auto& [connection, client] : clients_)
    send(*client, web::opcode::kBinary, frame);
}

void FoxgloveWebSocket::status_to_all(int level, const std::string& message) {
  const std::string frame = json({{"op", "status"}, {"level", level}, {"message", message}}).dump();
  std::lock_guard lock(mutex_);
  for (auto& [connection, client] : clients_)
    send(*client, web::opcode::kText, frame);
}

void FoxgloveWebSocket::clear_latched() {
  std::lock_guard lock(mutex_);
  for (std::string& m : latched_)
    m.clear();
}

void FoxgloveWebSocket::opened(Connection connection, const std::string& peer) {
  auto client = std::make_unique<Client>();
  client->connection = connection;
  client->name = peer;
  client->by_channel.resize(channels_.size());
  std::lock_guard lock(mutex_);
  send(*client, web::opcode::kText, server_info_);
  send(*client, web::opcode::kText, advertise_);
  clients_[connection] = std::move(client);
}

void FoxgloveWebSocket::closed(Connection connection) {
  std::lock_guard lock(mutex_);
  const auto it = clients_.find(connection);
  if (it == clients_.end()) return;
  for (const auto& [sub, channel] : it->second->subscriptions)
    --subscribers_[channel];
  clients_.erase(it);
}

void FoxgloveWebSocket::take(Connection connection, int opcode, std::string message) {
  Client* client = nullptr;
  {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(connection);
    if (it == clients_.end()) return;
    client = it->second.get();  // erased only by closed(), on this same thread
  }
  if (opcode == web::opcode::kText)
    handle_text(*client, message);
  else
    handle_binary(*client, message);
}

void FoxgloveWebSocket::status(Client& client, int level, const std::string& kind,
                               const std::string& message) {
  // On stderr at most once a second per client and kind; to the client every time.
  const auto now = std::chrono::steady_clock::now();
  auto [it, first] = client.last_logged.try_emplace(kind, now);
  if (first || now - it->second >= std::chrono::seconds(1)) {
    it->second = now;
    fmt::print(stderr, "leeway: viewer client {}: {}\n", client.name, message);
  }
  std::lock_guard lock(mutex_);
  send(client, web::opcode::kText,
       json({{"op", "status"}, {"level", level}, {"message", message}}).dump());
}

void FoxgloveWebSocket::handle_text(Client& client, const std::string& text) {
  const json request = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!request.is_object() || !request.contains("op") || !request["op"].is_string()) {
    status(client, 2, "malformed",
           "a text message that is not a JSON object with an \"op\": ignored");
    return;
  }
  const std::string op = request["op"];
  const std::size_t channel_count = channels_.size();
  try {
    if (op == "subscribe") {
      // Refusals are told in one status each kind, however many ids a request lists.
      std::vector<std::int64_t> unknown;
      std::size_t over_limit = 0, taken_ids = 0;
      {
        std::lock_guard lock(mutex_);
        for (const json& s : request.at("subscriptions")) {
          const auto id = s.at("id").get<std::uint32_t>();
          const auto channel = s.at("channelId").get<std::int64_t>();
          if (channel < 0 || static_cast<std::size_t>(channel) >= channel_count) {
            unknown.push_back(channel);
            continue;
          }
          if (client.subscriptions.contains(id)) {
            ++taken_ids;
            continue;
          }
          if (client.subscriptions.size() >= max_subscriptions_) {
            ++over_limit;
            continue;
          }
          const auto c = static_cast<std::size_t>(channel);
          client.subscriptions[id] = c;
          client.by_channel[c].push_back(id);
          ++subscribers_[c];
          if (!latched_[c].empty())
            send(client, web::opcode::kBinary, message_frame(id, latched_t_ns_[c], latched_[c]));
        }
      }
      if (!unknown.empty())
        status(client, 1, "unknown channel",
               unknown.size() == 1
                   ? fmt::format("subscribe: there is no channel {}", unknown.front())
                   : fmt::format("subscribe: there are no channels {} and {} more", unknown.front(),
                                 unknown.size() - 1));
      if (taken_ids > 0)
        status(client, 1, "subscription id taken",
               fmt::format("subscribe: {} subscription id{} already in use: ignored", taken_ids,
                           taken_ids == 1 ? "" : "s"));
      if (over_limit > 0)
        status(client, 2, "subscription limit",
               fmt::format("subscribe: {} subscription{} past the {} a client may hold: ignored",
                           over_limit, over_limit == 1 ? "" : "s", max_subscriptions_));
    } else if (op == "unsubscribe") {
      std::lock_guard lock(mutex_);
      for (const json& id : request.at("subscriptionIds")) {
        const auto it = client.subscriptions.find(id.get<std::uint32_t>());
        if (it == client.subscriptions.end()) continue;
        std::vector<std::uint32_t>& ids = client.by_channel[it->second];
        ids.erase(std::find(ids.begin(), ids.end(), it->first));
        --subscribers_[it->second];
        client.subscriptions.erase(it);
      }
    } else if (op == "advertise") {
      for (const json& c : request.at("channels")) {
        const std::string topic = c.at("topic").get<std::string>();
        if (c.contains("encoding") && c["encoding"] != "json") {
          status(client, 2, "encoding",
                 fmt::format("advertise '{}': encoding {}: Leeway takes json", topic,
                             c["encoding"].dump()));
          continue;
        }
        if (client.channels.size() >= max_subscriptions_) {
          status(client, 2, "client channel limit",
                 fmt::format("advertise '{}': past the {} channels a client may advertise", topic,
                             max_subscriptions_));
          continue;
        }
        client.channels[c.at("id").get<std::uint32_t>()] = topic;
      }
    } else if (op == "unadvertise") {
      for (const json& id : request.at("channelIds"))
        client.channels.erase(id.get<std::uint32_t>());
    } else {
      status(client, 1, "unknown op",
             fmt::format("an operation '{}' this server has not: ignored", op));
    }
  } catch (const json::exception& e) {
    status(client, 2, "malformed", fmt::format("{}: malformed: {}", op, e.what()));
  }
}

void FoxgloveWebSocket::handle_binary(Client& client, const std::string& bytes) {
  if (bytes.empty() || bytes[0] != '\x01') {
    status(
        client, 2, "binary opcode",
        fmt::format("a binary message of opcode {}: this server takes client messages (1) only",
                    bytes.empty() ? -1 : static_cast<int>(static_cast<unsigned char>(bytes[0]))));
    return;
  }
  if (bytes.size() < 5) {
    status(client, 2, "truncated", "a client message shorter than its 5-byte header: ignored");
    return;
  }
  const auto id = get_le<std::uint32_t>(bytes, 1);
  const auto it = client.channels.find(id);
  if (it == client.channels.end()) {
    status(client, 2, "unknown client channel",
           fmt::format("a message on client channel {}, which was not advertised: ignored", id));
    return;
  }
  const std::string refused = on_client_message_(it->second, std::string_view(bytes).substr(5));
  if (!refused.empty())
    status(client, 2, "refused " + it->second, fmt::format("{}: {}: ignored", it->second, refused));
}

}  // namespace leeway
