#include "leeway/app/view_command.h"

#include <fmt/format.h>
#include <pthread.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "leeway/app/web_root.h"
#include "leeway/view/mcap_player.h"
#include "leeway/view/mcap_reader.h"

namespace leeway {

int view_command(const ViewCommandOptions& o) {
  // SIGINT and SIGTERM end the replay: blocked in every thread made from here on, taken below.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  FoxgloveServerOptions options;
  options.listen = o.listen;
  options.port = o.port;
  options.document_root = viewer_web_root();
  const bool page =
      std::filesystem::exists(std::filesystem::path(options.document_root) / "index.html");
  const std::string web_root = options.document_root;
  if (!page) options.document_root.clear();
  std::optional<McapPlayer> player;
  try {
    player.emplace(o.recording, options, o.rate_factor);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  fmt::print("recording  {} (world {}, {} messages on {} channels, {:.1f} s{})\n", o.recording,
             player->world().empty() ? "unnamed" : player->world(), player->messages(),
             player->channels(), player->duration(),
             player->truncated() ? "; cut short: read up to its last whole record" : "");
  if (page) {
    fmt::print("viewing    open http://{}:{}/ in a browser\n", o.listen, player->port());
  } else {
    fmt::print(stderr, "warning: no viewer page in '{}': serving the WebSocket alone\n", web_root);
  }
  fmt::print("           Foxglove or Lichtblick: open a connection to ws://{}:{}; Ctrl-C stops\n",
             o.listen, player->port());
  std::fflush(stdout);
  int signal = 0;
  sigwait(&signals, &signal);
  return 0;
}

}  // namespace leeway
