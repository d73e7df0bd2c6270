#!/usr/bin/env bash
# The step's cost against a baseline built from another revision, in the same run:
#   scripts/bench-baseline.sh REV       (a commit, tag or branch: the baseline)
# builds REV's benchmarks in .baseline/build (.baseline/ is a git worktree of REV; ccache makes a
# rebuild of unchanged files cheap), then runs the baseline's and this tree's step benchmarks in turn,
# each repeated, and prints each benchmark's median time per step with its ratio to the
# baseline's same-named benchmark (WithOutputs variants against the plain one).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 REV (the baseline's commit, tag or branch)" >&2; exit 2; }
rev=$(git rev-parse --verify "$1^{commit}")
filter='^(WamvStepWaves|WamvStepWavesWithOutputs|RovStationKeepingStep|RovStationKeepingStepWithOutputs|BodyStep)$'
if [ ! -d .baseline ]; then git worktree add --detach .baseline "$rev" >/dev/null; fi
git -C .baseline checkout -q --detach "$rev"
# Each tree's paths reach ccache relative to its own root, so unchanged files hit the cache.
CCACHE_BASEDIR=$PWD/.baseline cmake -S .baseline -B .baseline/build -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DLEEWAY_WERROR=ON >/dev/null
CCACHE_BASEDIR=$PWD/.baseline cmake --build .baseline/build --target leeway_bench >/dev/null
CCACHE_BASEDIR=$PWD cmake --build build --target leeway_bench >/dev/null
out=$(mktemp -d)
for round in 1 2 3; do
  .baseline/build/bench/leeway_bench --benchmark_filter="$filter" --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true --benchmark_format=json >"$out/base$round.json"
  build/bench/leeway_bench --benchmark_filter="$filter" --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true --benchmark_format=json >"$out/new$round.json"
done
python3 - "$out" "$rev" <<'PY'
import json, sys, glob, statistics
out, rev = sys.argv[1], sys.argv[2]
def medians(prefix):
    times = {}
    for f in sorted(glob.glob(f"{out}/{prefix}*.json")):
        for b in json.load(open(f))["benchmarks"]:
            if b.get("aggregate_name") == "median":
                times.setdefault(b["run_name"], []).append(b["real_time"])
    return {k: statistics.median(v) for k, v in times.items()}
base, new = medians("base"), medians("new")
print(f"baseline: {rev[:12]}; median of 3 rounds x 3 repetitions, ns per step")
print(f"{'benchmark':36} {'baseline':>12} {'this tree':>12} {'ratio':>7}")
for name, t in sorted(new.items()):
    ref = base.get(name) or base.get(name.replace("WithOutputs", ""))
    ratio = f"{t / ref:7.3f}" if ref else "      -"
    print(f"{name:36} {ref or float('nan'):12.0f} {t:12.0f} {ratio}")
PY
