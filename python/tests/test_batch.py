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


CAMERA_WORLD = """<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
  <model name="post"><static>true</static><pose>0 0 3 0 0.3 0</pose><link name="link">
    <sensor name="eye" type="camera"><update_rate>10</update_rate>
      <camera><horizontal_fov>1.2</horizontal_fov><image><width>8</width><height>6</height>
      </image><clip><near>0.1</near><far>200</far></clip></camera></sensor>
    <sensor name="imu" type="imu"><update_rate>100</update_rate></sensor>
  </link></model>
</world></sdf>
"""


def test_a_batch_reads_a_sensor_by_name_in_every_world_and_a_camera_only_while_drawing(tmp_path):
    world = tmp_path / "post.sdf"
    world.write_text(CAMERA_WORLD)
    batch = leeway.Batch(str(world), n=3, threads=2)
    batch.step(10)
    imus = batch.sensor("post/imu")
    assert len(imus) == 3
    for i, reading in enumerate(imus):  # each world's own noise: its seed's, as alone
        alone = leeway.Simulation(str(world), seed=i)
        alone.step(10)
        expected = alone.sensor("post/imu")
        assert reading["t"] == expected["t"]
        np.testing.assert_array_equal(reading["f"], expected["f"])
    with pytest.raises(RuntimeError, match=r"batch\.draw_images\(\) turns drawing on"):
        batch.sensor("post/eye")
    with pytest.raises(KeyError, match="one of post/eye, post/imu"):  # the names there are
        batch.sensor("post/nothing")
    batch.draw_images()
    batch.step(10)
    assert [f["rgb"].shape for f in batch.sensor("post/eye")] == [(6, 8, 3)] * 3


def test_a_camera_read_before_drawing_says_so_and_reads_a_frame_after():
    sim = leeway.Simulation.from_sdf(CAMERA_WORLD)
    sim.step(10)
    with pytest.raises(RuntimeError, match=r"sensor 'post/eye' \(camera\) draws its samples only "
                                           r"while images are drawn.*sim\.draw_images\(\)"):
        sim.sensor("post/eye")
    assert sim.sensor("post/imu")["sampled"]  # what does not draw reads as before
    sim.draw_images()
    sim.step(10)
    frame = sim.sensor("post/eye")
    assert (frame["width"], frame["height"]) == (8, 6) and frame["rgb"].shape == (6, 8, 3)
