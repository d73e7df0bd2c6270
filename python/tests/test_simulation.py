"""leeway.Simulation: snapshots, resets, the environment between runs, and bad inputs, each
raising an exception that names the problem and leaving the simulator usable."""

import copy
import math

import numpy as np
import pytest

import leeway


def otter(otter_world, **kwargs):
    sim = leeway.Simulation(otter_world, **kwargs)
    sim.set_commands([100.0, 80.0])
    return sim


def trajectory(sim, steps, every=50):
    out = []
    for _ in range(steps // every):
        sim.step(every)
        out.append(sim.body_rows())
    return np.array(out)


def test_the_default_world_loads_and_names_its_parts():
    sim = leeway.Simulation()
    assert sim.world_name
    assert sim.source == "<embedded default world>"
    assert "wamv" in sim.body_names
    assert any(name.startswith("wamv/") for name in sim.actuator_names)
    assert len(sim.sensor_names) == len(sim.sensor_types)
    assert sim.t == 0.0 and sim.step_count == 0


def test_a_snapshot_restored_replays_the_run_exactly(otter_world):
    sim = leeway.Simulation()  # waves, gusts, noisy sensors, an autopilot and a task
    sim.step(500)
    snap = sim.snapshot()
    first = trajectory(sim, 1000)
    sensors_first = {n: sim.sensor(n) for n in sim.sensor_names}
    tasks_first = sim.tasks
    sim.restore(snap)
    assert sim.t == snap.t and sim.snapshot() == snap
    second = trajectory(sim, 1000)
    assert np.array_equal(first, second)
    for n, r in sensors_first.items():
        for key, value in r.items():
            np.testing.assert_array_equal(sim.sensor(n)[key], value)
    assert sim.tasks == tasks_first
    assert copy.copy(snap) == snap


def test_reset_with_a_seed_is_the_world_loaded_with_that_seed():
    a = leeway.Simulation(seed=11)
    b = leeway.Simulation(seed=0)
    b.step(300)
    b.reset(seed=11)
    assert b.seed == 11 and b.t == 0.0
    assert np.array_equal(trajectory(a, 500), trajectory(b, 500))
    c = leeway.Simulation(seed=12)
    assert not np.array_equal(trajectory(c, 500)[-1], trajectory(a, 500)[-1])


def test_a_snapshot_of_another_seed_is_refused_and_the_state_kept():
    sim = leeway.Simulation(seed=1)
    snap = sim.snapshot()
    sim.reset(seed=2)
    sim.step(10)
    before = sim.body_rows()
    with pytest.raises(ValueError, match="seed 1"):
        sim.restore(snap)
    assert sim.step_count == 10 and np.array_equal(sim.body_rows(), before)


def test_unknown_actuator_bodies_and_sensors_raise_with_the_names_there_are(otter_world):
    sim = otter(otter_world)
    with pytest.raises(KeyError, match="otter/left_propeller, otter/right_propeller"):
        sim.set_command("otter/rudder", 1.0)
    with pytest.raises(IndexError, match="actuator index 7 out of range"):
        sim.set_command(7, 1.0)
    with pytest.raises(KeyError, match="expected one of otter"):
        sim.set_wrench("boat", [0] * 6)
    with pytest.raises(KeyError, match="no sensor 'otter/imu'"):
        sim.sensor("otter/imu")
    sim.step(10)  # still usable
    assert sim.step_count == 10


def test_wrong_shapes_and_non_finite_inputs_raise_and_change_nothing(otter_world):
    sim = otter(otter_world)
    held = sim.held_commands.copy()
    with pytest.raises(ValueError, match="expected a sequence of 2 numbers"):
        sim.set_commands([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="expected a sequence of 6 numbers"):
        sim.set_wrench("otter", [1.0, 2.0])
    with pytest.raises(ValueError, match="'otter/right_propeller': the command nan is not a "
                                         "finite number"):
        sim.set_commands([50.0, math.nan])
    with pytest.raises(ValueError, match="not a finite number"):
        sim.set_command("otter/left_propeller", math.inf)
    with pytest.raises(ValueError, match="not finite"):
        sim.set_wrench("otter", [0, 0, math.nan, 0, 0, 0])
    np.testing.assert_array_equal(sim.held_commands, held)
    sim.step(100)
    assert sim.actuator_states[0] > 0.0


def test_a_world_that_does_not_load_names_file_line_and_element(tmp_path):
    bad = tmp_path / "bad.sdf"
    bad.write_text("""<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
  <plugin filename="leeway-environment" name="leeway::Environment">
    <fluid_density>-3</fluid_density>
  </plugin>
</world></sdf>
""")
    with pytest.raises(leeway.LoadError) as e:
        leeway.Simulation(str(bad))
    assert e.value.file == str(bad)
    assert e.value.line == 5
    assert "fluid_density" in e.value.element
    assert "-3" in str(e.value)
    with pytest.raises(leeway.LoadError, match="does_not_exist.sdf"):
        leeway.Simulation(str(tmp_path / "does_not_exist.sdf"))
    assert isinstance(e.value, leeway.Error) and isinstance(e.value, RuntimeError)
    leeway.Simulation().step(5)  # loading another world still works


def test_a_step_the_physics_refuses_raises_and_stays_at_its_start(otter_world):
    sim = otter(otter_world)
    sim.step(20)
    before = sim.snapshot()
    sim.set_wrench("otter", [1e308, 1e308, 0, 0, 0, 1e308])
    with pytest.raises(leeway.StepError, match="'otter'.*non-finite.*external wrench") as e:
        sim.step(5)
    assert e.value.t == pytest.approx(0.2)
    assert sim.snapshot() == before
    sim.clear_wrenches()
    sim.step(5)
    assert sim.step_count == 25


def test_a_sea_state_set_between_runs_moves_the_boat_and_a_bad_one_changes_nothing(otter_world):
    calm = otter(otter_world, seed=5)
    rough = otter(otter_world, seed=5)
    rough.set_sea_state(significant_height=1.5, peak_period=6.0, direction=0.3)
    calm_heave = trajectory(calm, 2000)[:, 0, 2]
    rough_heave = trajectory(rough, 2000)[:, 0, 2]
    assert np.std(rough_heave) > 10 * np.std(calm_heave) + 0.05
    before = rough.snapshot()
    with pytest.raises(leeway.LoadError, match="significant_height") as e:
        rough.set_sea_state(significant_height=-1.0, peak_period=6.0)
    assert "waves" in e.value.element
    assert rough.snapshot() == before
    rough.set_sea_state()  # calm again
    assert np.array_equal(trajectory(rough, 2000)[:, 0, 2], calm_heave)
    rough.set_sea_state(wavefield={"wave": {"period": 5.0, "gain": 0.3}})  # VRX's sea
    assert np.std(trajectory(rough, 2000)[:, 0, 2]) > 10 * np.std(calm_heave) + 0.02


def test_a_current_and_a_wind_set_between_runs(otter_world):
    still = leeway.Simulation(otter_world)
    still.step(3000)  # the unpowered Otter creeps ahead (north) at its trim: 0.08 m/s
    sim = leeway.Simulation(otter_world)
    sim.set_current(velocity=(0.5, 0.0, 0.0))
    sim.step(3000)  # 30 s adrift: the boat takes up the current's velocity within seconds
    drift = sim.positions[0] - still.positions[0]
    assert 13.5 < drift[0] < 15.0 and abs(drift[1]) < 0.5
    with pytest.raises(ValueError, match="unknown keyword 'speed'"):
        sim.set_current(speed=1.0)
    sim.set_wind(speed=10.0, direction=math.pi / 2)
    assert sim.t == 0.0
    # The three at once are the three one after another.
    together = leeway.Simulation(otter_world, seed=3)
    together.set_environment(sea_state={"significant_height": 0.5, "peak_period": 4.0},
                             current={"velocity": [0.2, 0.1, 0.0]})
    apart = leeway.Simulation(otter_world, seed=3)
    apart.set_sea_state(significant_height=0.5, peak_period=4.0)
    apart.set_current(velocity=[0.2, 0.1, 0.0])
    assert np.array_equal(trajectory(together, 500), trajectory(apart, 500))
    with pytest.raises(leeway.LoadError, match="gust"):
        sim.set_wind(speed=10.0, gust={"type": "gale"})


RED_BOX_WORLD = """<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
  <model name="box"><static>true</static><pose>10 0 5 0 0 0</pose><link name="link">
    <visual name="v"><geometry><box><size>2 2 2</size></box></geometry>
      <material><diffuse>1 0 0 1</diffuse></material></visual>
  </link></model>
  <model name="post"><static>true</static><pose>0 0 5 0 0 0</pose><link name="link">
    <sensor name="eye" type="camera"><update_rate>10</update_rate>
      <camera><horizontal_fov>1.0</horizontal_fov><image><width>200</width><height>101</height>
      </image><clip><near>0.1</near><far>1000</far></clip></camera></sensor>
  </link></model>
</world></sdf>
"""


def red(image):
    r, g, b = (image[..., k].astype(int) for k in range(3))
    return (r > 2 * g + 10) & (r > 2 * b + 10)


def test_render_is_a_pinhole_view_and_the_frame_a_camera_at_the_same_pose_draws():
    sim = leeway.Simulation.from_sdf(RED_BOX_WORLD)
    image = sim.render(200, 101, fov=1.0, eye=(0, 0, 5), target=(10, 0, 5))
    assert image.shape == (101, 200, 3) and image.dtype == np.uint8
    # The box's near face, 2 m wide at 9 m, spans f / 9 either side of the centre, f = 100 /
    # tan(0.5) = 182.97 px: the pixel centres u = 80 .. 119 of the middle row (c_x = 99.5).
    row = np.flatnonzero(red(image[50]))
    assert (row.min(), row.max()) == (80, 119), row
    column = np.flatnonzero(red(image[:, 100]))  # the same 20.3 px either side of c_y = 50
    assert (column.min(), column.max()) == (30, 70), column
    # The camera sensor on the post, looking the same way with the same image: the same bits.
    sim.draw_images()
    sim.step(1)
    frame = sim.sensor("post/eye")
    assert frame["sampled"]
    assert np.array_equal(frame["rgb"], image)
    # A new current replaces the world's environment: the camera keeps drawing.
    sim.set_current(velocity=(0.2, 0.0, 0.0))
    sim.step(1)
    again = sim.sensor("post/eye")
    assert again["sampled"] and again["rgb"].shape == (101, 200, 3), again["width"]
    # Following a body: the box, seen from behind and above, in the middle of the picture.
    with pytest.raises(ValueError, match="expected both eye and target"):
        sim.render(eye=(0, 0, 5))
    with pytest.raises(ValueError, match="apart from its target"):
        sim.render(eye=(1, 2, 3), target=(1, 2, 3))


def test_an_environment_renders_its_vehicle_when_asked_to():
    env = leeway.envs.StationKeeping(render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    assert first.shape == (480, 640, 3) and first.dtype == np.uint8
    # The WAM-V's grey hulls in the middle of the view, the blue sky and sea around them.
    rgb = first.astype(int)
    grey = ((np.abs(rgb[..., 0] - rgb[..., 1]) < 12) & (np.abs(rgb[..., 1] - rgb[..., 2]) < 12)
            & (rgb[..., 0] > 60))
    assert grey[:, 213:427].mean() > 0.05, grey[:, 213:427].mean()
    assert not grey[:, :107].any() and not grey[:, -107:].any()
    assert np.all(first[0, :, 2] > first[0, :, 0])
    assert np.array_equal(env.render(), first)  # the same world, the same picture
    assert leeway.envs.StationKeeping().render() is None  # no render_mode: nothing drawn
    with pytest.raises(ValueError, match="render_mode 'human'"):
        leeway.envs.StationKeeping(render_mode="human")
