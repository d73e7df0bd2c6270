"""python3 -m leeway campaign SPEC: runs a campaign (docs/python.md, "Campaigns")."""

import argparse
import sys

from .campaign import SpecError, run_campaign


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m leeway")
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("campaign", help="run a campaign's trials, tabulate and report them")
    c.add_argument("spec", help="the campaign's YAML spec")
    c.add_argument("--engine", choices=["local", "dask", "mpi"], default="dask",
                   help="where the trials run (default dask: a local cluster, or --scheduler's); "
                        "mpi: under mpirun, one rank per worker")
    c.add_argument("--workers", type=int, help="dask's local cluster: worker processes "
                                               "(default: one per core)")
    c.add_argument("--scheduler", help="dask: an existing scheduler's address, tcp://HOST:PORT")
    c.add_argument("--max-trials", type=int, help="run at most this many of the trials still "
                                                  "to run (the rest: run again to resume)")
    c.add_argument("--output", metavar="DIR",
                   help="the folder for the table and the report (default: the current one; "
                        "made if missing)")
    c.add_argument("--no-report", action="store_true", help="write the table only")
    args = parser.parse_args(argv)
    try:
        run_campaign(args.spec, engine=args.engine, workers=args.workers,
                     scheduler=args.scheduler, max_trials=args.max_trials,
                     report=not args.no_report, output_dir=args.output)
    except (SpecError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
