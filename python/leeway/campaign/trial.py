"""One trial of a campaign: its world drawn from its seed, its parameters applied, run for the
campaign's duration, and summed up as a row. A trial that fails (parameters the world refuses, a
step the physics refuses, a non-finite final state) is a row with its error, never an exception:
the campaign goes on."""

import importlib
import math
import os
import socket
import time

import numpy as np

from .. import _leeway

#: The state columns of a row: the vehicle's pose and twist at the end, as Simulation.body_rows.
STATE = ["x", "y", "z", "roll", "pitch", "yaw", "u", "v", "w", "p", "q", "r"]

# Each worker process loads a campaign's world once and copies it for every trial.
_loaded = {}


def _world(spec):
    key = (spec.world, spec.controllers)
    if key not in _loaded:
        _loaded[key] = _leeway.Simulation(spec.world, seed=0, controllers=spec.controllers)
    return _loaded[key]


def _set(tree, dotted, value):
    """tree[a][b][c] = value for dotted "a.b.c", making the dicts on the way."""
    *path, last = dotted.split(".")
    for key in path:
        tree = tree.setdefault(key, {})
    tree[last] = value


def prepare(spec, trial):
    """The trial's world at its start, and its controller (None without one)."""
    sim = _world(spec).copy()
    sim.reset(seed=trial["seed"])
    environment = {g: dict(spec.fixed.get(g, {})) for g in ("sea_state", "wind", "current")}
    commands = dict(spec.commands)
    gains = dict(spec.controller["gains"]) if spec.controller else {}
    for key in spec.parameter_names():
        group, name = key.split(".", 1)
        if group in environment:
            _set(environment[group], name, trial[key])
        elif group == "command":
            commands[name] = trial[key]
        else:
            gains[name] = trial[key]
    # One read of all three: each set_* alone reads a world's worth of SDF.
    sim.set_environment(**{g: e for g, e in environment.items() if e})
    for name, value in commands.items():
        sim.set_command(name, value)
    controller = None
    if spec.controller:
        module, _, cls = spec.controller["class"].partition(":")
        controller = getattr(importlib.import_module(module), cls)(sim, **gains)
    return sim, controller


def duration_of(spec, sim):
    """The campaign's duration, else the world's tasks' end, else 60 s."""
    if spec.duration:
        return float(spec.duration)
    ends = [t["finish_time"] for t in sim.tasks]
    return max(ends) if ends else 60.0


def run_trial(spec, trial, track_period=None):
    """The trial's row; with track_period [s], also the vehicle's (t, x, y) every period."""
    start = time.perf_counter()
    row = dict(trial)
    track = []
    try:
        sim, controller = prepare(spec, trial)
        total = math.ceil(duration_of(spec, sim) / sim.dt - 1e-9)
        vehicle = sim.tasks[0]["vehicle_index"] if sim.tasks else 0
        chunks = [total]
        if controller is not None:
            chunks.append(round(controller.period / sim.dt))
        if track_period:
            chunks.append(max(1, round(track_period / sim.dt)))
        chunk = min(chunks)
        while sim.step_count < total:
            if controller is not None:
                controller(sim)
            sim.step(min(chunk, total - sim.step_count))
            if track_period:
                track.append((sim.t, *sim.positions[vehicle, :2]))
        final = sim.body_rows()[vehicle]
        if not np.all(np.isfinite(final)):
            raise FloatingPointError(f"the final state is not finite: {final.tolist()}")
        if sim.tasks:
            score = sim.tasks[0]["score"]
        elif controller is not None and hasattr(controller, "score"):
            score = controller.score()
        else:
            score = math.nan
        row.update(status="ok", error="", score=math.nan if score is None else score,
                   collisions=sum(t["collisions"] for t in sim.tasks), t_end=sim.t)
        row.update(zip(STATE, final.tolist()))
    except Exception as e:  # noqa: BLE001 - a failed trial is a result
        row.update(status="error", error=f"{type(e).__name__}: {e}", score=math.nan,
                   collisions=0, t_end=math.nan)
        row.update((k, math.nan) for k in STATE)
    row["wall_time"] = time.perf_counter() - start
    row["worker"] = f"{socket.gethostname()}:{os.getpid()}"
    return (row, np.array(track)) if track_period else row
