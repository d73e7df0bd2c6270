// What a load must set around libsdformat 12, which reads an included model's own <include>s
// with its *global* configuration, not the one given to Root::Load, and prints (rather than
// returns) the errors it meets there: an include nested in an included model that cannot be
// found would otherwise vanish with a console line (VRX's ground_station includes its tent so).
// A document libsdformat cannot read as SDF it tries as URDF, whose parser (urdfdom, through
// console_bridge) then prints "Could not find the 'robot' element" to stderr: a line about a
// format the file is not in, which is dropped; what else urdfdom says is passed on.
#pragma once

#include <memory>
#include <mutex>
#include <sstream>

#include <sdf/Error.hh>
#include <sdf/ParserConfig.hh>

namespace leeway::sdfio {

/// For its lifetime: sdformat's global configuration is `config`, and what sdformat prints (to
/// its console or to std::cerr) is captured. One load at a time holds it (loads on several threads
/// wait for each other).
class SdformatScope {
 public:
  explicit SdformatScope(const sdf::ParserConfig& config);
  ~SdformatScope();
  SdformatScope(const SdformatScope&) = delete;
  SdformatScope& operator=(const SdformatScope&) = delete;

  /// The errors sdformat printed instead of returning, as errors with file, line and element
  /// path; whatever else it (and urdfdom) printed goes on to standard error, as it would have.
  sdf::Errors printed_errors();

 private:
  std::unique_lock<std::mutex> lock_;
  sdf::ParserConfig saved_config_;
  std::ostream* saved_stream_;
  struct UrdfLog;
  std::unique_ptr<UrdfLog> urdf_log_;
  std::streambuf* saved_cerr_ = nullptr;
  std::ostringstream printed_;
};

}  // namespace leeway::sdfio
