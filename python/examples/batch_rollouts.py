"""Many worlds at once: 64 Otters, each its own seed and commands, stepped together on every
core with the GIL released.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/batch_rollouts.py
"""

import time

import numpy as np

import leeway
from leeway.envs import world_path

N = 64
batch = leeway.Batch(world_path("otter.sdf"), n=N)
rng = np.random.default_rng(0)
commands = rng.uniform(20.0, 120.0, size=(N, 2))  # left and right shaft speeds [rad/s]
batch.set_commands(commands)

start = time.perf_counter()
batch.step(6000)  # a minute of each
wall = time.perf_counter() - start
print(f"{N} Otters x 6,000 steps on {batch.threads} threads in {wall:.2f} s: "
      f"{N * 6000 / wall / 1e6:.2f} million body-steps per second")

# A faster left propeller turns a boat to starboard: its yaw rate (FLU, positive to port)
# falls with the difference between the left and right commands.
yaw_rate = batch.twists[:, 0, 5]
difference = commands[:, 0] - commands[:, 1]
print(f"correlation of the yaw rate with left - right: "
      f"{np.corrcoef(yaw_rate, difference)[0, 1]:+.2f}")
