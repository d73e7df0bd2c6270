#include "leeway/output/mcap_recorder.h"

#include <fmt/format.h>

#include <map>

namespace leeway {

McapRecorder::McapRecorder(const std::filesystem::path& path, const Simulation& sim,
                           ViewOptions options, McapWriterOptions writer_options)
    : channels_(sim, std::move(options)), writer_(path, std::move(writer_options)) {
  const Model& model = sim.model();
  writer_.write_metadata("leeway", {{"world", model.world_name},
                                    {"source", model.source},
                                    {"seed", std::to_string(model.seed)},
                                    {"dt", fmt::format("{}", model.dt)}});
  std::map<std::string, std::uint16_t> schemas;
  for (const ViewChannel& c : channels_.channels()) {
    auto [it, added] = schemas.try_emplace(c.schema_name, 0);
    if (added) it->second = writer_.add_schema(c.schema_name, "jsonschema", c.schema);
    // A player gives a late subscriber the last message of a latched channel (mcap_player.h).
    std::map<std::string, std::string> metadata;
    if (c.latched) metadata["latched"] = "true";
    channel_ids_.push_back(writer_.add_channel(it->second, c.topic, "json", metadata));
  }
}

void McapRecorder::on_start(const Simulation& sim) {
  channels_.start(sim, *this);
}

void McapRecorder::want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) {
  channels_.want_images(sim, *this,
                        static_cast<double>(channels_.frame_interval()) * sim.model().dt, wanted);
}

void McapRecorder::on_step(const Simulation& sim) {
  channels_.step(sim, *this);
}

void McapRecorder::on_end(const Simulation&, const RunEnd&) {
  if (!failure_.empty()) return;
  try {
    writer_.close();
  } catch (const McapWriteError& e) {
    failure_ = e.what();
    throw;
  }
}

void McapRecorder::take(std::size_t channel, std::uint64_t t_ns, std::string_view json) {
  try {
    writer_.write(channel_ids_[channel], t_ns, json);
  } catch (const McapWriteError& e) {
    failure_ = e.what();
    throw;  // the run ends here (sim/simulation.h), its error this one
  }
}

}  // namespace leeway
