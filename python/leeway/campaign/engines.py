"""Where a campaign's trials run: in this process, on a Dask cluster (a local one of worker
processes by default, or an existing scheduler's), or on the ranks of an MPI job."""

import os

from .trial import run_trial


def run_local(spec, pending, sink):
    for trial in pending:
        sink(run_trial(spec, trial))


def run_dask(spec, pending, sink, workers=None, scheduler=None):
    """Each trial a task. Without a scheduler address, a LocalCluster of `workers` processes
    (default: one per core) on the loopback, one thread each, is started and stopped."""
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=workers or os.cpu_count(), threads_per_worker=1,
                               processes=True, host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(run_trial, [spec] * len(pending), pending, pure=False)
        for future in as_completed(futures):
            sink(future.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def mpi_world():
    from mpi4py import MPI

    return MPI.COMM_WORLD


def run_mpi(spec, pending, sink):
    """Rank r of n runs the pending trials r, r + n, ...; each rank appends its own rows (the
    table's appends do not interleave). `pending` must be the same on every rank: rank 0's,
    broadcast (run_campaign does)."""
    comm = mpi_world()
    for trial in pending[comm.Get_rank()::comm.Get_size()]:
        sink(run_trial(spec, trial))
    comm.Barrier()
