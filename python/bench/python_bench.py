"""The Python module's benchmarks (docs/python.md, "Performance"), each against a baseline
measured in the same run:

  step overhead   Simulation.step() called once per step from Python, against the same steps
                  taken in one call (the C++ loop): the difference is the Python call's cost.
  batch           64 Otters stepped as a leeway.Batch on every core, in body-steps per second,
                  against one Otter stepped alone on one core.

    PYTHONPATH=build/python /usr/bin/python3 python/bench/python_bench.py
"""

import json
import os
import sys
import time

import numpy as np

import leeway
from leeway.envs import world_path


def best_of(repeats, run):
    return min(run() for _ in range(repeats))


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main():
    otter = world_path("otter.sdf")
    sim = leeway.Simulation(otter)
    sim.set_commands([100.0, 80.0])
    n = 200_000
    loop = best_of(3, lambda: timed(lambda: sim.step(n))) / n

    def per_call():
        step = sim.step
        start = time.perf_counter()
        for _ in range(n):
            step()
        return time.perf_counter() - start

    calls = best_of(3, per_call) / n
    overhead = calls - loop

    batch = leeway.Batch(otter, n=64)
    batch.set_commands(np.tile([100.0, 80.0], (64, 1)))
    steps = 20_000
    batch_time = best_of(3, lambda: timed(lambda: batch.step(steps)))
    batch_rate = 64 * steps / batch_time
    alone_rate = 1.0 / loop

    figures = {
        "otter_step_in_cpp_us": loop * 1e6,
        "otter_step_from_python_us": calls * 1e6,
        "python_step_overhead_us": overhead * 1e6,
        "batch64_body_steps_per_s": batch_rate,
        "batch64_threads": batch.threads,
        "alone_body_steps_per_s": alone_rate,
        "batch64_speedup_over_alone": batch_rate / alone_rate,
    }
    print(f"step overhead: {overhead * 1e6:.3f} us a call (an Otter step {loop * 1e6:.3f} us in "
          f"C++, {calls * 1e6:.3f} us called once a step from Python; ratio "
          f"{calls / loop:.2f})")
    print(f"batch: 64 Otters {batch_rate / 1e6:.2f} million body-steps/s on {batch.threads} "
          f"threads, {batch_rate / alone_rate:.2f} x one Otter alone on one core "
          f"({alone_rate / 1e6:.2f} million)")
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump(figures, f, indent=2)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
