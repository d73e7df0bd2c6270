#!/usr/bin/env bash
# Installs what Leeway needs to build and test, from Debian 12 packages only.
# Idempotent and non-interactive: does nothing when every package is already present.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build ccache g++ make pkg-config clang libclang-rt-14-dev clang-format
  # libraries
  libeigen3-dev libsdformat-dev libcli11-dev libfmt-dev nlohmann-json3-dev
  # geo-referencing and field files (CF NetCDF, HEC-RAS HDF5)
  libgeographiclib-dev libnetcdf-dev libhdf5-dev
  # hull and seabed meshes (STL, OBJ, DAE), and the rays sensors cast against them
  libassimp-dev libembree-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
