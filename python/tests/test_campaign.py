"""Campaigns: a few dozen short trials on a local Dask cluster and under `mpirun -np 2`, one of
them made to fail and one interruption resumed, give the same table, and a report."""

import os
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest
import yaml

from leeway.campaign import Spec, SpecError, load_spec, run_trial
from leeway.campaign.results import read_table

SPEC = {
    "world": "otter.sdf",
    "duration": 20,
    "seeds": 6,
    "controller": {"class": "leeway.campaign.controllers:HeadingHold",
                   "gains": {"heading": 1.5707963, "cruise": 80, "kd": 20, "period": 0.2,
                             "settle": 5}},
    "fixed": {"sea_state": {"peak_period": 5, "components": 16}},
    "sweep": {"gain.kp": [10, 80], "sea_state.significant_height": [0.3, 1.0]},
    "random": {"current.velocity": {"uniform": [[-0.4, -0.4, 0], [0.4, 0.4, 0]]}},
    # The one trial made to fail: a sea the loader refuses.
    "extra": [{"seed": 0, "gain.kp": 10, "sea_state.significant_height": -1.0}],
    "worst_tracks": 2,
}
RESULT_COLUMNS = ["status", "score", "collisions", "x", "y", "z", "roll", "pitch", "yaw", "u",
                  "v", "w", "p", "q", "r", "t_end", "error"]


def write_spec(folder, name, **changes):
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(dict(SPEC, name=name, **changes)))
    return path


def campaign(*args, env_extra=None, runner=(), cwd=None):
    env = dict(os.environ, **(env_extra or {}))
    result = subprocess.run([*runner, sys.executable, "-m", "leeway", "campaign", *args],
                            capture_output=True, text=True, timeout=600, env=env, cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def by_trial(rows):
    return {int(r["trial"]): r for r in rows}


def same_results(a, b):
    for column in RESULT_COLUMNS:
        x, y = a[column], b[column]
        assert x == y or (x != x and y != y), f"trial {a['trial']} {column}: {x} != {y}"


def test_a_campaign_on_dask_resumed_and_under_mpi_gives_one_table(tmp_path):
    spec_path = write_spec(tmp_path, "dask_run")
    out_dir = tmp_path / "tables"  # made by the campaign
    spec = load_spec(spec_path, output_dir=out_dir)
    assert len(spec.trials()) == 25

    # Interrupted after 10 trials, then resumed: nothing run twice.
    out = campaign(str(spec_path), "--engine", "dask", "--workers", "2", "--max-trials", "10",
                   "--no-report", "--output", str(out_dir))
    assert "0 trials done, 10 to run on dask" in out
    # Where the cluster is, and each trial as it finishes.
    assert ("dask: a local cluster of 2 worker processes on 127.0.0.1; no dashboard: Dask's needs "
            "Bokeh, which Debian 12 does not package") in out
    assert out.count("s to go") == 10 and "10 of 10 run, about 0 s to go" in out
    first = by_trial(read_table(spec.output))
    assert sorted(first) == list(range(10))
    out = campaign(str(spec_path), "--engine", "dask", "--workers", "2", "--output", str(out_dir))
    assert "10 trials done, 15 to run on dask" in out
    assert "trial 24 (seed 0): failed: LoadError" in out
    rows = read_table(spec.output)
    table = by_trial(rows)
    assert len(rows) == 25 and sorted(table) == list(range(25))
    for n, row in first.items():
        assert table[n]["worker"] == row["worker"]  # the finished ones were not run again

    failed = [r for r in rows if r["status"] != "ok"]
    assert [int(r["trial"]) for r in failed] == [24]
    assert "LoadError" in failed[0]["error"] and "significant_height" in failed[0]["error"]
    ok = [r for r in rows if r["status"] == "ok"]
    assert all(r["t_end"] == pytest.approx(20.0) for r in ok)
    # The heading hold: north within a few degrees on average, and a stiffer loop holds better.
    scores = {kp: np.mean([r["score"] for r in ok if r["gain.kp"] == kp]) for kp in (10, 80)}
    assert scores[80] < scores[10] < 30.0

    # A row is the trial run again in this process, bit for bit.
    trial = spec.trials()[7]
    same_results(run_trial(spec, trial), table[7])

    report = pathlib.Path(spec.report).read_text()
    for section in ("Score against each parameter", "Distributions", "worst trials' tracks",
                    "Failed trials", "significant_height"):
        assert section in report
    assert report.count("data:image/png;base64,") >= 5

    # The same campaign under MPI, two ranks on this machine's loopback and shared memory.
    if shutil.which("mpirun") is None:
        pytest.fail("mpirun is missing: scripts/install-deps.sh installs openmpi-bin")
    mpi_spec = write_spec(tmp_path, "mpi_run")  # its table in the current folder: tmp_path
    mpi_env = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
               "OMPI_MCA_btl": "self,vader", "OMPI_MCA_oob_tcp_if_include": "lo",
               "OMPI_MCA_plm_rsh_agent": "false", "OMPI_MCA_rmaps_base_oversubscribe": "1"}
    campaign(str(mpi_spec), "--engine", "mpi", env_extra=mpi_env,
             runner=("mpirun", "-np", "2"), cwd=tmp_path)
    mpi_rows = read_table(load_spec(mpi_spec, output_dir=tmp_path).output)
    assert len(mpi_rows) == 25
    assert len({r["worker"] for r in mpi_rows}) == 2  # both ranks ran trials
    for n, row in by_trial(mpi_rows).items():
        same_results(row, table[n])


def test_a_resumed_campaign_must_be_the_same_campaign(tmp_path):
    spec_path = write_spec(tmp_path, "changed", seeds=1, duration=2)
    campaign(str(spec_path), "--engine", "local", "--no-report", cwd=tmp_path)
    write_spec(tmp_path, "changed", seeds=1, duration=3)
    result = subprocess.run([sys.executable, "-m", "leeway", "campaign", str(spec_path),
                             "--engine", "local"], capture_output=True, text=True, timeout=120,
                            cwd=tmp_path)
    assert result.returncode == 1
    assert "the spec changed since" in result.stderr


def test_a_torn_last_row_is_dropped_said_and_its_trial_run_again(tmp_path):
    # A process killed inside its row's write (or a full disk) leaves the row cut short.
    spec_path = write_spec(tmp_path, "torn", seeds=1, duration=2)
    spec = load_spec(spec_path, output_dir=tmp_path)
    campaign(str(spec_path), "--engine", "local", "--no-report", cwd=tmp_path)
    whole = by_trial(read_table(spec.output))
    text = pathlib.Path(spec.output).read_bytes()
    last = text.rstrip(b"\n").rsplit(b"\n", 1)[1]
    pathlib.Path(spec.output).write_bytes(text[: len(text) - len(last) // 2 - 1])
    out = campaign(str(spec_path), "--engine", "local", "--no-report", cwd=tmp_path)
    assert f"its last row (line {len(whole) + 1}) was cut short: dropped" in out
    assert f"{len(whole) - 1} trials done, 1 to run" in out
    again = by_trial(read_table(spec.output))
    assert sorted(again) == sorted(whole)
    for n, row in whole.items():
        same_results(again[n], row)


def test_bad_specs_say_which_key_and_what_was_expected(tmp_path):
    with pytest.raises(SpecError, match="unknown key"):
        Spec({"wrld": "otter.sdf"})
    with pytest.raises(SpecError, match="world 'nowhere.sdf': no such file"):
        Spec({"world": "nowhere.sdf"})
    with pytest.raises(SpecError, match="sweep.gain.kp 5: expected a non-empty list"):
        Spec({"world": "otter.sdf", "sweep": {"gain.kp": 5}, "controller": {"class": "a:B"}})
    with pytest.raises(SpecError, match="expected GROUP.NAME"):
        Spec({"world": "otter.sdf", "sweep": {"waves": [1]}})
    with pytest.raises(SpecError, match=r"uniform \[1, 0\]: expected \[low, high\]"):
        Spec({"world": "otter.sdf", "random": {"wind.speed": {"uniform": [1, 0]}}})
    with pytest.raises(SpecError, match="gains are swept but the spec has no controller"):
        Spec({"world": "otter.sdf", "sweep": {"gain.kp": [1]}})
    bad = tmp_path / "bad.yaml"
    bad.write_text("world: [unclosed\n")
    with pytest.raises(SpecError, match="not YAML"):
        load_spec(bad)


def test_the_example_campaign_runs_and_writes_where_it_is_told_not_beside_its_spec(tmp_path):
    example = pathlib.Path(__file__).resolve().parents[1] / "examples" / "otter_campaign.yaml"
    data = yaml.safe_load(example.read_text())
    data.update(duration=10, seeds=1)  # its world, otter.sdf, is then the project's
    spec_path = tmp_path / "spec" / "otter_campaign.yaml"
    spec_path.parent.mkdir()
    spec_path.write_text(yaml.safe_dump(data))
    out = campaign(str(spec_path), "--engine", "local", "--output", str(tmp_path / "out"))
    assert "the table" in out and "0 failed" in out
    assert (tmp_path / "out" / "otter_campaign.csv").exists()
    assert (tmp_path / "out" / "otter_campaign.html").exists()
    assert sorted(p.name for p in spec_path.parent.iterdir()) == ["otter_campaign.yaml"]
    # Without --output: the current folder.
    here = tmp_path / "here"
    here.mkdir()
    campaign(str(spec_path), "--engine", "local", "--no-report", cwd=here)
    assert [p.name for p in here.iterdir()] == ["otter_campaign.csv"]
