"""A simulation stepped from Python and served over gz-transport at once, checked with the real
`ign topic`: every step is published, and a command a client sends is followed. On the loopback,
in a partition of this process's own; every tool call has a time limit."""

import os
import re
import shutil
import subprocess
import time

import pytest

import leeway


@pytest.fixture
def ign_env(monkeypatch):
    if shutil.which("ign") is None:
        pytest.fail("the ign tool is missing: scripts/install-deps.sh installs ignition-tools")
    # Before the first node: the loopback, and a partition no other process shares.
    monkeypatch.setenv("IGN_IP", "127.0.0.1")
    monkeypatch.setenv("IGN_PARTITION", f"leeway_python_serving_{os.getpid()}")
    return dict(os.environ)


def test_a_simulation_stepped_from_python_is_served_to_ign_topic(ign_env):
    sim = leeway.Simulation(controllers=False)
    sim.serve(dds=False)
    assert sim.serving
    clock = next(t for t in sim.gz_topics if t.endswith("/clock") and t.startswith("/world/"))

    # Every step publishes the clock: an echo started now sees the steps taken next.
    echo = subprocess.Popen(["ign", "topic", "-e", "-n", "3", "-t", clock], env=ign_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while echo.poll() is None and time.monotonic() < deadline:
        sim.step(10)
        time.sleep(0.005)
    out, err = echo.communicate(timeout=5)
    times = [int(s or 0) + int(n or 0) * 1e-9 for s, n in
             re.findall(r"sim \{\s*(?:sec: (\d+))?\s*(?:nsec: (\d+))?", out)]
    # (`-n 3` may print a few more when they arrive together.)
    assert len(times) >= 3, out + err
    # A stamp read back as sec + nsec 1e-9 may round a last bit above sim.t (0.85 printed as
    # 0.8500000000000001): within a nanosecond, the stamp's own resolution.
    assert 0 < times[0] and all(a < b for a, b in zip(times, times[1:]))
    assert times[-1] <= sim.t + 1e-9, (times, sim.t)

    # A thrust command from a client is latched at the next step.
    index = next(i for i, t in enumerate(sim.actuator_topics) if t.endswith("/thrust"))
    topic = sim.actuator_topics[index]
    for _ in range(40):
        subprocess.run(["ign", "topic", "-t", topic, "-m", "ignition.msgs.Double", "-p",
                        "data: 123.5"], env=ign_env, timeout=10, capture_output=True)
        sim.step(5)
        if sim.latched_commands[index] == 123.5:
            break
        time.sleep(0.1)
    assert sim.latched_commands[index] == 123.5

    # A command the script holds wins over a client's.
    sim.set_command(index, -50.0)
    sim.step(1)
    assert sim.latched_commands[index] == -50.0

    # The servers follow the world when its environment is replaced, and stop when asked.
    sim.set_wind(speed=4.0)
    assert sim.serving and clock in sim.gz_topics
    sim.stop_serving()
    assert not sim.serving and sim.gz_topics == []
    sim.step(10)


def test_serving_to_ros2_over_dds_too(ign_env):
    sim = leeway.Simulation(leeway.envs.world_path("otter.sdf"))
    sim.serve(ros_domain=100 + os.getpid() % 100)
    assert "/clock" in sim.dds_topics and sim.gz_topics
    sim.set_commands([100.0, 80.0])
    sim.step(100)
    assert sim.actuator_states[0] > 0.0
    with pytest.raises(ValueError, match="ros_domain 300: expected 0 to 232"):
        sim.serve(ros_domain=300)
    assert sim.serving  # a refused request leaves the servers as they were
    sim.stop_serving()
