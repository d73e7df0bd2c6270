"""The Python API against `leeway run`, bit for bit: the same world, seed and commands give the
same recorded rows and sensor samples (both print every number in its shortest round-trip
form, so parsing them back gives the very doubles)."""

import csv
import pathlib
import subprocess

import numpy as np

import leeway


def read_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def run_leeway(binary, tmp_path, args):
    recording = tmp_path / "run.csv"
    sensors = tmp_path / "sensors"
    subprocess.run([binary, "run", *args, "--record", str(recording), "--record-sensors",
                    str(sensors), "--no-progress"], check=True, capture_output=True, timeout=300)
    return recording, sensors


def assert_rows_match(sim, header, rows, steps_per_row):
    """Steps `sim` along the recording and compares every row: pose, twist, actuators."""
    actuators = header[14:]
    assert actuators == sim.actuator_names
    # The recording starts with the initial state, then a row every steps_per_row steps.
    for k, row in enumerate(rows):
        if k > 0:
            sim.step(steps_per_row)
        assert float(row[0]) == sim.t
        body = sim.body_names.index(row[1])
        expected = np.array([float(x) for x in row[2:14]])
        got = sim.body_rows("enu")[body]
        assert np.array_equal(got, expected), f"row {k} (t = {row[0]}): {got} != {expected}"
        np.testing.assert_array_equal(sim.actuator_states, [float(x) for x in row[14:]])


def test_otter_under_held_commands_matches_leeway_run(leeway_binary, otter_world, tmp_path):
    recording, _ = run_leeway(leeway_binary, tmp_path, [
        otter_world, "--seed", "3", "--duration", "20", "--record-rate", "10",
        "--command", "otter/left_propeller=100", "--command", "otter/right_propeller=80"])
    header, rows = read_rows(recording)
    assert len(rows) == 201
    sim = leeway.Simulation(otter_world, seed=3)
    sim.set_command("otter/left_propeller", 100.0)
    sim.set_command("otter/right_propeller", 80.0)
    assert_rows_match(sim, header, rows, steps_per_row=10)


def test_default_world_with_waves_wind_autopilot_and_noisy_sensors_matches_leeway_run(
        leeway_binary, tmp_path):
    recording, sensors = run_leeway(leeway_binary, tmp_path, [
        "--seed", "7", "--duration", "15", "--record-rate", "5"])
    header, rows = read_rows(recording)
    sim = leeway.Simulation(seed=7)
    steps_per_row = round(0.2 / sim.dt)
    # Every sensor sample the run recorded, keyed by (sensor, time).
    recorded = {}
    for name, kind in zip(sim.sensor_names, sim.sensor_types):
        model, sensor = name.split("/")
        h, samples = read_rows(sensors / f"{model}.{sensor}.csv")
        recorded[name] = (h, {float(s[0]): [float(x) for x in s[1:]] for s in samples})
    checked = 0
    body = 0
    for k, row in enumerate(rows):
        target = float(row[0])
        while sim.t < target:
            sim.step()
            for name, kind in zip(sim.sensor_names, sim.sensor_types):
                r = sim.sensor(name)
                if not r["sampled"] or kind not in ("imu", "navsat", "magnetometer"):
                    continue
                expected = recorded[name][1][r["t"]]
                if kind == "imu":
                    got = [*r["f"], *r["omega"], *r["q"]]
                elif kind == "navsat":
                    got = [1.0 if r["fix"] else 0.0, r["latitude"], r["longitude"], r["altitude"],
                           *r["v_enu"]]
                else:
                    got = [*r["B"], r["heading"]]
                assert got == expected, f"{name} at t = {r['t']}"
                checked += 1
        assert sim.t == target
        body = sim.body_names.index(row[1])
        assert np.array_equal(sim.body_rows("enu")[body], [float(x) for x in row[2:14]]), \
            f"row {k} (t = {target})"
    assert checked > 1000  # the IMU alone samples at 100 Hz
    assert sim.tasks[0]["kind"] == "wayfinding"


def test_recorded_scans_and_frames_are_the_ones_python_draws(leeway_binary, tmp_path):
    """--record-sensors draws every scan and frame: each lidar sample's ranges (a .npy file)
    and each camera frame (a .png file), read back by NumPy and matplotlib, are the ones the
    Python API draws for the same world and seed, bit for bit."""
    import matplotlib.image

    world = (pathlib.Path(__file__).resolve().parents[2] / "worlds" / "default.sdf").read_text()
    mast = """
      <sensor name="scanner" type="gpu_lidar"><pose>0 0 3 0 0 0</pose><update_rate>10</update_rate>
        <lidar><scan><horizontal><samples>48</samples><min_angle>-1.2</min_angle>
        <max_angle>1.2</max_angle></horizontal><vertical><samples>3</samples>
        <min_angle>-1.3</min_angle><max_angle>-0.9</max_angle></vertical></scan>
        <range><min>0.3</min><max>60</max></range></lidar></sensor>
      <sensor name="eye" type="camera"><pose>0 0 3 0 0.3 0</pose><update_rate>10</update_rate>
        <camera><horizontal_fov>1.2</horizontal_fov><image><width>8</width><height>6</height>
        </image><clip><near>0.1</near><far>200</far></clip></camera></sensor>"""
    link = world.index('<link name="base_link">')
    at = world.index("\n", link) + 1
    path = tmp_path / "mast.sdf"
    path.write_text(world[:at] + mast + world[at:])
    _, sensors = run_leeway(leeway_binary, tmp_path,
                            [str(path), "--seed", "7", "--duration", "0.6"])
    header, scans = read_rows(sensors / "wamv.scanner.csv")
    assert header == ["t", "rays", "returns", "water_returns", "nearest", "ranges", "intensities"]
    _, frames = read_rows(sensors / "wamv.eye.csv")
    assert len(scans) == 6 and len(frames) == 6  # 10 Hz over 0.6 s
    sim = leeway.Simulation(str(path), seed=7)
    sim.draw_images(True)
    scan_rows = {float(r[0]): r for r in scans}
    frame_rows = {float(r[0]): r for r in frames}
    checked = 0
    while sim.t < 0.6 - 1e-9:
        sim.step()
        scan, frame = sim.sensor("wamv/scanner"), sim.sensor("wamv/eye")
        if scan["sampled"]:
            row = scan_rows[scan["t"]]
            assert int(row[1]) == 144 == scan["ranges"].size
            ranges = np.load(sensors / row[5])
            assert ranges.dtype == np.float32 and ranges.shape == (3, 48)
            assert np.array_equal(ranges, scan["ranges"])
            assert int(row[2]) == np.isfinite(ranges).sum() > 0  # it meets the hull
            checked += 1
        if frame["sampled"]:
            row = frame_rows[frame["t"]]
            rgb = np.round(matplotlib.image.imread(sensors / row[3]) * 255).astype(np.uint8)
            assert rgb.shape == (6, 8, 3)
            assert np.array_equal(rgb, frame["rgb"])
            checked += 1
    assert checked == 12
