#!/usr/bin/env bash
# Benchmarks against a baseline built from another revision, in the same run:
#   scripts/bench-baseline.sh REV             (a commit, tag or branch: the baseline; the step)
#   scripts/bench-baseline.sh REV FILTER      (the benchmarks FILTER matches, a regex)
#   ROUNDS=15 scripts/bench-baseline.sh REV   (more rounds, where the machine is noisy)
# builds REV's benchmarks in .baseline/build (.baseline/ is a git worktree of REV; ccache makes a
# rebuild of unchanged files cheap), then runs the baseline's and this tree's benchmarks in
# turn, ROUNDS (5) rounds of five repetitions, and prints each benchmark's least time with its
# ratio to the baseline's same-named benchmark (WithOutputs variants against the plain one).
# Without FILTER: the step benchmarks. A benchmark file of this tree's that REV lacks is built
# into the baseline too (bench/web_bench.cc against the civetweb server before e57b340: it uses
# only what both revisions declare), unless it includes a header REV does not have
# (bench/multibody_bench.cc before the multibody kernel): then its benchmarks have no baseline.
# The least time, not the median: on a shared machine the others are the machine's noise (a
# benchmark's median moves by 30 % between runs here; its minimum by a few per cent).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || [ $# -eq 2 ] || {
  echo "usage: $0 REV [FILTER] (the baseline's commit, tag or branch; a benchmark regex)" >&2
  exit 2
}
rev=$(git rev-parse --verify "$1^{commit}")
filter=${2:-'^(WamvStepWaves|WamvStepWavesWithOutputs|RovStationKeepingStep|RovStationKeepingStepWithOutputs|BodyStep)$'}
if [ ! -d .baseline ]; then git worktree add --detach .baseline "$rev" >/dev/null; fi
git -C .baseline checkout -q -f --detach "$rev"
git -C .baseline clean -fdq -- bench
for file in bench/*.cc; do
  if [ ! -e ".baseline/$file" ]; then
    missing_header=""
    for header in $(grep -o '#include "leeway/[^"]*"' "$file" | sed 's/#include "\(.*\)"/\1/'); do
      if [ ! -e ".baseline/src/$header" ]; then
        missing_header=$header
        break
      fi
    done
    if [ -n "$missing_header" ]; then
      echo "bench-baseline: $file not built into the baseline ($missing_header is not in it)" >&2
      continue
    fi
    cp "$file" ".baseline/$file"
    sed -i "s|add_executable(leeway_bench |add_executable(leeway_bench $(basename "$file") |" \
      .baseline/bench/CMakeLists.txt
  fi
done
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
                scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
                times.setdefault(b["run_name"], []).append(b["real_time"] * scale)
    return {k: min(v) for k, v in times.items()}
base, new = least("base"), least("new")
print(f"baseline: {rev[:12]}; least of {rounds} rounds x 5 repetitions, ns per iteration")
print(f"{'benchmark':36} {'baseline':>12} {'this tree':>12} {'ratio':>7}")
for name, t in sorted(new.items()):
    ref = base.get(name) or base.get(name.replace("WithOutputs", ""))
    ratio = f"{t / ref:7.3f}" if ref else "      -"
    print(f"{name:36} {ref or float('nan'):12.0f} {t:12.0f} {ratio}")
PY
