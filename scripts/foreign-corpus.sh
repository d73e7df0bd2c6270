#!/usr/bin/env bash
# Runs every world of the foreign corpus (../shared/foreign: VRX, UUV Simulator and gz-sim files
# as those projects ship them) with `leeway run`, each with the resource paths and Fuel cache its
# home simulator would have, and VRX's worlds with the WAM-V spawned as VRX's launch spawns it.
# Then every model folder (a model.config) alone, spawned into a calm sea at gz-sim's default
# 1 ms step.
# Prints one line per world or model: status, file, and the first error or the run's end.
#   scripts/foreign-corpus.sh [DURATION_S] [CORPUS] [PARTS]
# (defaults: 600 s, ../shared/foreign, "vrx uuv gz models": which of the four groups below to run;
# `scripts/foreign-corpus.sh 600 "" vrx` runs every VRX world for 10 simulated minutes).
# Status: runs (the whole duration), stopped (a non-finite state: exit 2), refused (a load
# error naming file, line and what is missing: exit 1). docs/compatibility.md is its table.
set -uo pipefail
duration=${1:-600}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(cd "${2:-$here/../shared/foreign}" && pwd) || { echo "no corpus"; exit 1; }
parts=" ${3:-vrx uuv gz models} "
want() { [[ $parts == *" $1 "* ]]; }
leeway=${LEEWAY_BIN:-$here/build/leeway}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

V=$corpus/vrx U=$corpus/uuv G=$corpus/gz-sim
vrx_env=(GZ_SIM_RESOURCE_PATH="$V/vrx_gz/models:$V/vrx_urdf:$V/vrx_urdf/vrx_gazebo/models:$V/vrx_urdf/wamv_description/models:$V/generated"
         GZ_FUEL_CACHE_PATH="$corpus/fuel-cache")
uuv_env=(GAZEBO_MODEL_PATH="$U/uuv_gazebo_worlds/models:$U/uuv_tutorials/uuv_tutorial_seabed_world/models:$U/gazebo_models")
gz_env=(GZ_SIM_RESOURCE_PATH="$G/test/worlds/models:$G/tutorials/files/underwater_vehicles:$G/tutorials/files/surface_vehicles/gz_maritime_ws/src/gazebo_maritime/models"
        GZ_FUEL_CACHE_PATH="$corpus/fuel-cache")

run() {  # FILE ENV... -- ARGS...
  local file=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  local out status
  out=$(env "${envs[@]}" "$leeway" run "$file" --duration "$duration" --no-progress "$@" 2>&1)
  case $? in
    0) status=runs ;;
    1) status=refused ;;
    2) status=stopped ;;
    *) status="crashed($?)" ;;
  esac
  local what
  what=$(printf '%s\n' "$out" | grep -m1 '^error' | sed -e "s#$corpus/##g" -e "s#$tmp/##g" | cut -c1-400)
  [ -z "$what" ] && what=$(printf '%s\n' "$out" | grep -m1 '^simulated')
  printf '%s\t%s\t%s\n' "$status" "${file#"$corpus"/}" "$what"
}

want vrx && for f in "$V"/vrx_gz/worlds/*.sdf "$V"/vrx_gz/worlds/*/*.sdf; do
  run "$f" "${vrx_env[@]}" -- --spawn wamv=model://wamv_H@-532,162,0,0,0,1
done
want uuv && for f in "$U"/uuv_gazebo_worlds/worlds/*.world "$U"/uuv_tutorials/*/worlds/*.world \
         "$U"/uuv_gazebo_plugins/uuv_gazebo_ros_plugins/test/worlds/*.world; do
  run "$f" "${uuv_env[@]}" --
done
want gz && for f in "$G"/test/worlds/*.sdf "$G"/test/worlds/*.sdf.in "$G"/examples/worlds/*.sdf \
         "$G"/tutorials/files/*/*.sdf "$G"/tutorials/files/surface_vehicles/gz_maritime_ws/src/gazebo_maritime/worlds/*.sdf; do
  target=$f
  if [[ $f == *.sdf.in ]]; then  # configured as gz-sim's CMake does
    target=$(dirname "$f")/$(basename "$f" .in)
    target=$tmp/$(basename "$target")
    sed "s#@CMAKE_SOURCE_DIR@#$G#g" "$f" > "$target"
  fi
  line=$(run "$target" "${gz_env[@]}" --)
  printf '%s\n' "${line/$tmp\//gz-sim/test/worlds/(configured) }"
done

# Every model folder, alone in a calm sea (Leeway's default water: calm, 1025 kg/m^3, surface
# z = 0), with the union of the paths above.
cat > "$tmp/sea.sdf" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.9"><world name="sea">
  <physics name="p" type="leeway"><max_step_size>0.001</max_step_size></physics>
</world></sdf>
SDF
all_env=("${vrx_env[0]}:$U/uuv_gazebo_worlds/models:$U/gazebo_models:$U/generated:$G/test/worlds/models"
         "${vrx_env[1]}" "${uuv_env[@]}")
want models && while IFS= read -r config; do
  folder=$(dirname "$config")
  line=$(run "$tmp/sea.sdf" "${all_env[@]}" -- --spawn "$folder")
  printf '%s\n' "${line/$tmp\/sea.sdf/${folder#"$corpus"/}}"
done < <(find "$corpus" -name model.config | sort)
