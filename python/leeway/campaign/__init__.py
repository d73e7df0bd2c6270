"""Campaigns: thousands of trials of a world, swept over its sea, wind, current, commands and a
controller's gains, run on Dask or MPI, tabulated and reported (docs/python.md, "Campaigns").

    python3 -m leeway campaign spec.yaml --engine dask --workers 2
"""

import time

from . import engines, results
from .spec import Spec, SpecError, load_spec
from .trial import prepare, run_trial

__all__ = ["Spec", "SpecError", "load_spec", "prepare", "run_trial", "run_campaign"]


def trial_line(row, done, total, elapsed):
    """One finished trial, as the campaign says it: its outcome and how far the campaign is."""
    left = elapsed / done * (total - done)
    outcome = (f"score {row['score']:.4g}" if row["status"] == "ok"
               else f"failed: {row['error']}")
    return (f"trial {row['trial']} (seed {row['seed']}): {outcome}, {row['wall_time']:.2f} s; "
            f"{done} of {total} run, about {left:.0f} s to go")


def run_campaign(spec, engine="local", workers=None, scheduler=None, max_trials=None,
                 report=True, log=print, output_dir=None):
    """Runs the trials of `spec` (a Spec, or a spec file's path) not yet in its table, at most
    `max_trials` of them, on `engine` ("local", "dask" or "mpi"), appending a row for each and
    saying so; then writes the report of the whole table. A spec file's table and report go to
    `output_dir` (default: the current folder; load_spec). Returns a summary dict (rank 0's under
    MPI; the other ranks return None)."""
    if not isinstance(spec, Spec):
        spec = load_spec(spec, output_dir=output_dir)
    if engine not in ("local", "dask", "mpi"):
        raise ValueError(f"engine '{engine}': expected local, dask or mpi")
    comm = engines.mpi_world() if engine == "mpi" else None
    lead = comm is None or comm.Get_rank() == 0
    pending = None
    if lead:
        done = results.start_table(spec, log)
        pending = [t for t in spec.trials() if t["trial"] not in done]
        if max_trials is not None:
            pending = pending[:max_trials]
        log(f"campaign {spec.name}: {len(done)} trials done, {len(pending)} to run on {engine}")
    if comm is not None:
        pending = comm.bcast(pending, root=0)
    start = time.perf_counter()
    finished = 0

    def sink(row):
        nonlocal finished
        results.append_row(spec, row)
        finished += 1
        log(trial_line(row, finished, len(pending), time.perf_counter() - start))

    if engine == "local":
        engines.run_local(spec, pending, sink)
    elif engine == "dask":
        engines.run_dask(spec, pending, sink, workers=workers, scheduler=scheduler, log=log)
    else:
        engines.run_mpi(spec, pending, sink)
    if not lead:
        return None
    wall = time.perf_counter() - start
    rows = results.read_table(spec.output)
    summary = {"trials": len(spec.trials()), "rows": len(rows), "ran": len(pending),
               "failed": sum(r["status"] != "ok" for r in rows), "wall_time": wall,
               "output": spec.output}
    log(f"campaign {spec.name}: ran {len(pending)} trials in {wall:.1f} s; the table "
        f"{spec.output} holds {len(rows)} of {summary['trials']}, {summary['failed']} failed")
    if report:
        from .report import write_report

        write_report(spec, rows)
        summary["report"] = spec.report
        log(f"campaign {spec.name}: report {spec.report}")
    return summary
