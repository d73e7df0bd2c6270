// `leeway run --view` against @foxglove/ws-protocol's own client (the one Foxglove's and
// Lichtblick's players are built on): channels, subscriptions, messages valid against their
// @foxglove/schemas and Leeway JSON Schemas (Ajv), time, client publishing that pauses, steps,
// paces and commands the world, and bad input of every kind answered with a status while the
// run goes on. Each test starts its own server on a free loopback port; bounded in time.
//
//   LEEWAY_BINARY=build/leeway node --test tests/transport/foxglove/foxglove_protocol.test.js
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const net = require("node:net");
const fs = require("node:fs");
const path = require("node:path");
const { FoxgloveClient } = require("@foxglove/ws-protocol");
const WebSocket = require("ws");
const Ajv = require("ajv");
const { PNG } = require("pngjs");

const LEEWAY = process.env.LEEWAY_BINARY;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Polls `predicate` until it holds or `ms` pass; returns whether it held.
async function until(predicate, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (predicate()) return true;
    await sleep(50);
  }
  return predicate();
}

/// `leeway run --view=0 ARGS`, and the port it chose.
async function startLeeway(args) {
  const proc = spawn(LEEWAY, ["run", "--view=0", "--no-progress", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  const found = await until(() => /127\.0\.0\.1:(\d+)/.test(out), 30000);
  assert.ok(found, `leeway did not start serving: ${out}`);
  const port = Number(out.match(/127\.0\.0\.1:(\d+)/)[1]);
  return { proc, port, output: () => out };
}

async function stop(leeway) {
  if (leeway.proc.exitCode !== null) return leeway.proc.exitCode;
  const exited = new Promise((r) => leeway.proc.once("exit", (code) => r(code)));
  leeway.proc.kill("SIGINT");
  return exited;
}

/// A FoxgloveClient session that keeps everything it is sent.
class Session {
  constructor(port) {
    this.client = new FoxgloveClient({
      ws: new WebSocket(`ws://127.0.0.1:${port}`, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]),
    });
    this.channels = new Map(); // id -> channel
    this.byTopic = new Map(); // topic -> channel
    this.subscriptions = new Map(); // subscription id -> channel
    this.messages = new Map(); // topic -> [{t, data}]
    this.times = [];
    this.statuses = [];
    this.client.on("serverInfo", (info) => (this.serverInfo = info));
    this.client.on("advertise", (channels) => {
      for (const c of channels) {
        this.channels.set(c.id, c);
        this.byTopic.set(c.topic, c);
      }
    });
    this.client.on("message", ({ subscriptionId, timestamp, data }) => {
      const c = this.subscriptions.get(subscriptionId);
      const list = this.messages.get(c.topic) ?? [];
      list.push({ t: timestamp, data: new TextDecoder().decode(data) });
      this.messages.set(c.topic, list);
    });
    this.client.on("time", ({ timestamp }) => this.times.push(timestamp));
    this.client.on("status", (s) => this.statuses.push(s));
  }
  subscribe(topic) {
    const c = this.byTopic.get(topic);
    assert.ok(c, `no channel ${topic}`);
    const id = this.client.subscribe(c.id);
    this.subscriptions.set(id, c);
    return id;
  }
  count(topic) {
    return (this.messages.get(topic) ?? []).length;
  }
  last(topic) {
    const list = this.messages.get(topic) ?? [];
    return list.length ? JSON.parse(list[list.length - 1].data) : undefined;
  }
  close() {
    this.client.close();
  }
}

test("channels advertised with their schemas, messages valid against them, time", async () => {
  const leeway = await startLeeway(["--duration", "120"]);
  const s = new Session(leeway.port);
  try {
    assert.ok(await until(() => s.channels.size > 0), "no advertise");
    assert.equal(s.serverInfo.name, "leeway");
    assert.deepEqual(s.serverInfo.capabilities.sort(), ["clientPublish", "time"]);
    assert.equal(s.serverInfo.metadata.world, "leeway_default");
    for (const topic of ["/tf", "/tf_static", "/scene", "/waves", "/sea", "/wamv/odometry",
      "/wamv/pose", "/wamv/actuators", "/wamv/environment", "/wamv/sensors/imu/imu/data",
      "/wamv/sensors/gps/gps/fix", "/task/wayfinding", "/log"]) {
      assert.ok(s.byTopic.has(topic), `no channel ${topic}`);
    }
    assert.equal(s.byTopic.get("/tf").schemaName, "foxglove.FrameTransforms");
    assert.equal(s.byTopic.get("/wamv/sensors/gps/gps/fix").schemaName, "foxglove.LocationFix");
    const ajv = new Ajv({ strict: false });
    const validators = new Map();
    for (const c of s.channels.values()) {
      assert.equal(c.encoding, "json");
      assert.equal(c.schemaEncoding, "jsonschema");
      validators.set(c.topic, ajv.compile(JSON.parse(c.schema)));
      s.subscribe(c.topic);
    }
    // Real time: 3 s give 30 frames and 300 IMU samples; a loaded machine takes longer.
    assert.ok(await until(() => s.count("/tf") >= 20 && s.count("/wamv/sensors/imu/imu/data") >= 150),
      `too few messages: /tf ${s.count("/tf")}`);
    let checked = 0;
    for (const [topic, list] of s.messages) {
      let last = 0n;
      for (const m of list) {
        const validate = validators.get(topic);
        assert.ok(validate(JSON.parse(m.data)), `${topic}: ${ajv.errorsText(validate.errors)}: ${m.data.slice(0, 300)}`);
        assert.ok(m.t >= last, `${topic}: time went back`);
        last = m.t;
        checked += 1;
      }
    }
    assert.ok(checked > 200);
    // The latched channels came once each, on subscribing.
    assert.equal(s.count("/scene"), 1);
    assert.equal(s.count("/tf_static"), 1);
    assert.equal(s.count("/waves"), 1);
    assert.ok(s.last("/scene").entities.length >= 2);
    // Time frames: simulated time, rising by 0.1 s each.
    assert.ok(s.times.length >= 10);
    for (let i = 1; i < s.times.length; i++) assert.equal(s.times[i] - s.times[i - 1], 100000000n);

    // The layout shipped for Foxglove and Lichtblick names what the server has: its 3D panel's
    // topics and followed frame, and each plot's message path (topic, fields by the schema,
    // filters that match a message).
    const layout = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../data/foxglove/leeway-default-world.layout.json"), "utf8"));
    const three = layout.configById["3D!leeway"];
    for (const topic of Object.keys(three.topics)) assert.ok(s.byTopic.has(topic), `layout: no channel ${topic}`);
    assert.ok(s.last("/tf").transforms.some((t) => t.child_frame_id === three.followTf), `layout: no frame ${three.followTf}`);
    const paths = Object.values(layout.configById).flatMap((c) => (c.paths ?? []).map((p) => p.value).concat(c.topicPath ? [c.topicPath] : []));
    assert.ok(paths.length >= 6);
    for (const messagePath of paths) {
      const [, topic, rest] = messagePath.match(/^(\/[^.]+)(.*)$/);
      const channel = s.byTopic.get(topic);
      assert.ok(channel, `layout: no channel ${topic}`);
      let schema = JSON.parse(channel.schema);
      let values = [s.last(topic)];
      let optional = false;  // a field a message leaves out while it has no value (a score)
      for (const part of rest.split(".").slice(1)) {
        const [, field, slice, filter] = part.match(/^(\w+)(\[:\])?(?:\{(\w+)=="([^"]*)"\})?/);
        assert.ok(schema.properties?.[field], `layout: ${messagePath}: no field ${field}`);
        optional = optional || !(schema.required ?? []).includes(field);
        schema = schema.properties[field];
        values = values.map((v) => v[field]);
        if (slice) {
          schema = schema.items;
          values = values.flat();
          const f = part.match(/\{(\w+)=="([^"]*)"\}/);
          if (f) values = values.filter((v) => v[f[1]] === f[2]);
        }
      }
      assert.ok(values.length > 0 && (optional || values.every((v) => v !== undefined)), `layout: ${messagePath} selects nothing`);
    }

    // Unsubscribing stops the flow.
    const imu = [...s.subscriptions].find(([, c]) => c.topic === "/wamv/sensors/imu/imu/data")[0];
    s.client.unsubscribe(imu);
    await sleep(500);
    const n = s.count("/wamv/sensors/imu/imu/data");
    const tf = s.count("/tf");
    await sleep(1000);
    assert.equal(s.count("/wamv/sensors/imu/imu/data"), n);
    assert.ok(s.count("/tf") > tf, "the other channels stopped too");
  } finally {
    s.close();
    await stop(leeway);
  }
});

/// A world file: a boat at height `z` (10 m up by default) carrying `sensor`, and a static wall
/// 1 m thick at the same height whose face is at x = 5 (its link's `wall` element: a collision or
/// a visual); the caller removes it.
function sensorWorld(name, sensor, wall, z = 10) {
  const world = path.join(require("node:os").tmpdir(), `leeway_${name}_${process.pid}.sdf`);
  fs.writeFileSync(world, `<?xml version="1.0"?>
<sdf version="1.9"><world name="${name}">
  <physics name="p" type="leeway"><max_step_size>0.01</max_step_size></physics>
  <gravity>0 0 0</gravity>
  <model name="boat"><pose>0 0 ${z} 0 0 0</pose><link name="base_link">
    <inertial><mass>100</mass><inertia><ixx>10</ixx><iyy>20</iyy><izz>20</izz></inertia></inertial>
    ${sensor}
  </link></model>
  <model name="wall"><static>true</static><pose>5.5 0 ${z} 0 0 0</pose><link name="link">${wall}</link></model>
</world></sdf>`);
  return world;
}

test("a lidar's scan is a foxglove.PointCloud whose points are its ranges", async () => {
  // Nine rays from -0.2 to 0.2 rad, 10 m up, at a wall whose face is at x = 5: every point at
  // x = 5 in S, y = 5 tan(a), intensity cos(a) (Lambert, docs/sensors.md).
  const world = sensorWorld("lidar", `<sensor name="scanner" type="gpu_lidar"><update_rate>5</update_rate><lidar>
      <scan><horizontal><samples>9</samples><min_angle>-0.2</min_angle><max_angle>0.2</max_angle>
      </horizontal></scan><range><min>0.2</min><max>50</max></range></lidar></sensor>`,
  `<collision name="c"><geometry><box><size>1 20 20</size></box></geometry></collision>`);
  const leeway = await startLeeway([world, "--duration", "60"]);
  const s = new Session(leeway.port);
  try {
    assert.ok(await until(() => s.byTopic.has("/boat/sensors/lidars/scanner/scan")), "no lidar channel");
    const channel = s.byTopic.get("/boat/sensors/lidars/scanner/scan");
    assert.equal(channel.schemaName, "foxglove.PointCloud");
    const validate = new Ajv({ strict: false }).compile(JSON.parse(channel.schema));
    s.subscribe("/boat/sensors/lidars/scanner/scan");
    assert.ok(await until(() => s.count("/boat/sensors/lidars/scanner/scan") >= 2), "no scans");
    const scan = s.last("/boat/sensors/lidars/scanner/scan");
    assert.ok(validate(scan), JSON.stringify(validate.errors));
    assert.equal(scan.frame_id, "boat/base_link/scanner");
    assert.equal(scan.point_stride, 16);
    const bytes = Buffer.from(scan.data, "base64");
    assert.equal(bytes.length, 9 * 16);
    for (let i = 0; i < 9; ++i) {
      const a = -0.2 + (0.4 * i) / 8;
      const [x, y, z, intensity] = [0, 4, 8, 12].map((o) => bytes.readFloatLE(16 * i + o));
      assert.ok(Math.abs(x - 5) < 1e-5, `point ${i}: x ${x}`);
      assert.ok(Math.abs(y - 5 * Math.tan(a)) < 1e-5, `point ${i}: y ${y}`);
      assert.ok(Math.abs(z) < 1e-6, `point ${i}: z ${z}`);
      assert.ok(Math.abs(intensity - Math.cos(a)) < 1e-6, `point ${i}: intensity ${intensity}`);
    }
  } finally {
    s.close();
    await stop(leeway);
    fs.rmSync(world, { force: true });
  }
});

test("an RGB-D camera's frames are PNG foxglove.CompressedImages, its depths 32FC1 foxglove.RawImages, with their CameraCalibration", async () => {
  // A 9 x 5 camera 10 m up looking along x at a red wall whose face is at x = 5 and turned from
  // the sun: the wall's red times the ambient light, 0.35 (docs/sensors.md), fills the frame's
  // middle, every depth (z in the optical frame) is 5 m; the calibration is the pinhole's K
  // with c = (size - 1) / 2.
  const world = sensorWorld("camera", `<sensor name="eye" type="rgbd_camera"><update_rate>5</update_rate><camera>
      <horizontal_fov>0.5</horizontal_fov><image><width>9</width><height>5</height></image>
      <clip><near>0.1</near><far>50</far></clip></camera></sensor>`,
  `<visual name="v"><geometry><box><size>1 20 20</size></box></geometry>
      <material><diffuse>1 0 0 1</diffuse></material></visual>`);
  const leeway = await startLeeway([world, "--duration", "60"]);
  const s = new Session(leeway.port);
  try {
    assert.ok(await until(() => s.byTopic.has("/boat/sensors/cameras/eye/image_raw")), "no camera channel");
    const image = s.byTopic.get("/boat/sensors/cameras/eye/image_raw");
    const info = s.byTopic.get("/boat/sensors/cameras/eye/camera_info");
    assert.equal(image.schemaName, "foxglove.CompressedImage");
    assert.equal(info.schemaName, "foxglove.CameraCalibration");
    s.subscribe("/boat/sensors/cameras/eye/image_raw");
    s.subscribe("/boat/sensors/cameras/eye/camera_info");
    assert.ok(await until(() => s.count("/boat/sensors/cameras/eye/image_raw") >= 2 && s.count("/boat/sensors/cameras/eye/camera_info") >= 2), "no frames");
    const frame = s.last("/boat/sensors/cameras/eye/image_raw");
    const validate = new Ajv({ strict: false }).compile(JSON.parse(image.schema));
    assert.ok(validate(frame), JSON.stringify(validate.errors));
    assert.equal(frame.format, "png");
    assert.equal(frame.frame_id, "boat/base_link/eye_optical");
    const png = PNG.sync.read(Buffer.from(frame.data, "base64"));
    assert.equal(png.width, 9);
    assert.equal(png.height, 5);
    const pixel = (u, v) => Array.from(png.data.subarray(4 * (v * 9 + u), 4 * (v * 9 + u) + 3));
    assert.deepEqual(pixel(4, 2), [Math.round(255 * 0.35), 0, 0]);

    const depthChannel = s.byTopic.get("/boat/sensors/cameras/eye/depth");
    assert.equal(depthChannel.schemaName, "foxglove.RawImage");
    s.subscribe("/boat/sensors/cameras/eye/depth");
    assert.ok(await until(() => s.count("/boat/sensors/cameras/eye/depth") >= 1), "no depths");
    const depth = s.last("/boat/sensors/cameras/eye/depth");
    const validateDepth = new Ajv({ strict: false }).compile(JSON.parse(depthChannel.schema));
    assert.ok(validateDepth(depth), JSON.stringify(validateDepth.errors));
    assert.equal(depth.frame_id, "boat/base_link/eye_optical");
    assert.equal(depth.encoding, "32FC1");
    assert.equal(depth.width, 9);
    assert.equal(depth.step, 36);
    const depths = Buffer.from(depth.data, "base64");
    assert.equal(depths.length, 9 * 5 * 4);
    for (let k = 0; k < 45; ++k) assert.ok(Math.abs(depths.readFloatLE(4 * k) - 5) < 1e-5, `pixel ${k}: ${depths.readFloatLE(4 * k)}`);

    const calibration = s.last("/boat/sensors/cameras/eye/camera_info");
    assert.ok(new Ajv({ strict: false }).compile(JSON.parse(info.schema))(calibration));
    const f = 4.5 / Math.tan(0.25);
    assert.equal(calibration.width, 9);
    assert.ok(Math.abs(calibration.K[0] - f) < 1e-9 && Math.abs(calibration.K[4] - f) < 1e-9, `K ${calibration.K}`);
    assert.equal(calibration.K[2], 4);
    assert.equal(calibration.K[5], 2);
    // The optical frame under the sensor's: z along S's x, x along S's -y.
    s.subscribe("/tf_static");
    assert.ok(await until(() => s.count("/tf_static") >= 1), "no /tf_static");
    const optical = s.last("/tf_static").transforms.find((t) => t.child_frame_id === "boat/base_link/eye_optical");
    assert.ok(optical, "no optical frame");
    assert.equal(optical.parent_frame_id, "boat/base_link/eye");
    const q = optical.rotation;
    assert.ok(Math.abs(q.w - 0.5) < 1e-12 && Math.abs(q.x + 0.5) < 1e-12 && Math.abs(q.y - 0.5) < 1e-12 && Math.abs(q.z + 0.5) < 1e-12, JSON.stringify(q));
  } finally {
    s.close();
    await stop(leeway);
    fs.rmSync(world, { force: true });
  }
});

test("a sonar's pings are ProjectedSonarImage-shaped, and its fan a PNG", async () => {
  // 8 beams over 0.4 rad, 0.5 to 20.5 m in 100 bins, 10 m deep, at a wall whose face is at x = 5:
  // each beam's brightest bin is the wall's, 5 / cos(bearing) away; its expected image
  // (incoherent, no speckle).
  const world = sensorWorld("sonar", `<sensor name="fls" type="custom" leeway:type="sonar">
      <update_rate>5</update_rate><leeway:sonar><beams>8</beams><horizontal_fov>0.4</horizontal_fov>
      <beamwidth>0.05</beamwidth><range_min>0.5</range_min><range_max>20.5</range_max><bins>100</bins>
      <rays_per_beam_v>16</rays_per_beam_v><coherent>false</coherent><speckle>false</speckle>
      </leeway:sonar></sensor>`,
  `<visual name="v"><geometry><box><size>1 20 20</size></box></geometry></visual>`, -10);
  const leeway = await startLeeway([world, "--duration", "60"]);
  const s = new Session(leeway.port);
  try {
    assert.ok(await until(() => s.byTopic.has("/boat/sensors/sonars/fls/sonar_image")), "no sonar channel");
    const raw = s.byTopic.get("/boat/sensors/sonars/fls/sonar_image");
    const fan = s.byTopic.get("/boat/sensors/sonars/fls/sonar_image/image");
    assert.equal(raw.schemaName, "leeway.SonarImage");
    assert.equal(fan.schemaName, "foxglove.CompressedImage");
    s.subscribe("/boat/sensors/sonars/fls/sonar_image"); // either channel starts the pings
    assert.ok(await until(() => s.count("/boat/sensors/sonars/fls/sonar_image") >= 2), "no pings");
    s.subscribe("/boat/sensors/sonars/fls/sonar_image/image");
    assert.ok(await until(() => s.count("/boat/sensors/sonars/fls/sonar_image/image") >= 1), "no fan");
    const ping = s.last("/boat/sensors/sonars/fls/sonar_image");
    const validate = new Ajv({ strict: false }).compile(JSON.parse(raw.schema));
    assert.ok(validate(ping), JSON.stringify(validate.errors));
    assert.equal(ping.frame_id, "boat/base_link/fls_acoustic");
    assert.equal(ping.image.beam_count, 8);
    assert.equal(ping.image.dtype, 8);
    assert.equal(ping.ranges.length, 100);
    assert.equal(ping.beam_directions.length, 8);
    const levels = Buffer.from(ping.image.data, "base64");
    assert.equal(levels.length, 8 * 100 * 4);
    for (let b = 0; b < 8; ++b) {
      const bearing = -0.2 + (b + 0.5) * 0.05;
      const d = ping.beam_directions[b]; // z along the fan's axis, x up: bearing turns z to -y
      assert.ok(Math.abs(d.x) < 1e-12 && Math.abs(d.y + Math.sin(bearing)) < 1e-12 && Math.abs(d.z - Math.cos(bearing)) < 1e-12, JSON.stringify(d));
      let peak = 0;
      for (let m = 1; m < 100; ++m) {
        if (levels.readFloatLE(4 * (m * 8 + b)) > levels.readFloatLE(4 * (peak * 8 + b))) peak = m;
      }
      assert.ok(Math.abs(ping.ranges[peak] - 5 / Math.cos(bearing)) < 0.3, `beam ${b}: peak at ${ping.ranges[peak]} m`);
    }
    const image = s.last("/boat/sensors/sonars/fls/sonar_image/image");
    assert.equal(image.format, "png");
    const png = PNG.sync.read(Buffer.from(image.data, "base64"));
    assert.equal(png.height, 480);
    assert.equal(png.width, Math.ceil((2 * 20.5 * Math.sin(0.2)) / (20.5 / 480)));
    // The ping's frame under the sensor's: a half turn about (1, 0, 1).
    s.subscribe("/tf_static");
    assert.ok(await until(() => s.count("/tf_static") >= 1), "no /tf_static");
    const acoustic = s.last("/tf_static").transforms.find((t) => t.child_frame_id === "boat/base_link/fls_acoustic");
    assert.ok(acoustic, "no acoustic frame");
    const q = acoustic.rotation;
    assert.ok(Math.abs(q.w) < 1e-12 && Math.abs(q.x - Math.SQRT1_2) < 1e-12 && Math.abs(q.y) < 1e-12 && Math.abs(q.z - Math.SQRT1_2) < 1e-12, JSON.stringify(q));
  } finally {
    s.close();
    await stop(leeway);
    fs.rmSync(world, { force: true });
  }
});

test("client publishing pauses, steps, paces and commands the world", async () => {
  const leeway = await startLeeway(["--duration", "600", "--no-controllers"]);
  const s = new Session(leeway.port);
  try {
    assert.ok(await until(() => s.channels.size > 0), "no advertise");
    s.subscribe("/tf");
    s.subscribe("/wamv/actuators");
    const control = s.client.advertise({ topic: "/world/leeway_default/control", encoding: "json", schemaName: "leeway.WorldControl" });
    const command = s.client.advertise({ topic: "/leeway/command", encoding: "json", schemaName: "leeway.Command" });
    const send = (channel, value) => s.client.sendMessage(channel, new TextEncoder().encode(JSON.stringify(value)));
    assert.ok(await until(() => s.count("/tf") >= 5));

    // Paused, the frames stop.
    send(control, { pause: true });
    await sleep(1000);
    const paused = s.count("/tf");
    const pausedAt = s.last("/tf").transforms[0].timestamp;
    await sleep(1500);
    assert.equal(s.count("/tf"), paused, "frames came while paused");

    // 100 steps of 5 ms: exactly five more frames, 0.5 s later.
    send(control, { pause: true, multi_step: 100 });
    assert.ok(await until(() => s.count("/tf") >= paused + 5, 30000));
    await sleep(1000);
    assert.equal(s.count("/tf"), paused + 5);
    const stepped = s.last("/tf").transforms[0].timestamp;
    assert.equal(stepped.sec * 1e9 + stepped.nsec - (pausedAt.sec * 1e9 + pausedAt.nsec), 5e8);

    // A command reaches its actuator (no controller overrides it here).
    send(command, { actuator: "wamv/left_engine_propeller_joint", value: 200 });
    send(control, { pause: true, multi_step: 40 });
    assert.ok(await until(() => {
      const a = s.last("/wamv/actuators");
      return a && a.actuators.find((x) => x.name === "left_engine_propeller_joint").command === 200;
    }, 30000), `the command did not arrive: ${JSON.stringify(s.last("/wamv/actuators"))}`);

    // As fast as possible: more than 5 simulated seconds within 3 wall seconds.
    const before = s.times[s.times.length - 1] ?? 0n;
    send(control, { pause: false, rate_factor: 0 });
    assert.ok(await until(() => (s.times[s.times.length - 1] ?? 0n) - before > 5000000000n, 20000),
      "the rate factor did not take");
    assert.deepEqual(s.statuses.filter((x) => x.level >= 1 && !/dropped/.test(x.message)), []);

    // Back to real time, the run goes on at once (it does not wait for the time it gained).
    send(control, { rate_factor: 1 });
    await sleep(500);
    const slowed = s.times[s.times.length - 1];
    await sleep(2000);
    const advanced = Number(s.times[s.times.length - 1] - slowed) * 1e-9;
    assert.ok(advanced > 1.0 && advanced < 3.0, `${advanced} s simulated in 2 s at real time`);

    // A rate factor out of range is refused with a status, and the pace stays.
    for (const rate_factor of [1e-300, 1e7, -1]) send(control, { rate_factor });
    assert.ok(await until(() => s.statuses.filter((x) => /rate factor/.test(x.message)).length === 3, 10000),
      JSON.stringify(s.statuses));

    // SIGINT stops the run within a second.
    const start = Date.now();
    assert.equal(await stop(leeway), 0, leeway.output());
    assert.ok(Date.now() - start < 1500, `SIGINT took ${Date.now() - start} ms`);
  } finally {
    s.close();
    await stop(leeway);
  }
});

test("bad input is answered with a status and the run goes on", async () => {
  const leeway = await startLeeway(["--duration", "600"]);
  const s = new Session(leeway.port);
  const raw = new WebSocket(`ws://127.0.0.1:${leeway.port}`, ["foxglove.websocket.v1"]);
  const rawStatuses = [];
  raw.on("message", (data, binary) => {
    if (!binary) {
      const m = JSON.parse(data.toString());
      if (m.op === "status") rawStatuses.push(m);
    }
  });
  try {
    assert.ok(await until(() => s.channels.size > 0 && raw.readyState === WebSocket.OPEN));
    s.subscribe("/tf");
    const sends = [
      "not json at all",
      JSON.stringify({ no: "op" }),
      JSON.stringify({ op: "fly" }),
      JSON.stringify({ op: "subscribe", subscriptions: [{ id: 1, channelId: 9999 }] }),
      JSON.stringify({ op: "subscribe", subscriptions: "all" }),
      JSON.stringify({ op: "advertise", channels: [{ id: 5, topic: "/x", encoding: "cbor", schemaName: "a" }] }),
      Buffer.from([7, 1, 2, 3]),
      Buffer.from([1, 0]),
      Buffer.concat([Buffer.from([1, 42, 0, 0, 0]), Buffer.from("{}")]),
      Buffer.alloc(2 * 1024 * 1024, 0x41),
    ];
    for (const m of sends) raw.send(m);
    // Client messages with a wrong shape or a NaN: refused.
    raw.send(JSON.stringify({ op: "advertise", channels: [{ id: 1, topic: "/leeway/command", encoding: "json", schemaName: "x" },
      { id: 2, topic: "/world/leeway_default/control", encoding: "json", schemaName: "x" }] }));
    const publish = (id, text) => raw.send(Buffer.concat([Buffer.from([1, id, 0, 0, 0]), Buffer.from(text)]));
    publish(1, JSON.stringify({ actuator: "wamv/left_engine_propeller_joint", value: "NaN" }));
    publish(1, JSON.stringify({ actuator: "nobody/nothing", value: 1 }));
    publish(1, "[1, 2");
    publish(2, JSON.stringify({ rate_factor: -1 }));
    publish(2, JSON.stringify({ reset: { time_only: true } }));
    const expected = sends.length + 5;
    assert.ok(await until(() => rawStatuses.length >= expected, 20000),
      `${rawStatuses.length} statuses: ${JSON.stringify(rawStatuses)}`);
    for (const st of rawStatuses) assert.ok(st.level >= 1 && st.message.length > 10, JSON.stringify(st));

    // A client that goes away mid-frame: the upgrade, half a frame, gone.
    await new Promise((resolve) => {
      const socket = net.connect(leeway.port, "127.0.0.1", () => {
        socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
          "Sec-WebSocket-Protocol: foxglove.websocket.v1\r\n\r\n");
        setTimeout(() => {
          socket.write(Buffer.from([0x81, 0xfe, 0x10, 0x00, 1, 2, 3, 4, 65, 66]));
          socket.destroy();
          resolve();
        }, 300);
      });
      socket.on("error", resolve);
    });

    // A bounded fuzz: random text and binary frames for 4 s, from a fixed seed.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pieces = ['{"op":"subscribe","subscriptions":[{"id":', '{"op":"unsubscribe","subscriptionIds":[',
      '{"op":"advertise","channels":[{"id":', '{"op":"unadvertise","channelIds":[', '"channelId":', '}]}',
      ']}', '-1', '4294967296', '1e308', 'null', '"x"', '{', '[', ',', '0'];
    const fuzzEnd = Date.now() + 4000;
    let sent = 0;
    while (Date.now() < fuzzEnd) {
      if (random() < 0.5) {
        let text = "";
        const n = Math.floor(random() * 8);
        for (let i = 0; i < n; i++) text += pieces[Math.floor(random() * pieces.length)];
        raw.send(text);
      } else {
        const bytes = Buffer.alloc(Math.floor(random() * 64));
        for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
        if (bytes.length > 0 && random() < 0.5) bytes[0] = 1;
        raw.send(bytes);
      }
      sent += 1;
      if (sent % 50 === 0) await sleep(10);
    }
    // The run went on throughout, and still serves.
    const tf = s.count("/tf");
    assert.ok(await until(() => s.count("/tf") >= tf + 10, 20000), "the run stopped serving");
    assert.equal(leeway.proc.exitCode, null, leeway.output());
  } finally {
    raw.close();
    s.close();
    assert.equal(await stop(leeway), 0, leeway.output());
  }
});

/// The server's resident memory [bytes] (Linux).
function residentBytes(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line[1]) * 1024;
}

/// A WebSocket by hand on a TCP socket: the upgrade is sent and its 101 awaited.
async function rawWebSocket(port) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  await new Promise((resolve, reject) => {
    let head = "";
    socket.once("connect", () => socket.write(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
      "Sec-WebSocket-Protocol: foxglove.websocket.v1\r\n\r\n"));
    const onData = (d) => {
      head += d.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      head.startsWith("HTTP/1.1 101") ? resolve() : reject(new Error(head));
    };
    socket.on("data", onData);
  });
  return socket;
}

test("no client starves another: a stalled reader, idle sockets, a 17th viewer, a 200 MB frame", async () => {
  const leeway = await startLeeway(["--duration", "600"]);
  const good = new Session(leeway.port);
  const others = [];
  try {
    assert.ok(await until(() => good.channels.size > 0));
    good.subscribe("/tf");
    const start = good.times.length;
    const memoryBefore = residentBytes(leeway.proc.pid);

    // A viewer that subscribes to every channel, then stops reading: its socket is paused, so
    // its TCP window fills and the server's sends to it would block.
    const stalled = new WebSocket(`ws://127.0.0.1:${leeway.port}`, ["foxglove.websocket.v1"]);
    others.push(stalled);
    const advertised = [];
    stalled.on("message", (data, binary) => {
      if (binary) return;
      const m = JSON.parse(data.toString());
      if (m.op === "advertise") advertised.push(...m.channels);
    });
    assert.ok(await until(() => advertised.length > 0));
    stalled.send(JSON.stringify({ op: "subscribe",
      subscriptions: advertised.map((c, i) => ({ id: i, channelId: c.id })) }));
    await sleep(200);
    stalled._socket.pause();

    // A 200 MB frame (its header says so, and its bytes follow): read past, never held.
    const big = await rawWebSocket(leeway.port);
    others.push(big);
    const size = 200 * 1024 * 1024;
    const header = Buffer.alloc(14);
    header[0] = 0x82;
    header[1] = 0xff;
    header.writeBigUInt64BE(BigInt(size), 2); // and a zero mask
    big.write(header);
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    for (let sent = 0; sent < size; sent += chunk.length) {
      if (!big.write(chunk)) await new Promise((r) => big.once("drain", r).once("close", r));
    }
    await sleep(500);
    const grown = residentBytes(leeway.proc.pid) - memoryBefore;
    assert.ok(grown < 64 * 1024 * 1024, `the server grew by ${(grown / 1048576).toFixed(0)} MB`);
    assert.ok(!big.destroyed, "the server closed the connection of the 200 MB frame");
    big.destroy(); // its place among the viewers is free again, once the server sees it go
    await sleep(300);

    // Eighty sockets that connect and say nothing, ten that send half a request head.
    for (let i = 0; i < 90; i++) {
      const socket = net.connect(leeway.port, "127.0.0.1");
      socket.on("error", () => {});
      if (i >= 80) socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      others.push(socket);
    }
    // Viewers up to the limit (16, the good and the stalled one among them), and one more.
    const extra = [];
    for (let i = 0; i < 15; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${leeway.port}`, ["foxglove.websocket.v1"]);
      const entry = { ws, opened: false, closed: null };
      ws.on("open", () => (entry.opened = true));
      ws.on("close", (code, reason) => (entry.closed = { code, reason: reason.toString() }));
      ws.on("error", () => {});
      extra.push(entry);
      others.push(ws);
      assert.ok(await until(() => entry.opened || entry.closed, 10000), `viewer ${i + 3} got no answer`);
    }
    // The 17th is upgraded, then closed at once with the reason.
    assert.ok(await until(() => extra.some((e) => e.closed), 5000), "no viewer was refused");
    const refused = extra.filter((e) => e.closed);
    assert.equal(refused.length, 1, JSON.stringify(extra.map((e) => e.closed)));
    assert.equal(refused[0].closed.code, 1013);
    assert.match(refused[0].closed.reason, /takes 16 viewers at once/);
    assert.equal(refused[0], extra[14]);

    // Ten more seconds of the run: the good viewer has its frames all along. The frames' times
    // (simulated) say how many there were: every gap is one frame's period.
    await sleep(10000);
    const { received, expected } = frameShare(good.times.slice(start));
    console.log(`the good viewer had ${received} of ${expected} frames; the 200 MB frame grew ` +
      `the server by ${(grown / 1048576).toFixed(1)} MB`);
    assert.ok(received >= 0.95 * expected && expected > 80,
      `the good viewer had ${received} of ${expected} frames`);
    assert.equal(leeway.proc.exitCode, null, leeway.output());
  } finally {
    for (const o of others) (o.terminate ?? o.destroy).call(o);
    good.close();
    assert.equal(await stop(leeway), 0, leeway.output());
  }
});

/// The good viewer's share of the frames: the frames' simulated times say how many there were
/// (every gap between two is one frame's period, the smallest).
function frameShare(times) {
  const t = times.map(Number);
  const period = Math.min(...t.slice(1).map((x, i) => x - t[i]));
  const expected = Math.round((t[t.length - 1] - t[0]) / period) + 1;
  return { received: t.length, expected };
}

// The soak (ctest viewer_soak, label soak: LEEWAY_SOAK_SECONDS=600): for that long a viewer
// that subscribes to everything and misbehaves in turn (stops reading for 15 s, reads again,
// floods garbage, drops its connection and comes back) runs beside a well-behaved one, which
// must get 95 % of its frames, while the server's memory stays bounded.
const SOAK_SECONDS = Number(process.env.LEEWAY_SOAK_SECONDS ?? 0);
test("a misbehaving viewer beside a good one, for LEEWAY_SOAK_SECONDS", { skip: SOAK_SECONDS === 0 }, async () => {
  const leeway = await startLeeway(["--duration", String(SOAK_SECONDS + 120)]);
  const good = new Session(leeway.port);
  let bad = null;
  try {
    assert.ok(await until(() => good.channels.size > 0));
    good.subscribe("/tf");
    const memoryStart = residentBytes(leeway.proc.pid);
    let peakGrowth = 0;
    const connectBad = () => {
      const ws = new WebSocket(`ws://127.0.0.1:${leeway.port}`, ["foxglove.websocket.v1"]);
      ws.on("error", () => {});
      ws.on("message", (data, binary) => {
        if (binary) return;
        const m = JSON.parse(data.toString());
        if (m.op === "advertise") ws.send(JSON.stringify({ op: "subscribe",
          subscriptions: m.channels.map((c) => ({ id: c.id, channelId: c.id })) }));
      });
      return ws;
    };
    bad = connectBad();
    let seed = 777;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const end = Date.now() + SOAK_SECONDS * 1000;
    for (let phase = 0; Date.now() < end; phase = (phase + 1) % 4) {
      if (phase === 0 && bad._socket) bad._socket.pause(); // stops reading
      if (phase === 1 && bad._socket) bad._socket.resume();
      if (phase === 2 && bad.readyState === WebSocket.OPEN) {
        for (let i = 0; i < 2000; i++) {
          const bytes = Buffer.alloc(Math.floor(random() * 256));
          for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(random() * 256);
          bad.send(random() < 0.5 ? bytes : bytes.toString("latin1"));
        }
      }
      if (phase === 3) {
        bad.terminate(); // gone without a close
        bad = connectBad();
      }
      await sleep(15000);
      peakGrowth = Math.max(peakGrowth, residentBytes(leeway.proc.pid) - memoryStart);
      assert.equal(leeway.proc.exitCode, null, leeway.output());
    }
    const { received, expected } = frameShare(good.times);
    console.log(`soak: the good viewer had ${received} of ${expected} frames; ` +
      `the server grew by at most ${(peakGrowth / 1048576).toFixed(0)} MB`);
    assert.ok(received >= 0.95 * expected, `the good viewer had ${received} of ${expected} frames`);
    assert.ok(peakGrowth < 256 * 1024 * 1024, `the server grew by ${peakGrowth} bytes`);
  } finally {
    if (bad) bad.terminate();
    good.close();
    assert.equal(await stop(leeway), 0, leeway.output());
  }
});

test("a recording replays over the same protocol: channels, latched messages, pause and step", async () => {
  // 20 s of the default world recorded, then served by `leeway view`.
  const file = require("node:path").join(require("node:os").tmpdir(), `leeway-replay-${process.pid}.mcap`);
  const record = spawn(LEEWAY, ["run", "--record", file, "--duration", "20", "--no-progress"], { stdio: "ignore" });
  assert.equal(await new Promise((r) => record.once("exit", r)), 0);
  const proc = spawn(LEEWAY, ["view", file, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  assert.ok(await until(() => /127\.0\.0\.1:(\d+)/.test(out), 30000), out);
  assert.match(out, /world leeway_default, \d+ messages on 17 channels, 20\.0 s/);
  const leeway = { proc, output: () => out };
  const s = new Session(Number(out.match(/127\.0\.0\.1:(\d+)/)[1]));
  try {
    assert.ok(await until(() => s.channels.size > 0), "no advertise");
    assert.equal(s.serverInfo.metadata.world, "leeway_default");
    assert.equal(s.byTopic.get("/tf").schemaName, "foxglove.FrameTransforms");
    assert.equal(s.byTopic.get("/scene").schemaName, "foxglove.SceneUpdate");
    s.subscribe("/tf");
    assert.ok(await until(() => s.count("/tf") >= 5));
    for (const topic of ["/scene", "/waves", "/tf_static"]) s.subscribe(topic);
    // Latched: subscribed after they went by, they come anyway.
    assert.ok(await until(() => s.count("/scene") === 1 && s.count("/waves") === 1 && s.count("/tf_static") === 1, 10000));
    const control = s.client.advertise({ topic: "/world/leeway_default/control", encoding: "json", schemaName: "x" });
    const send = (value) => s.client.sendMessage(control, new TextEncoder().encode(JSON.stringify(value)));
    send({ pause: true });
    await sleep(1000);
    const paused = s.count("/tf");
    await sleep(1000);
    assert.equal(s.count("/tf"), paused, "frames came while paused");
    send({ multi_step: 100 }); // 100 steps of the recording's 5 ms: five frames
    assert.ok(await until(() => s.count("/tf") >= paused + 5, 10000));
    await sleep(1000);
    assert.equal(s.count("/tf"), paused + 5);
    // As fast as possible to the end: every /tf frame of the 20 s (201), each once.
    send({ pause: false, rate_factor: 0 });
    assert.ok(await until(() => s.count("/tf") === 201, 20000), `${s.count("/tf")} frames`);
    const times = s.messages.get("/tf").map((m) => m.t);
    for (let i = 1; i < times.length; i++) assert.equal(times[i] - times[i - 1], 100000000n);
    // Reset: from the start again.
    send({ reset: { all: true } });
    assert.ok(await until(() => s.count("/tf") > 201, 10000));
    assert.equal(s.messages.get("/tf")[201].t, 0n);
  } finally {
    s.close();
    assert.equal(await stop(leeway), 0, out);
    require("node:fs").rmSync(file, { force: true });
  }
});
