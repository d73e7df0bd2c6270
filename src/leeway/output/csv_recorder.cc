#include "leeway/output/csv_recorder.h"

#include <fmt/format.h>

#include "leeway/output/csv_field.h"

namespace leeway {

CsvRecorder::CsvRecorder(const std::string& path, OutputFrame frame, const Model& model)
    : file_(path, "the recording"), frame_(frame) {
  fmt::memory_buffer header;
  fmt::format_to(std::back_inserter(header), "t,model,x,y,z,roll,pitch,yaw,u,v,w,p,q,r");
  for (const ActuatorModel& a : model.actuators)
    fmt::format_to(std::back_inserter(header), ",{}", csv_field(a.full_name()));
  header.push_back('\n');
  file_.write(std::string_view(header.data(), header.size()));
}

void CsvRecorder::write(const Model& model, const State& state) {
  fmt::memory_buffer out;
  for (std::size_t i = 0; i < model.bodies.size(); ++i) {
    const PoseTwistRow r = to_output_frame(state.bodies[i], frame_);
    fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{},{},{},{},{},{},{},{}", state.t,
                   csv_field(model.bodies[i].model_name), r.position.x(), r.position.y(),
                   r.position.z(), r.roll_pitch_yaw.x(), r.roll_pitch_yaw.y(), r.roll_pitch_yaw.z(),
                   r.twist[0], r.twist[1], r.twist[2], r.twist[3], r.twist[4], r.twist[5]);
    for (const double x : state.actuators)
      fmt::format_to(std::back_inserter(out), ",{}", x);
    out.push_back('\n');
  }
  file_.write(std::string_view(out.data(), out.size()));
  rows_ += model.bodies.size();  // only once the file holds them
}

}  // namespace leeway
