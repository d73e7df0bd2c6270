"""The examples in python/examples run as a user runs them, and say what they should."""

import os
import pathlib
import re
import subprocess
import sys

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def run(script, *args):
    result = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                            text=True, timeout=300, env=dict(os.environ))
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_quickstart():
    out = run("quickstart.py")
    assert "the same position to the bit" in out
    assert "with Hs = 1 m waves" in out


def test_batch_rollouts_turn_the_boats_as_their_propellers_differ():
    out = run("batch_rollouts.py")
    correlation = float(re.search(r"left - right: ([-+0-9.]+)", out).group(1))
    assert correlation < -0.5


def test_tuning_the_auv_autopilot_improves_it_on_held_out_seeds():
    out = run("tune_depth_pid.py", "--iterations", "3", "--population", "8")
    start, tuned = map(float, re.search(
        r"held-out seeds: starting gains ([-0-9.]+), tuned ([-0-9.]+)", out).groups())
    assert tuned > start
