#include "leeway/app/view_command.h"

#include <fmt/format.h>
#include <pthread.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "leeway/app/web_root.h"
#include "leeway/formats/mcap_reader.h"
#include "leeway/transport/foxglove/mcap_player.h"

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
  options.document_root = served_page_root("view");
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
  if (!options.document_root.empty())
    fmt::print("viewing    open http://{}:{}/ in a browser\n", o.listen, player->port());
  fmt::print("           Foxglove or Lichtblick: open a connection to ws://{}:{}; Ctrl-C stops\n",
             o.listen, player->port());
  std::fflush(stdout);
  int signal = 0;
  sigwait(&signals, &signal);
  return 0;
}

}  // namespace leeway
