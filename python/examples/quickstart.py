"""Leeway from Python in a page: load a world, command it, step it, read it, rewind it.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/quickstart.py
"""

import math

import leeway
from leeway.envs import world_path

# Fossen's Otter on still water, its two propellers commanded in rad/s of shaft speed.
sim = leeway.Simulation(world_path("otter.sdf"), seed=1)
print(f"world {sim.world_name}: bodies {sim.body_names}, actuators {sim.actuator_names}")
sim.set_command("otter/left_propeller", 100.0)
sim.set_command("otter/right_propeller", 80.0)

sim.run_until(30.0)  # 3,000 steps of 0.01 s
x, y, z, roll, pitch, yaw, u, v, w, p, q, r = sim.body_rows("enu")[0]
print(f"t = {sim.t:.1f} s: at ({x:.2f}, {y:.2f}) m ENU, heading {math.degrees(yaw):.1f} deg "
      f"from east, {u:.2f} m/s ahead, turning {math.degrees(r):.2f} deg/s")

# Rewind: a snapshot restored replays the run exactly.
snap = sim.snapshot()
sim.step(1000)
first = sim.positions
sim.restore(snap)
sim.step(1000)
assert (sim.positions == first).all()
print(f"replayed 10 s from t = {snap.t:.0f} s: the same position to the bit, {first[0]}")

# A rougher day: waves drawn from the world's seed, then the same commands again.
sim.set_sea_state(significant_height=1.0, peak_period=5.0, direction=0.0)
sim.run_until(30.0)
print(f"with Hs = 1 m waves: heave {sim.positions[0, 2]:+.3f} m, "
      f"roll {math.degrees(sim.body_rows()[0, 3]):+.2f} deg at t = {sim.t:.0f} s")
