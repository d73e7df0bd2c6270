#include "leeway/sdf/spawn_option.h"

#include <fmt/format.h>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace leeway {

Spawn parse_spawn(const std::string& option) {
  const auto fail = [&](const std::string& why) {
    return std::runtime_error(
        fmt::format("--spawn '{}': {}; expected NAME=URI[@X,Y,Z[,ROLL,PITCH,YAW]], e.g. "
                    "wamv=model://wamv@-532,162,0,0,0,1",
                    option, why));
  };
  Spawn spawn;
  std::string uri = option;
  // A name is a plain word before '='; a URI's own '=' (a query) comes after its "://".
  if (const std::size_t equals = option.find('=');
      equals != std::string::npos &&
      option.substr(0, equals).find_first_of("/:@") == std::string::npos) {
    spawn.name = option.substr(0, equals);
    uri = option.substr(equals + 1);
    if (spawn.name.empty()) throw fail("an empty NAME");
  }
  if (const std::size_t at = uri.rfind('@'); at != std::string::npos) {
    std::vector<double> values;
    std::stringstream list(uri.substr(at + 1));
    for (std::string text; std::getline(list, text, ',');) {
      double v = 0.0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
          !std::isfinite(v)) {
        throw fail(fmt::format("pose value '{}' is not a finite number", text));
      }
      values.push_back(v);
    }
    if (values.size() != 3 && values.size() != 6) {
      throw fail(fmt::format("{} pose values", values.size()));
    }
    for (std::size_t i = 0; i < values.size(); ++i)
      spawn.pose_xyz_rpy[i] = values[i];
    uri = uri.substr(0, at);
  }
  if (uri.empty()) throw fail("no URI");
  spawn.uri = uri;
  return spawn;
}

}  // namespace leeway
