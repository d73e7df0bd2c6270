#!/usr/bin/env bash
# PART sweep: every world and model of the foreign corpus (../shared/foreign) either runs
# DURATION simulated seconds without a non-finite state or is refused with a message that names
# its file and line: never a crash, never a run that stops (scripts/foreign-corpus.sh; VRX's
# worlds with the WAM-V spawned as VRX's launch spawns it). PART stationkeeping_task or
# wayfinding_task: that VRX world runs 10 simulated minutes at its 4 ms step. (All 84 VRX worlds
# for 10 minutes take half an hour: `scripts/foreign-corpus.sh 600`, whose figures
# docs/compatibility.md gives.) The parts are tests of their own, so that they run side by side.
# Skipped (exit 77) when the corpus is absent, as in a user's clone.
# Usage: foreign_corpus_test.sh SOURCE_DIR DURATION_S PART
set -uo pipefail
src=$1
duration=$2
part=$3
corpus=$src/../shared/foreign
if [ ! -d "$corpus/vrx" ]; then
  echo "no foreign corpus at $corpus: skipped"
  exit 77
fi
V=$corpus/vrx
if [ "$part" != sweep ]; then
  if ! GZ_SIM_RESOURCE_PATH="$V/vrx_gz/models:$V/vrx_urdf:$V/vrx_urdf/vrx_gazebo/models:$V/vrx_urdf/wamv_description/models:$V/generated" \
       GZ_FUEL_CACHE_PATH="$corpus/fuel-cache" "${LEEWAY_BIN:-$src/build/leeway}" run \
       "$V/vrx_gz/worlds/$part.sdf" --duration 600 --no-progress \
       --spawn wamv=model://wamv_H@-532,162,0,0,0,1 > /dev/null 2>&1; then
    echo "FAIL: $part did not run 10 minutes"; exit 1
  fi
  exit 0
fi
out=$("$src/scripts/foreign-corpus.sh" "$duration" "$corpus") || { echo "$out"; exit 1; }
printf '%s\n' "$out"
fail=0
runs=$(printf '%s\n' "$out" | grep -c '^runs')
if [ "$runs" -lt 100 ]; then
  echo "FAIL: only $runs worlds ran (expected at least 100)"; fail=1
fi
if printf '%s\n' "$out" | grep -v -E '^(runs|refused)	'; then
  echo "FAIL: the worlds above crashed or stopped"; fail=1
fi
# A refusal names the file and line ('error: PATH:LINE: ...'), or the spawned model when its
# message has no file of its own ('error: --spawn URI: ...'), or the element of a URDF, which
# sdformat converts without line numbers ('error: (a URDF converted by sdformat): <...>').
if printf '%s\n' "$out" | grep '^refused' |
    grep -v -E 'error: ([^ ]+:[0-9]+|--spawn [^ ]+|\(a URDF converted by sdformat\)): '; then
  echo "FAIL: the refusals above do not name a file and line"; fail=1
fi
exit $fail
