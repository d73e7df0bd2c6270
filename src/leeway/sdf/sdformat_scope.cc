#include "leeway/sdf/sdformat_scope.h"

#include <console_bridge/console.h>

#include <iostream>
#include <sdf/Console.hh>
#include <string>

namespace leeway::sdfio {
namespace {

std::mutex& sdformat_mutex() {
  static std::mutex m;
  return m;
}

/// "Error Code 13: [XMLPATH:FILE:L7]: Msg: MESSAGE", as sdf::Error's operator<< writes it; the
/// file is absolute (sdformat resolves every included file to an absolute path).
std::optional<sdf::Error> parse_printed_error(const std::string& line) {
  const auto start = line.find("Error Code ");
  const auto open = line.find(": [", start);
  const auto close = line.find("]: Msg: ", open);
  if (start == std::string::npos || open == std::string::npos || close == std::string::npos) {
    return std::nullopt;
  }
  const std::string code_text = line.substr(start + 11, open - start - 11);
  std::string where = line.substr(open + 3, close - open - 3);
  sdf::Error e(static_cast<sdf::ErrorCode>(std::stoi(code_text)), line.substr(close + 8));
  if (const auto l = where.rfind(":L"); l != std::string::npos) {
    e.SetLineNumber(std::stoi(where.substr(l + 2)));
    where.resize(l);
  }
  if (const auto file = where.find(":/"); file != std::string::npos) {
    e.SetFilePath(where.substr(file + 1));
    e.SetXmlPath(where.substr(0, file));
  }
  return e;
}

}  // namespace

/// urdfdom's log, through console_bridge, into the scope's capture.
struct SdformatScope::UrdfLog final : console_bridge::OutputHandler {
  explicit UrdfLog(std::ostringstream& into) : into(into) {}
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level < console_bridge::CONSOLE_BRIDGE_LOG_WARN) return;
    if (text.find("Could not find the 'robot' element") != std::string::npos) return;
    into << "urdf: " << text << "\n";
  }
  std::ostringstream& into;
};

SdformatScope::SdformatScope(const sdf::ParserConfig& config)
    : lock_(sdformat_mutex()),
      saved_config_(sdf::ParserConfig::GlobalConfig()),
      saved_stream_(sdf::Console::Instance()->GetMsgStream().GetStream()) {
  sdf::ParserConfig::GlobalConfig() = config;
  sdf::Console::Instance()->GetMsgStream().SetStream(&printed_);
  // Some of sdformat's complaints bypass its console and go to std::cerr itself.
  saved_cerr_ = std::cerr.rdbuf(printed_.rdbuf());
  urdf_log_ = std::make_unique<UrdfLog>(printed_);
  console_bridge::useOutputHandler(urdf_log_.get());
}

SdformatScope::~SdformatScope() {
  console_bridge::restorePreviousOutputHandler();
  std::cerr.rdbuf(saved_cerr_);
  sdf::Console::Instance()->GetMsgStream().SetStream(saved_stream_);
  sdf::ParserConfig::GlobalConfig() = saved_config_;
}

sdf::Errors SdformatScope::printed_errors() {
  sdf::Errors errors;
  std::istringstream lines(printed_.str());
  std::string rest;
  for (std::string line; std::getline(lines, line);) {
    try {
      if (auto e = parse_printed_error(line)) {
        errors.push_back(*e);
        continue;
      }
    } catch (const std::exception&) {
      // Not in the form above after all: pass it on as printed.
    }
    rest += line + "\n";
  }
  if (!rest.empty()) {
    std::streambuf* now = std::cerr.rdbuf(saved_cerr_);
    std::cerr << rest;
    std::cerr.rdbuf(now);
  }
  printed_.str("");
  return errors;
}

}  // namespace leeway::sdfio
