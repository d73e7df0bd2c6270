// Lichtblick (the open-source continuation of Foxglove Studio, ../shared/clients), served as a
// static web app and opened in Debian's Chromium by playwright-core, connected to `leeway run
// --view` of the default world and of VRX's station-keeping task with the WAM-V spawned: every
// channel Leeway advertises is one whose JSON Schema Lichtblick parses. Lichtblick logs what it
// cannot use as "Player alert" console messages (a channel schema it refuses as
// "schema:<topic>"); a schema with a "number or null" field was one. Skipped without the
// client (a user's clone); bounded in time; loopback only.
//
//   LEEWAY_BINARY=build/leeway node --test tests/transport/foxglove/lichtblick.test.js
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { execFileSync, spawn } = require("node:child_process");
const fs = require("node:fs");
const http = require("node:http");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const LEEWAY = process.env.LEEWAY_BINARY;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHARED = path.join(__dirname, "../../../../shared");
const CLIENT = path.join(SHARED, "clients/lichtblick-static.tgz");
const VRX = path.join(SHARED, "foreign/vrx");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const MIME = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
  ".json": "application/json", ".css": "text/css", ".ttf": "font/ttf", ".svg": "image/svg+xml",
  ".png": "image/png", ".ico": "image/x-icon" };

/// The unpacked app served on a free loopback port.
function serveLichtblick(folder) {
  execFileSync("tar", ["xzf", CLIENT, "-C", folder]);
  const root = path.join(folder, "lichtblick");
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (p.endsWith("/")) p += "index.html";
    const file = path.normalize(path.join(root, p));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    fs.readFile(file, (err, data) => {
      if (err) return res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": MIME[path.extname(file)] ?? "application/octet-stream" });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject);
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

/// `leeway run --view=PORT` with `args`, until its port opens; its output so far.
async function serveLeeway(args, env) {
  const port = await freePort();
  const child = spawn(LEEWAY, ["run", `--view=${port}`, "--duration", "120", "--no-progress", ...args],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const deadline = Date.now() + 60000;
  while (!/ws:\/\/127\.0\.0\.1:\d+/.test(out)) {
    assert.ok(child.exitCode === null, `leeway exited: ${out}`);
    assert.ok(Date.now() < deadline, `leeway did not serve within 60 s: ${out}`);
    await sleep(200);
  }
  return { port, child, output: () => out };
}

/// Lichtblick connected to ws://127.0.0.1:port: the channels it was advertised and its alerts.
async function lichtblickOn(app, port) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "leeway-lichtblick-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, serviceWorkers: "block", timeout: 30000,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // The machine has no network: nothing but the loopback is asked for.
    await context.route("**/*", (route) => {
      const u = new URL(route.request().url());
      return u.hostname === "127.0.0.1" || u.protocol === "data:" || u.protocol === "blob:"
        ? route.continue() : route.abort();
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const alerts = [];
    page.on("console", async (m) => {
      if (!m.text().startsWith("Player alert")) return;
      const args = [];
      for (const a of m.args()) {
        args.push(await a.evaluate((v) => JSON.stringify(v, (k, x) => (x instanceof Error ? x.message : x)))
          .catch(() => "?"));
      }
      alerts.push(args.join(" "));
    });
    let advertised = null;
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      const m = JSON.parse(payload);
      if (m.op === "advertise") advertised = m.channels;
    }));
    const url = `http://127.0.0.1:${app.address().port}/?ds=foxglove-websocket&ds.url=` +
      encodeURIComponent(`ws://127.0.0.1:${port}/`);
    await page.goto(url, { waitUntil: "load", timeout: 60000 });
    const deadline = Date.now() + 60000;
    while (!advertised && Date.now() < deadline) await sleep(250);
    await sleep(5000);  // the schemas are parsed as soon as they are advertised
    return { advertised, alerts };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function checkWorld(args, env, expectChannels) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "leeway-lichtblick-"));
  const app = await serveLichtblick(folder);
  const leeway = await serveLeeway(args, env);
  try {
    const { advertised, alerts } = await lichtblickOn(app, leeway.port);
    assert.ok(advertised, "Lichtblick was advertised no channels");
    for (const topic of expectChannels)
      assert.ok(advertised.some((c) => c.topic === topic), `no channel ${topic}`);
    const schemaAlerts = alerts.filter((a) => a.includes("schema:"));
    assert.deepEqual(schemaAlerts, [], `Lichtblick refused schemas:\n${schemaAlerts.join("\n")}`);
    return advertised;
  } finally {
    leeway.child.kill("SIGINT");
    await new Promise((r) => (leeway.child.exitCode !== null ? r() : leeway.child.once("exit", r)));
    app.closeAllConnections();
    await new Promise((r) => app.close(r));
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

test("Lichtblick parses every channel schema of the default world", { skip: !fs.existsSync(CLIENT),
  timeout: 180000 }, async () => {
  // The channels that once had nullable fields: the waves' depth, the task's score.
  const channels = await checkWorld([], {}, ["/waves", "/task/wayfinding", "/vrx/contacts", "/tf"]);
  assert.ok(channels.length >= 17, channels.map((c) => c.topic).join(" "));
});

test("Lichtblick parses every channel schema of VRX's station-keeping task with the WAM-V",
  { skip: !fs.existsSync(CLIENT) || !fs.existsSync(path.join(VRX, "generated/wamv_H")), timeout: 180000 },
  async () => {
    const env = {
      GZ_SIM_RESOURCE_PATH: [path.join(VRX, "vrx_gz/models"), path.join(VRX, "vrx_urdf"),
        path.join(VRX, "vrx_urdf/vrx_gazebo/models"), path.join(VRX, "vrx_urdf/wamv_description/models"),
        path.join(VRX, "generated")].join(":"),
      GZ_FUEL_CACHE_PATH: path.join(SHARED, "foreign/fuel-cache"),
    };
    await checkWorld([path.join(VRX, "vrx_gz/worlds/stationkeeping_task.sdf"), "--spawn",
      "wamv=model://wamv_H@-532,162,0,0,0,1"], env, ["/task/stationkeeping", "/tf"]);
  });
