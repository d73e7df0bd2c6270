// Appending JSON to a string, for the view's messages: numbers in the shortest form that reads
// back to the same double (NaN and infinities, which JSON cannot carry, as null), strings
// escaped, and the shapes Foxglove's schemas share (time, vector, quaternion, pose).
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>

#include "leeway/core/spatial.h"
#include "leeway/transport/stamp.h"

namespace leeway::json_text {

inline void number(std::string& out, double x) {
  if (std::isfinite(x)) {
    fmt::format_to(std::back_inserter(out), "{}", x);
  } else {
    out += "null";
  }
}

inline void string(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<int>(c));
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

/// `bytes` in base64 (RFC 4648), quoted: how JSON carries a byte array.
inline void base64(std::string& out, std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  out += '"';
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const auto a = static_cast<unsigned char>(bytes[i]),
               b = static_cast<unsigned char>(bytes[i + 1]),
               c = static_cast<unsigned char>(bytes[i + 2]);
    out += kDigits[a >> 2];
    out += kDigits[((a & 3) << 4) | (b >> 4)];
    out += kDigits[((b & 15) << 2) | (c >> 6)];
    out += kDigits[c & 63];
  }
  if (const std::size_t rest = bytes.size() - i; rest > 0) {
    const auto a = static_cast<unsigned char>(bytes[i]);
    const auto b = rest == 2 ? static_cast<unsigned char>(bytes[i + 1]) : 0;
    out += kDigits[a >> 2];
    out += kDigits[((a & 3) << 4) | (b >> 4)];
    out += rest == 2 ? kDigits[(b & 15) << 2] : '=';
    out += '=';
  }
  out += '"';
}

/// "key": (with a leading comma unless `first`).
inline void key(std::string& out, std::string_view k, bool first = false) {
  if (!first) out += ',';
  out += '"';
  out += k;
  out += "\":";
}

/// {"sec":..,"nsec":..} of simulated time t [s], rounded to the nanosecond.
inline void time(std::string& out, double t) {
  const Stamp s = stamp_of(t);
  fmt::format_to(std::back_inserter(out), R"({{"sec":{},"nsec":{}}})", s.sec, s.nanosec);
}

inline void vec3(std::string& out, const Vec3& v) {
  out += R"({"x":)";
  number(out, v.x());
  out += R"(,"y":)";
  number(out, v.y());
  out += R"(,"z":)";
  number(out, v.z());
  out += '}';
}

inline void quat(std::string& out, const Quat& q) {
  out += R"({"x":)";
  number(out, q.x());
  out += R"(,"y":)";
  number(out, q.y());
  out += R"(,"z":)";
  number(out, q.z());
  out += R"(,"w":)";
  number(out, q.w());
  out += '}';
}

/// A stamped message's head, `{"timestamp":...,"frame_id":"frame"`; its fields follow.
inline void stamped(std::string& out, double t, std::string_view frame) {
  out += R"({"timestamp":)";
  time(out, t);
  key(out, "frame_id");
  string(out, frame);
}

/// foxglove.Pose: {"position":..,"orientation":..}.
inline void pose(std::string& out, const Vec3& p, const Quat& q) {
  out += R"({"position":)";
  vec3(out, p);
  out += R"(,"orientation":)";
  quat(out, q);
  out += '}';
}

}  // namespace leeway::json_text
