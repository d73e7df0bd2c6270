#include "leeway/sdf/sdformat_scope.h"

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

SdformatScope::SdformatScope(const sdf::ParserConfig& config)
    : lock_(sdformat_mutex()),
      saved_config_(sdf::ParserConfig::GlobalConfig()),
      saved_stream_(sdf::Console::Instance()->GetMsgStream().GetStream()) {
  sdf::ParserConfig::GlobalConfig() = config;
  sdf::Console::Instance()->GetMsgStream().SetStream(&printed_);
  // Some of sdformat's complaints bypass its console and go to std::cerr itself.
  saved_cerr_ = std::cerr.rdbuf(printed_.rdbuf());
}

SdformatScope::~SdformatScope() {
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
