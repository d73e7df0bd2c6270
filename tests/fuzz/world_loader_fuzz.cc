// Fuzz target for the world loader: any bytes must either load or raise a LoadError; never crash,
// hang, leak or trip a sanitizer. Built with libFuzzer under clang (LEEWAY_FUZZ=ON) and run for a
// bounded time by the test suite; otherwise replayed over the seed corpus.
#include <cstddef>
#include <cstdint>
#include <string>

#include <sdf/Console.hh>

#include "leeway/sdf/load_world.h"
#include "leeway/world/step.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // sdformat prints every XML error; Leeway reports them itself, so keep the log readable.
  static const bool quiet = [] {
    sdf::Console::Instance()->SetQuiet(true);
    return true;
  }();
  (void)quiet;
  const std::string text(reinterpret_cast<const char*>(data), size);
  leeway::Diagnostics diagnostics;
  try {
    const leeway::Model model = leeway::load_world_string(text, "fuzz.sdf", diagnostics);
    // A world that loads must also step (or stop cleanly on a non-finite state).
    leeway::State state = leeway::make_initial_state(model);
    for (int i = 0; i < 10 && leeway::step(model, state).ok; ++i) {
    }
  } catch (const leeway::LoadError&) {
  }
  return 0;
}
