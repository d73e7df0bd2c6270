#include "leeway/output/csv_recorder.h"

#include <fmt/format.h>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace leeway {

CsvRecorder::CsvRecorder(const std::string& path, OutputFrame frame, const Model& model)
    : file_(std::fopen(path.c_str(), "w")), frame_(frame) {
  if (!file_) {
    throw std::runtime_error(
        fmt::format("cannot write the recording '{}': {}", path, std::strerror(errno)));
  }
  fmt::memory_buffer header;
  fmt::format_to(std::back_inserter(header), "t,model,x,y,z,roll,pitch,yaw,u,v,w,p,q,r");
  for (const ActuatorModel& a : model.actuators)
    fmt::format_to(std::back_inserter(header), ",{}", a.full_name());
  header.push_back('\n');
  std::fwrite(header.data(), 1, header.size(), file_.get());
}

void CsvRecorder::write(const Model& model, const State& state) {
  fmt::memory_buffer out;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const PoseTwistRow r = to_output_frame(state.bodies[i], frame_);
    fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", state.t,
                   model.bodies[i].model_name, r.position.x(), r.position.y(), r.position.z(),
                   r.roll_pitch_yaw.x(), r.roll_pitch_yaw.y(), r.roll_pitch_yaw.z(), r.twist[0],
                   r.twist[1], r.twist[2], r.twist[3], r.twist[4], r.twist[5]);
    out.resize(out.size() - 1);  // the actuators follow on the same line
    for (const double x : state.actuators)
      fmt::format_to(std::back_inserter(out), ",{}", x);
    out.push_back('\n');
    ++rows_;
  }
  std::fwrite(out.data(), 1, out.size(), file_.get());
  std::fflush(file_.get());
}

}  // namespace leeway
