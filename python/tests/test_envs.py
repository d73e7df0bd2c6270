"""The Gymnasium-style environments: their spaces, their rewards against VRX's scores, and the
checks on actions."""

import math
import subprocess

import numpy as np
import pytest

import leeway
from leeway import envs


def run_episode(env, policy, seed):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        total += reward
        steps += 1
        assert env.observation_space.shape == obs.shape
        if terminated or truncated:
            return total, info, steps


def test_station_keeping_rewards_add_up_to_minus_vrxs_score():
    env = envs.StationKeeping(seed=2)
    obs, info = env.reset(seed=2)
    # The world's comment: the goal is 28 m from where the WAM-V spawns.
    assert math.hypot(obs[0], obs[1]) == pytest.approx(28.0, abs=1.0)
    assert env.action_space.shape == (len(env.actuators),)

    def push_towards_goal(obs):  # both engines ahead while the goal is ahead, else idle
        return np.full(env.action_space.shape, 0.5 if obs[0] > 2.0 else 0.0)

    total, info, steps = run_episode(env, push_towards_goal, seed=2)
    task = env.sim.tasks[env.task_index]
    assert task["phase"] == "finished" and info["score"] == task["score"]
    assert total == pytest.approx(-task["score"], rel=1e-9)
    assert steps == round(task["finish_time"] / 0.1)


def test_wayfinding_rewards_add_up_to_minus_vrxs_score():
    env = envs.Wayfinding()
    zero = np.zeros(env.action_space.shape)
    total, info, _ = run_episode(env, lambda obs: zero, seed=4)
    assert info["phase"] == "finished"
    assert total == pytest.approx(-info["score"], rel=1e-9)
    # The observation carries each waypoint's least error, which the score averages.
    obs = env._observation()
    least = obs[:-3].reshape(-1, 4)[:, 3]
    assert np.mean(least) == pytest.approx(info["score"], rel=1e-12)


def test_actions_are_checked_and_clipped_into_their_space():
    env = envs.DepthHeading(duration=2.0, seed=1)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"shape \(3,\): expected \(2,\)"):
        env.step([0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="not finite"):
        env.step([math.nan, 0.0])
    _, _, _, _, info = env.step(env.action_space.high * 2.0)
    assert info["clipped"]
    np.testing.assert_array_equal(env.sim.held_commands[1:], env.action_space.high)
    _, _, _, _, info = env.step(env.action_space.sample())
    assert not info["clipped"]
    assert env.action_space.contains(env.action_space.sample())


def test_depth_heading_targets_follow_the_seed_and_a_pd_holds_them():
    env = envs.DepthHeading(duration=60.0)
    _, a = env.reset(seed=7)
    _, b = env.reset(seed=7)
    _, c = env.reset(seed=8)
    assert (a["target_depth"], a["target_heading"]) == (b["target_depth"], b["target_heading"])
    assert a["target_depth"] != c["target_depth"]

    def pd(obs):  # stern plane dives on a depth error, rudder turns towards the heading
        depth_error, heading_error, pitch, _, _, q, r = obs
        stern = 0.05 * depth_error - 0.5 * pitch
        rudder = -1.0 * heading_error + 2.0 * r
        return np.clip([rudder, stern], env.action_space.low, env.action_space.high)

    total, info, steps = run_episode(env, pd, seed=7)
    assert steps == 600
    obs = env._observation()
    assert abs(obs[1]) < math.radians(10)  # heading held within 10 degrees after 60 s
    zero_total, _, _ = run_episode(env, lambda obs: np.zeros(2), seed=7)
    assert total > zero_total


def test_each_action_dimension_has_its_name_unit_and_bounds(leeway_binary):
    # The WAM-V's engines turn within +-pi rad and push from -1000 to 2353.5 N: each dimension
    # its own bounds, named and in the actuators' order.
    env = envs.StationKeeping(seed=0)
    assert env.action_names == ["wamv/left_chassis_engine_joint",
                                "wamv/right_chassis_engine_joint",
                                "wamv/left_engine_propeller_joint",
                                "wamv/right_engine_propeller_joint"]
    assert env.action_units == ["rad", "rad", "N", "N"]
    # (VRX writes pi as 3.14159)
    np.testing.assert_allclose(env.action_space.low, [-math.pi, -math.pi, -1000.0, -1000.0],
                               atol=3e-6)
    np.testing.assert_allclose(env.action_space.high, [math.pi, math.pi, 2353.5, 2353.5], atol=3e-6)
    text = repr(env.action_space)
    assert "3.14159" in text and "2353.5" in text and "-1000" in text, text
    # The package's version is the program's.
    out = subprocess.run([leeway_binary, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"leeway {leeway.__version__}"
