"""leeway.Batch: N worlds stepped together equal N worlds stepped alone, on any number of
threads."""

import numpy as np
import pytest

import leeway


def test_a_batch_equals_its_worlds_stepped_alone_on_one_and_two_threads():
    seeds = [5, 6, 7]
    one = leeway.Batch(n=3, seeds=seeds, threads=1)
    two = leeway.Batch(n=3, seeds=seeds, threads=2)
    assert two.threads == 2 and len(two) == 3
    np.testing.assert_array_equal(two.seeds, seeds)
    # Past the task's initial phase, which holds the WAM-V on its platform for 10 s.
    steps = round(12.0 / two.dt)
    one.step(steps)
    two.step(steps)
    assert np.array_equal(one.body_rows(), two.body_rows())
    for i, seed in enumerate(seeds):
        alone = leeway.Simulation(seed=seed)
        alone.step(steps)
        assert np.array_equal(two.body_rows()[i], alone.body_rows())
    # Different seeds, different seas: the worlds differ.
    assert not np.array_equal(two.body_rows()[0], two.body_rows()[1])
    np.testing.assert_array_equal(two.t, [alone.t] * 3)


def test_batch_commands_reset_and_snapshots(otter_world):
    batch = leeway.Batch(otter_world, n=4, threads=2)
    commands = np.array([[100.0, 80.0], [80.0, 100.0], [50.0, 50.0], [0.0, 0.0]])
    batch.set_commands(commands)
    batch.step(500)
    for i in range(4):
        alone = leeway.Simulation(otter_world, seed=i)
        alone.set_commands(commands[i])
        alone.step(500)
        assert np.array_equal(batch.positions[i], alone.positions)
        assert np.array_equal(batch.twists[i], alone.twists)
    snaps = batch.snapshots()
    after = batch.body_rows()
    batch.step(200)
    batch.restore(snaps)
    assert np.array_equal(batch.body_rows(), after)
    batch.reset()
    np.testing.assert_array_equal(batch.t, 0.0)
    with pytest.raises(ValueError, match=r"shape \(4, 2\)"):
        batch.set_commands(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="world 2: actuator 'otter/right_propeller': the command nan is not a finite"):
        bad = commands.copy()
        bad[2, 1] = np.nan
        batch.set_commands(bad)
    with pytest.raises(KeyError):
        batch.set_commands(np.zeros((4, 1)), actuators=["otter/rudder"])
    with pytest.raises(ValueError, match="expected 4 seeds"):
        batch.reset(seeds=[1, 2])
    batch.step(10)
    assert all(e == "" for e in batch.errors)
