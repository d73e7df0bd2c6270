#include "leeway/transport/foxglove/foxglove_websocket.h"

#include <arpa/inet.h>
#include <civetweb.h>
#include <fmt/format.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <deque>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace leeway {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxMessageBytes = 1 << 20;  // a client's message, reassembled
constexpr std::size_t kMaxQueuedBytes = 16 << 20;  // a client's unsent messages

/// Opens and closes a TCP connection to `host`:`port`, ignoring failure.
void knock(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return;
  const int fd = socket(found->ai_family, found->ai_socktype, found->ai_protocol);
  if (fd >= 0) {
    connect(fd, found->ai_addr, found->ai_addrlen);
    close(fd);
  }
  freeaddrinfo(found);
}

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

/// One WebSocket connection: its subscriptions and client channels, the frames waiting to be
/// sent (by the sender thread alone), and the message being reassembled from its fragments.
struct FoxgloveWebSocket::Client {
  mg_connection* conn = nullptr;
  std::string name;                                    ///< address:port, for the log
  std::map<std::uint32_t, std::size_t> subscriptions;  ///< subscription id: channel
  std::map<std::uint32_t, std::string> channels;       ///< client channel id: topic
  // The sender's side, under FoxgloveWebSocket::mutex_.
  std::deque<std::pair<int, std::string>> queue;  ///< (WebSocket opcode, frame)
  std::size_t queued_bytes = 0;
  std::uint64_t dropped = 0;
  bool closed = false;
  void push(int opcode, std::string frame) {
    queued_bytes += frame.size();
    queue.emplace_back(opcode, std::move(frame));
  }
  std::mutex write;  ///< held while writing; the close handler waits for it
  // The reader's side (civetweb's thread for this connection).
  int opcode = 0;
  std::string message;
  bool oversized = false;
  std::map<std::string, std::chrono::steady_clock::time_point> last_logged;  ///< by kind
};

FoxgloveWebSocket::FoxgloveWebSocket(std::vector<Channel> channels,
                                     std::map<std::string, std::string> metadata,
                                     const FoxgloveServerOptions& options,
                                     ClientMessage on_client_message)
    : channels_(std::move(channels)), on_client_message_(std::move(on_client_message)) {
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

  mg_init_library(0);
  const std::string ports = fmt::format("{}:{}", options.listen, options.port);
  std::vector<const char*> settings = {
      "listening_ports",  ports.c_str(),
      "num_threads",      "16",
      "extra_mime_types", ".wasm=application/wasm,.mjs=application/javascript"};
  if (!options.document_root.empty()) {
    settings.push_back("document_root");
    settings.push_back(options.document_root.c_str());
  }
  settings.push_back(nullptr);
  mg_callbacks callbacks{};
  callbacks.log_message = [](const mg_connection*, const char*) { return 1; };  // ours says it
  context_ = mg_start(&callbacks, this, settings.data());
  if (context_ == nullptr) {
    mg_exit_library();
    throw std::runtime_error(fmt::format(
        "cannot serve the viewer on {}: the port is taken or the address is not this machine's",
        ports));
  }
  mg_server_port bound[4]{};
  if (mg_get_server_ports(context_, 4, bound) > 0) port_ = bound[0].port;
  listen_ = options.listen;
  static const char* kProtocol[] = {"foxglove.websocket.v1"};
  static mg_websocket_subprotocols kSubprotocols{1, kProtocol};
  mg_set_websocket_handler_with_subprotocols(context_, "/", &kSubprotocols, on_connect, on_ready,
                                             on_data, on_close, this);
  sender_ = std::thread([this] { send_loop(); });
}

FoxgloveWebSocket::~FoxgloveWebSocket() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_sender_.notify_all();
  sender_.join();
  // A close frame (1001, going away) to each client: its reply ends the connection's read at
  // once, where mg_stop alone would wait for civetweb's read to time out (about 2 s).
  std::vector<std::shared_ptr<Client>> clients;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [conn, client] : clients_)
      clients.push_back(client);
  }
  for (const std::shared_ptr<Client>& client : clients) {
    std::lock_guard write(client->write);
    if (!client->closed) {
      const char going_away[] = {'\x03', '\xe9'};
      mg_websocket_write(client->conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, going_away, 2);
    }
  }
  // civetweb's listening thread looks at its stop flag between polls of up to 2 s; a knock on
  // the port every 20 ms ends its poll, so the run stops within a second of being asked.
  std::atomic<bool> stopped = false;
  std::thread knocker([&] {
    while (!stopped) {
      knock(listen_, port_);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  mg_stop(context_);
  stopped = true;
  knocker.join();
  mg_exit_library();
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

void FoxgloveWebSocket::publish(std::size_t channel, std::uint64_t t_ns,
                                std::string_view json_text) {
  std::lock_guard lock(mutex_);
  if (channels_[channel].latched) {
    latched_[channel] = json_text;
    latched_t_ns_[channel] = t_ns;
  }
  bool any = false;
  for (auto& [conn, client] : clients_) {
    for (const auto& [sub, c] : client->subscriptions) {
      if (c != channel) continue;
      if (client->queued_bytes > kMaxQueuedBytes) {
        ++client->dropped;
        continue;
      }
      std::string frame;
      frame.reserve(13 + json_text.size());
      frame += '\x01';
      put_le(frame, sub);
      put_le(frame, t_ns);
      frame += json_text;
      client->push(MG_WEBSOCKET_OPCODE_BINARY, std::move(frame));
      any = true;
    }
  }
  if (any) wake_sender_.notify_one();
}

void FoxgloveWebSocket::time(std::uint64_t t_ns) {
  std::string frame = "\x02";
  put_le(frame, t_ns);
  std::lock_guard lock(mutex_);
  for (auto& [conn, client] : clients_)
    client->push(MG_WEBSOCKET_OPCODE_BINARY, frame);
  if (!clients_.empty()) wake_sender_.notify_one();
}

void FoxgloveWebSocket::status_to_all(int level, const std::string& message) {
  const std::string frame = json({{"op", "status"}, {"level", level}, {"message", message}}).dump();
  std::lock_guard lock(mutex_);
  for (auto& [conn, client] : clients_)
    client->push(MG_WEBSOCKET_OPCODE_TEXT, frame);
  if (!clients_.empty()) wake_sender_.notify_one();
}

void FoxgloveWebSocket::clear_latched() {
  std::lock_guard lock(mutex_);
  for (std::string& m : latched_)
    m.clear();
}

void FoxgloveWebSocket::send_loop() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_sender_.wait(lock, [&] {
      if (stopping_) return true;
      for (const auto& [conn, client] : clients_) {
        if (!client->queue.empty()) return true;
      }
      return false;
    });
    if (stopping_) return;
    // One frame from each client in turn: a slow one does not hold the others back for long.
    std::vector<std::pair<std::shared_ptr<Client>, std::pair<int, std::string>>> batch;
    for (auto& [conn, client] : clients_) {
      if (client->queue.empty()) continue;
      batch.emplace_back(client, std::move(client->queue.front()));
      client->queued_bytes -= batch.back().second.second.size();
      client->queue.pop_front();
      if (client->dropped > 0 && client->queue.empty()) {
        client->push(
            MG_WEBSOCKET_OPCODE_TEXT,
            json({{"op", "status"},
                  {"level", 1},
                  {"message", fmt::format("{} messages dropped: this client reads more slowly "
                                          "than the run publishes",
                                          client->dropped)}})
                .dump());
        client->dropped = 0;
      }
    }
    lock.unlock();
    for (auto& [client, frame] : batch) {
      std::lock_guard write(client->write);
      if (!client->closed)
        mg_websocket_write(client->conn, frame.first, frame.second.data(), frame.second.size());
    }
    lock.lock();
  }
}

int FoxgloveWebSocket::on_connect(const mg_connection*, void*) {
  return 0;
}

void FoxgloveWebSocket::on_ready(mg_connection* conn, void* self_pointer) {
  auto* self = static_cast<FoxgloveWebSocket*>(self_pointer);
  auto client = std::make_shared<Client>();
  client->conn = conn;
  const mg_request_info* info = mg_get_request_info(conn);
  client->name = fmt::format("{}:{}", info->remote_addr, info->remote_port);
  std::lock_guard lock(self->mutex_);
  client->push(MG_WEBSOCKET_OPCODE_TEXT, self->server_info_);
  client->push(MG_WEBSOCKET_OPCODE_TEXT, self->advertise_);
  self->clients_[conn] = client;
  self->wake_sender_.notify_one();
}

void FoxgloveWebSocket::on_close(const mg_connection* conn, void* self_pointer) {
  auto* self = static_cast<FoxgloveWebSocket*>(self_pointer);
  std::shared_ptr<Client> client;
  {
    std::lock_guard lock(self->mutex_);
    const auto it = self->clients_.find(conn);
    if (it == self->clients_.end()) return;
    client = it->second;
    for (const auto& [sub, channel] : client->subscriptions)
      --self->subscribers_[channel];
    self->clients_.erase(it);
  }
  std::lock_guard write(client->write);  // a write in progress ends before the connection does
  client->closed = true;
}

int FoxgloveWebSocket::on_data(mg_connection* conn, int bits, char* data, std::size_t size,
                               void* self_pointer) {
  auto* self = static_cast<FoxgloveWebSocket*>(self_pointer);
  std::shared_ptr<Client> client;
  {
    std::lock_guard lock(self->mutex_);
    const auto it = self->clients_.find(conn);
    if (it == self->clients_.end()) return 1;
    client = it->second;
  }
  const int opcode = bits & 0x0F;
  const bool fin = (bits & 0x80) != 0;
  if (opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) return 0;
  if (opcode == MG_WEBSOCKET_OPCODE_PING || opcode == MG_WEBSOCKET_OPCODE_PONG) return 1;
  if (opcode != MG_WEBSOCKET_OPCODE_CONTINUATION) {
    client->opcode = opcode;
    client->message.clear();
    client->oversized = false;
  }
  if (client->message.size() + size > kMaxMessageBytes) {
    client->oversized = true;
    client->message.clear();
  }
  if (!client->oversized) client->message.append(data, size);
  if (!fin) return 1;
  if (client->oversized) {
    self->status(*client, 2, "oversized",
                 fmt::format("a message over {} bytes: ignored", kMaxMessageBytes));
  } else if (client->opcode == MG_WEBSOCKET_OPCODE_TEXT) {
    self->handle_text(*client, client->message);
  } else if (client->opcode == MG_WEBSOCKET_OPCODE_BINARY) {
    self->handle_binary(*client, client->message);
  } else {
    self->status(*client, 2, "opcode",
                 fmt::format("a frame of WebSocket opcode {}: ignored", client->opcode));
  }
  client->message.clear();
  return 1;
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
  client.push(MG_WEBSOCKET_OPCODE_TEXT,
              json({{"op", "status"}, {"level", level}, {"message", message}}).dump());
  wake_sender_.notify_one();
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
      std::vector<std::size_t> latched;
      {
        std::lock_guard lock(mutex_);
        for (const json& s : request.at("subscriptions")) {
          const auto id = s.at("id").get<std::uint32_t>();
          const auto channel = s.at("channelId").get<std::int64_t>();
          if (channel < 0 || static_cast<std::size_t>(channel) >= channel_count ||
              client.subscriptions.contains(id)) {
            continue;  // told below, outside the lock
          }
          client.subscriptions[id] = static_cast<std::size_t>(channel);
          ++subscribers_[static_cast<std::size_t>(channel)];
          if (!latched_[static_cast<std::size_t>(channel)].empty()) latched.push_back(id);
        }
        for (const std::uint32_t id : latched) {
          const std::size_t c = client.subscriptions[id];
          std::string frame = "\x01";
          put_le(frame, id);
          put_le(frame, latched_t_ns_[c]);
          frame += latched_[c];
          client.push(MG_WEBSOCKET_OPCODE_BINARY, std::move(frame));
        }
        wake_sender_.notify_one();
      }
      for (const json& s : request.at("subscriptions")) {
        const auto channel = s.at("channelId").get<std::int64_t>();
        if (channel < 0 || static_cast<std::size_t>(channel) >= channel_count)
          status(client, 1, "unknown channel",
                 fmt::format("subscribe: there is no channel {}", channel));
      }
    } else if (op == "unsubscribe") {
      std::lock_guard lock(mutex_);
      for (const json& id : request.at("subscriptionIds")) {
        const auto it = client.subscriptions.find(id.get<std::uint32_t>());
        if (it == client.subscriptions.end()) continue;
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
