"""Where a campaign's trials run: in this process, on a Dask cluster (a local one of worker
processes by default, or an existing scheduler's), or on the ranks of an MPI job."""

import os

from .trial import run_trial


def run_local(spec, pending, sink):
    for trial in pending:
        sink(run_trial(spec, trial))


def run_dask(spec, pending, sink, workers=None, scheduler=None, log=print):
    """Each trial a task. Without a scheduler address, a LocalCluster of `workers` processes
    (default: one per core) on the loopback, one thread each, is started and stopped. Says where
    the cluster's dashboard is, or why there is none."""
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler:
        client = Client(scheduler)
        log(f"dask: the cluster of scheduler {scheduler}; its dashboard: {client.dashboard_link}")
    else:
        try:
            import bokeh  # noqa: F401  (Dask's dashboard draws with it)

            dashboard = "127.0.0.1:0"
        except ImportError:
            dashboard = None
        n = workers or os.cpu_count()
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=dashboard)
        client = Client(cluster)
        where = (f"its dashboard: {client.dashboard_link}" if dashboard else
                 "no dashboard: Dask's needs Bokeh, which Debian 12 does not package")
        log(f"dask: a local cluster of {n} worker process{'es' if n != 1 else ''} on "
            f"127.0.0.1; {where}")
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
