"""Gymnasium-style environments on Leeway worlds (docs/python.md).

    env = leeway.envs.StationKeeping()
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

Each has Gymnasium's interface (reset(seed=, options=) -> obs, info; step(action) -> obs,
reward, terminated, truncated, info; observation_space and action_space) and is a gymnasium.Env
when Gymnasium is installed; it needs nothing but numpy otherwise.

The VRX tasks' rewards are VRX's scores: VRX scores a run by a number where lower is better,
and the rewards of an episode add up to minus that score (docs/python.md gives the terms).
Actions are the actuators' own commands, in their units and ranges (action_names, action_units);
an action outside its space is clipped into it and the step's info says so (info["clipped"]).
With render_mode="rgb_array", render() draws the world following the vehicle.
"""

import math
import os

import numpy as np

from . import _leeway
from ._config import WORLDS
from .spaces import Box

try:  # pragma: no cover - depends on what the user installed
    import gymnasium

    _Base = gymnasium.Env
except ImportError:
    gymnasium = None
    _Base = object


def world_path(name):
    """A world of the project's worlds/ folder by file name ("otter.sdf")."""
    return os.path.normpath(os.path.join(WORLDS, name))


def wrap(angle):
    """An angle wrapped to [-pi, pi)."""
    return (angle + math.pi) % (2.0 * math.pi) - math.pi


class _LeewayEnv(_Base):
    """What the environments share: a world loaded without its controllers (sim), stepped
    control_period seconds per action, its actions clipped into the action space."""

    metadata = {"render_modes": ["rgb_array"]}
    render_size = (640, 480)  # render()'s width and height [pixels]

    def __init__(self, sim, actuators, control_period, render_mode, vehicle):
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'rgb_array'")
        self.render_mode = render_mode
        self.sim = sim
        self.vehicle = vehicle
        steps = control_period / self.sim.dt
        if not (steps >= 1.0 and abs(steps - round(steps)) < 1e-9 * steps):
            raise ValueError(f"control_period {control_period} s: expected a whole number (>= 1) "
                             f"of the world's {self.sim.dt} s steps")
        self.steps_per_action = int(round(steps))
        self.actuators = list(actuators)
        index = [self.sim.actuator_index(a) for a in self.actuators]
        self.action_units = [self.sim.actuator_units[i] for i in index]
        ranges = self.sim.actuator_ranges[index]
        self.action_space = Box(ranges[:, 0], ranges[:, 1], dtype=np.float64)

    @property
    def action_names(self):
        """The actuator each action dimension commands ("model/actuator"), in order; its unit is
        action_units' entry and its bounds action_space's."""
        return list(self.actuators)

    def _act(self, action):
        a = np.asarray(action, dtype=np.float64)
        if a.shape != self.action_space.shape:
            raise ValueError(f"action of shape {a.shape}: expected {self.action_space.shape} "
                             f"({', '.join(self.actuators)})")
        if not np.all(np.isfinite(a)):
            raise ValueError(f"action {a}: not finite")
        clipped = np.clip(a, self.action_space.low, self.action_space.high)
        self.sim.set_commands(clipped, self.actuators)
        self.sim.step(self.steps_per_action)
        return not np.array_equal(clipped, a)

    def render(self):
        """With render_mode "rgb_array": the world now, following the vehicle from behind and
        above (Simulation.render), as a (height, width, 3) uint8 array; else None."""
        if self.render_mode != "rgb_array":
            return None
        width, height = self.render_size
        return self.sim.render(width, height, body=self.vehicle)

    def close(self):
        pass


class _VrxTaskEnv(_LeewayEnv):
    """A VRX task's vehicle driven by its thrusters; the episode ends with the task."""

    def __init__(self, world, kind, control_period, seed, render_mode):
        sim = _leeway.Simulation(world, seed=seed, controllers=False)
        tasks = [t for t in sim.tasks if t["kind"] == kind]
        if len(tasks) != 1:
            raise ValueError(f"{world}: expected one {kind} task; found {len(tasks)}")
        self.task_index = sim.tasks.index(tasks[0])
        vehicle = tasks[0]["vehicle"]
        actuators = [a for a in sim.actuator_names if a.startswith(vehicle + "/")]
        super().__init__(sim, actuators, control_period, render_mode, tasks[0]["vehicle_index"])
        self.goals = np.array(tasks[0]["goals"], dtype=np.float64)

    def _task(self):
        return self.sim.tasks[self.task_index]

    def _errors_to(self, goals):
        """Each goal as the vehicle sees it: its position in the vehicle's heading frame [m] and
        the heading error [rad]."""
        x, y, _, _, _, yaw = self.sim.body_rows("enu")[self.vehicle][:6]
        c, s = math.cos(yaw), math.sin(yaw)
        dx, dy = goals[:, 0] - x, goals[:, 1] - y
        return np.column_stack([c * dx + s * dy, -s * dx + c * dy,
                                [wrap(g - yaw) for g in goals[:, 2]]])

    def _twist(self):
        u, v, _, _, _, r = self.sim.twists[self.vehicle]
        return np.array([u, v, r])

    def reset(self, *, seed=None, options=None):
        if gymnasium is not None:
            super().reset(seed=seed)
        self.sim.reset(seed=seed) if seed is not None else self.sim.reset()
        self._progress = self._task_progress()
        return self._observation(), self._info()

    def step(self, action):
        clipped = self._act(action)
        progress = self._task_progress()
        reward = progress - self._progress
        self._progress = progress
        task = self._task()
        terminated = task["phase"] == "finished"
        info = self._info()
        info["clipped"] = clipped
        return self._observation(), reward, terminated, False, info

    def _info(self):
        task = self._task()
        return {"t": self.sim.t, "phase": task["phase"], "score": task["score"]}


class StationKeeping(_VrxTaskEnv):
    """VRX's station keeping: hold the goal pose through the running phase.

    Observation (6): the goal's position in the vehicle's heading frame [m, m], the heading
    error [rad], the vehicle's surge, sway [m/s] and yaw rate [rad/s].
    Reward: minus the pose error accrued over the step, d + 0.75^d h summed over its physics
    steps, divided by the running phase's number of steps; an episode's rewards add up to minus
    VRX's score (the mean pose error).
    """

    def __init__(self, world=None, *, control_period=0.1, seed=0, render_mode=None):
        super().__init__(world or world_path("vrx_station_keeping.sdf"), "station_keeping",
                         control_period, seed, render_mode)
        task = self._task()
        self._running_steps = round((task["finish_time"] - task["running_time"]) / self.sim.dt)
        self.observation_space = Box(-np.inf, np.inf, shape=(6,), dtype=np.float64)

    def _task_progress(self):
        return -self._task()["error_sum"] / self._running_steps

    def _observation(self):
        return np.concatenate([self._errors_to(self.goals)[0], self._twist()])


class Wayfinding(_VrxTaskEnv):
    """VRX's wayfinding: pass each waypoint's pose as closely as possible (by default in the
    embedded default world, world=None).

    Observation (4 W + 3, W waypoints): for each waypoint its position in the vehicle's heading
    frame [m, m], its heading error [rad] and the least pose error reached so far (0 before
    the running phase); then surge, sway [m/s] and yaw rate [rad/s].
    Reward: how much the step lowered VRX's score (the mean over the waypoints of the least pose
    error reached), the first scored step giving minus the score it starts from; an episode's
    rewards add up to minus VRX's score.
    """

    def __init__(self, world=None, *, control_period=0.1, seed=0, render_mode=None):
        super().__init__(world, "wayfinding", control_period, seed, render_mode)
        n = len(self.goals)
        self.observation_space = Box(-np.inf, np.inf, shape=(4 * n + 3,), dtype=np.float64)

    def _task_progress(self):
        score = self._task()["score"]
        return 0.0 if score is None else -score

    def _observation(self):
        least = self._task()["min_errors"] or [0.0] * len(self.goals)
        errors = np.column_stack([self._errors_to(self.goals), least])
        return np.concatenate([errors.ravel(), self._twist()])


class DepthHeading(_LeewayEnv):
    """An AUV holding a depth and a heading drawn at each reset: Fossen's REMUS 100 at a
    constant propeller speed, steered by its rudder and stern plane [rad].

    Observation (7): depth error (target minus depth) [m], heading error [rad], pitch [rad],
    surge and heave [m/s], pitch and yaw rates [rad/s], in FLU and ENU.
    Reward: -(|depth error| / 10 m + |heading error| / pi) per second, at the step's end;
    episodes last `duration` seconds (truncated).
    Targets: depth uniform in depth_range [m], heading uniform on the circle, from the reset's
    seed (info["target_depth"], info["target_heading"]).
    """

    def __init__(self, world=None, *, control_period=0.1, duration=60.0, propeller_rpm=1525.0,
                 depth_range=(20.0, 40.0), seed=0, render_mode=None):
        super().__init__(
            _leeway.Simulation(world or world_path("remus100.sdf"), seed=seed, controllers=False),
            ["remus100/rudder", "remus100/stern_plane"], control_period, render_mode, 0)
        self.sim.set_command("remus100/propeller", propeller_rpm)
        self.duration = duration
        self.depth_range = depth_range
        self.observation_space = Box(-np.inf, np.inf, shape=(7,), dtype=np.float64)
        self._rng = np.random.default_rng(seed)
        self._draw_targets()

    def _draw_targets(self):
        self.target_depth = float(self._rng.uniform(*self.depth_range))
        self.target_heading = float(self._rng.uniform(-math.pi, math.pi))

    def reset(self, *, seed=None, options=None):
        if gymnasium is not None:
            super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self.sim.reset(seed=seed)
        else:
            self.sim.reset()
        self._draw_targets()
        return self._observation(), self._info()

    def _errors(self):
        row = self.sim.body_rows("enu")[0]
        return self.target_depth + row[2], wrap(self.target_heading - row[5]), row

    def _observation(self):
        depth_error, heading_error, row = self._errors()
        u, _, w, _, q, r = row[6:]
        return np.array([depth_error, heading_error, row[4], u, w, q, r])

    def step(self, action):
        clipped = self._act(action)
        depth_error, heading_error, _ = self._errors()
        period = self.steps_per_action * self.sim.dt
        reward = -(abs(depth_error) / 10.0 + abs(heading_error) / math.pi) * period
        truncated = self.sim.t >= self.duration - 0.5 * self.sim.dt
        info = self._info()
        info["clipped"] = clipped
        return self._observation(), reward, False, truncated, info

    def _info(self):
        return {"t": self.sim.t, "target_depth": self.target_depth,
                "target_heading": self.target_heading}


if gymnasium is not None:  # pragma: no cover - depends on what the user installed
    for _name, _cls in [("StationKeeping", StationKeeping), ("Wayfinding", Wayfinding),
                        ("DepthHeading", DepthHeading)]:
        if f"leeway/{_name}-v0" not in gymnasium.registry:
            gymnasium.register(f"leeway/{_name}-v0", entry_point=_cls)
