#!/usr/bin/env bash
# Installs what Leeway needs to build and test, from Debian 12 packages only.
# Idempotent and non-interactive: does nothing when every package is already present.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build ccache g++ make pkg-config clang libclang-rt-14-dev clang-format
  # libraries
  libeigen3-dev libsdformat-dev libtinyxml2-dev libcli11-dev libfmt-dev nlohmann-json3-dev
  # the log of the URDF parser libsdformat calls (sdf/sdformat_scope.h captures it)
  libconsole-bridge-dev
  # geo-referencing and field files (CF NetCDF, HEC-RAS HDF5)
  libgeographiclib-dev libnetcdf-dev libhdf5-dev
  # hull and seabed meshes (STL, OBJ, DAE), and the rays sensors cast against them
  libassimp-dev libembree-dev
  # textures' PNG and JPEG files
  libstb-dev
  # serving a run as gz-sim does (Gazebo Fortress's transport and messages), and the `ign`
  # tools the interface tests drive it with
  libignition-transport-dev libignition-msgs-dev ignition-transport-cli ignition-tools
  # serving it to ROS 2 natively over DDS (Cyclone DDS and its IDL compiler)
  cyclonedds-dev cyclonedds-tools
  # seeing a run: MCAP recordings (zstd chunks, CRC-32) and the browser the viewer's tests
  # drive (software WebGL, no GPU needed); civetweb only for benchmark baselines built from
  # revisions before Leeway's own web server (scripts/bench-baseline.sh)
  libzstd-dev zlib1g-dev chromium libcivetweb-dev
  # tests and benchmarks (Valgrind's memcheck runs the multibody kernel's tests); DART (gz-sim's
  # default physics engine) is their oracle, and its headers need the ikfast package it does not
  # depend on
  libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev valgrind
  libdart-dev libdart-external-ikfast-dev
  # the Python module (docs/python.md) under Debian's /usr/bin/python3, its tests, and the
  # campaigns' engines (Dask, MPI), configuration (YAML) and report (matplotlib)
  python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest
  python3-distributed python3-mpi4py openmpi-bin python3-yaml python3-matplotlib
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Debian 12's `ign topic` and `ign service` look for their programs where the package does not
# put them (ignition-tools' Ruby plugin expects lib/, the package installs libexec/): link them.
ign_expected=/usr/lib/x86_64-linux-gnu/ignition/transport11
ign_installed=/usr/libexec/ignition/transport11
if [ -d "$ign_installed" ] && [ ! -e "$ign_expected/ign-transport-topic" ]; then
  "${sudo_cmd[@]}" mkdir -p "$ign_expected"
  for tool in "$ign_installed"/ign-transport-*; do
    "${sudo_cmd[@]}" ln -sf "$tool" "$ign_expected/"
  done
  echo "install-deps: linked ${ign_installed}/ign-transport-* into ${ign_expected} for 'ign topic'"
fi

# The JavaScript the tests use as clients Leeway did not write (package.json, pinned by
# package-lock.json): Node.js and npm from Debian when the machine has none.
if ! command -v npm > /dev/null; then
  echo "install-deps: installing nodejs npm"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends nodejs npm
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -f "$root/node_modules/.package-lock.json" ] ||
   [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
  echo "install-deps: npm ci"
  (cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
fi
