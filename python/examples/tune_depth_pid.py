"""Tuning a controller by searching over rollouts: a REMUS 100's depth and heading autopilot
(two PD loops on its stern plane and rudder), its four gains found by the cross-entropy method
on the DepthHeading environment, each candidate judged by its mean return over a few seeds.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/tune_depth_pid.py

It prints the return of the hand-picked starting gains, the return of each iteration's best,
and the tuned gains; it exits with status 1 if the search found nothing better.
"""

import argparse
import sys

import numpy as np

from leeway.envs import DepthHeading


def policy(gains, low, high):
    """PD on depth (with pitch as the inner loop) to the stern plane, PD on heading to the
    rudder: the usual autopilot structure of a torpedo AUV."""
    k_depth, k_pitch, k_heading, k_yaw_rate = gains

    def act(obs):
        depth_error, heading_error, pitch, _, _, _, r = obs
        stern = k_depth * depth_error - k_pitch * pitch
        rudder = -k_heading * heading_error + k_yaw_rate * r
        return np.clip([rudder, stern], low, high)

    return act


def rollout(env, gains, seed):
    obs, _ = env.reset(seed=seed)
    act = policy(gains, env.action_space.low, env.action_space.high)
    total = 0.0
    while True:
        obs, reward, terminated, truncated, _ = env.step(act(obs))
        total += reward
        if terminated or truncated:
            return total


def mean_return(env, gains, seeds):
    return float(np.mean([rollout(env, gains, s) for s in seeds]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--population", type=int, default=12)
    parser.add_argument("--duration", type=float, default=40.0, help="seconds per episode")
    args = parser.parse_args()

    env = DepthHeading(duration=args.duration)
    seeds = [1, 2, 3]
    rng = np.random.default_rng(0)
    start = np.array([0.02, 0.2, 0.3, 0.3])
    start_return = mean_return(env, start, seeds)
    print(f"starting gains {start}: mean return {start_return:.2f}")

    mean, sigma = start.copy(), start * 1.0
    best, best_return = start, start_return
    elite = max(2, args.population // 4)
    for i in range(args.iterations):
        candidates = np.abs(mean + sigma * rng.standard_normal((args.population, 4)))
        returns = np.array([mean_return(env, g, seeds) for g in candidates])
        order = np.argsort(returns)[::-1][:elite]
        mean, sigma = candidates[order].mean(axis=0), candidates[order].std(axis=0) + 1e-3
        if returns[order[0]] > best_return:
            best, best_return = candidates[order[0]], returns[order[0]]
        print(f"iteration {i + 1}: best of {args.population} {returns[order[0]]:.2f}, "
              f"best so far {best_return:.2f}")

    held_out = [11, 12, 13]
    print(f"tuned gains (depth, pitch, heading, yaw rate) = {np.round(best, 4)}")
    print(f"on held-out seeds: starting gains {mean_return(env, start, held_out):.2f}, "
          f"tuned {mean_return(env, best, held_out):.2f}")
    return 0 if best_return > start_return else 1


if __name__ == "__main__":
    sys.exit(main())
