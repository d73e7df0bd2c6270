#!/usr/bin/env bash
# The step's cost against a baseline built from another revision, in the same run:
#   scripts/bench-baseline.sh REV       (a commit, tag or branch: the baseline)
#   ROUNDS=15 scripts/bench-baseline.sh REV   (more rounds, where the machine is noisy)
# builds REV's benchmarks in .baseline/build (.baseline/ is a git worktree of REV; ccache makes a
# rebuild of unchanged files cheap), then runs the baseline's and this tree's step benchmarks in
# turn, ROUNDS (5) rounds of five repetitions, and prints each benchmark's least time per step with
# its ratio to the baseline's same-named benchmark (WithOutputs variants against the plain one).
# The least time, not the median: on a shared machine the others are the machine's noise (a
# benchmark's median moves by 30 % between runs here; its minimum by a few per cent).
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
rounds=${ROUNDS:-5}
for round in $(seq "$rounds"); do
  for tree in base new; do
    bench=build/bench/leeway_bench
    [ $tree = base ] && bench=.baseline/build/bench/leeway_bench
    $bench --benchmark_filter="$filter" --benchmark_repetitions=5 --benchmark_min_time=0.2 \
      --benchmark_format=json >"$out/$tree$round.json"
  done
done
python3 - "$out" "$rev" "$rounds" <<'PY'
import json, sys, glob
out, rev, rounds = sys.argv[1], sys.argv[2], sys.argv[3]
def least(prefix):
    times = {}
    for f in sorted(glob.glob(f"{out}/{prefix}*.json")):
        for b in json.load(open(f))["benchmarks"]:
            if b.get("run_type") == "iteration":
                times.setdefault(b["run_name"], []).append(b["real_time"])
    return {k: min(v) for k, v in times.items()}
base, new = least("base"), least("new")
print(f"baseline: {rev[:12]}; least of {rounds} rounds x 5 repetitions, ns per step")
print(f"{'benchmark':36} {'baseline':>12} {'this tree':>12} {'ratio':>7}")
for name, t in sorted(new.items()):
    ref = base.get(name) or base.get(name.replace("WithOutputs", ""))
    ratio = f"{t / ref:7.3f}" if ref else "      -"
    print(f"{name:36} {ref or float('nan'):12.0f} {t:12.0f} {ratio}")
PY
