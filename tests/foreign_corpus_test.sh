#!/usr/bin/env bash
# Every world and model of the foreign corpus (../shared/foreign) either runs DURATION simulated
# seconds without a non-finite state or is refused with a message that names its file and line:
# never a crash, never a run that stops (scripts/foreign-corpus.sh; VRX's worlds with the WAM-V
# spawned as VRX's launch spawns it). VRX's two scored worlds run 10 simulated minutes in
# sdf_test's VrxWorlds cases. (All 84 VRX worlds for 10 minutes take half an hour:
# `scripts/foreign-corpus.sh 600`, whose figures docs/compatibility.md gives.)
# Skipped (exit 77) when the corpus is absent, as in a user's clone.
# Usage: foreign_corpus_test.sh SOURCE_DIR DURATION_S
set -uo pipefail
src=$1
duration=$2
corpus=$src/../shared/foreign
if [ ! -d "$corpus/vrx" ]; then
  echo "no foreign corpus at $corpus: skipped"
  exit 77
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
