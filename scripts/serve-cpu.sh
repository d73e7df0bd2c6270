#!/usr/bin/env bash
# What serving costs at real time: the CPU time of `leeway run` on the default world for
# SECONDS (default 40) simulated at real time, unserved, served with nobody subscribed, and
# served with four ROS 2 readers (the 100 Hz IMU, the 20 Hz GNSS, /tf, /clock every step; each
# a ros2_peer process, whose CPU is not counted). Needs `make build` (build/leeway and
# build/tests/ros2_peer). On the loopback, in DDS domain 77 and a partition of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-40}
export IGN_IP=127.0.0.1 IGN_PARTITION="serve_cpu_$$" ROS_DOMAIN_ID=77
export CYCLONEDDS_URI='<CycloneDDS><Domain id="any"><General><Interfaces><NetworkInterface address="127.0.0.1"/></Interfaces><AllowMulticast>false</AllowMulticast></General><Discovery><ParticipantIndex>auto</ParticipantIndex><MaxAutoParticipantIndex>32</MaxAutoParticipantIndex><Peers><Peer address="localhost"/></Peers></Discovery></Domain></CycloneDDS>'
cpu() {  # label, then leeway's arguments: "label: user+sys CPU s over wall s (percent of a core)"
  local label=$1
  shift
  /usr/bin/time -f "%U %S %e" -o /tmp/serve-cpu.$$ build/leeway run --duration "$seconds" "$@" >/dev/null
  read -r user sys wall </tmp/serve-cpu.$$
  awk -v l="$label" -v u="$user" -v s="$sys" -v w="$wall" \
    'BEGIN { printf "%-28s %.2f s CPU over %.1f s (%.1f %% of a core)\n", l, u + s, w, 100 * (u + s) / w }'
}
cpu unserved --rate-factor 1
cpu "served, no subscribers" --serve --ros-domain 77
cpu "served, four DDS readers" --serve --ros-domain 77 &
sleep 1
for reader in "/wamv/sensors/imu/imu/data sensor_msgs/Imu 100" \
              "/wamv/sensors/gps/gps/fix sensor_msgs/NavSatFix 20" \
              "/tf tf2_msgs/TFMessage 50" "/clock rosgraph_msgs/Clock 200"; do
  read -r topic type rate <<<"$reader"
  timeout $((seconds + 10)) build/tests/ros2_peer echo "$topic" "$type" \
    $((rate * (seconds - 2))) $((seconds + 5)) >/dev/null 2>&1 &
done
wait
rm -f /tmp/serve-cpu.$$
