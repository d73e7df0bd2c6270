// The built-in viewer page in Debian's Chromium (software WebGL, no GPU), driven by
// playwright-core, on a live `leeway run --view` and on a recording replayed by `leeway view`:
// the screenshot is mostly the sea's colour with
// the vessel's orange near the centre (pixels counted, no golden image), the charts' series grow
// between two screenshots, and the page logs no error. Serial and generous with time: 2 cores,
// SwiftShader.
//
//   LEEWAY_BINARY=build/leeway node --test tests/transport/foxglove/viewer_page.test.js
// Screenshots are left in $LEEWAY_SCREENSHOTS (default: the system's temporary folder).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");
const { PNG } = require("pngjs");

const LEEWAY = process.env.LEEWAY_BINARY;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = process.env.LEEWAY_SCREENSHOTS ?? os.tmpdir();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(predicate, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await predicate()) return true;
    await sleep(250);
  }
  return predicate();
}

/// Pixels of the 3-D view: how many are the sea's colour, and how many the vessel's (its orange
/// deck and frame, its grey hulls) within the central third.
function countPixels(png, view) {
  let sea = 0, vessel = 0, total = 0;
  for (let y = view.y; y < view.y + view.height; y++) {
    for (let x = view.x; x < view.x + view.width; x++) {
      const i = 4 * (y * png.width + x);
      const r = png.data[i], g = png.data[i + 1], b = png.data[i + 2];
      total += 1;
      // Water: blue-green, darker than the pale sky (r 158, g 194, b 224) it reflects.
      if (b > r + 25 && g > r && b > 40 && b < 205 && r < 130) sea += 1;
      const central = Math.abs(x - (view.x + view.width / 2)) < view.width / 6 &&
        Math.abs(y - (view.y + view.height / 2)) < view.height / 6;
      const orange = r > 170 && g > 70 && g < 175 && b < 100 && r > g + 50;  // deck and frame
      const grey = r > 130 && Math.abs(r - g) < 20 && Math.abs(g - b) < 25;  // the hulls
      if (central && (orange || grey)) vessel += 1;
    }
  }
  return { sea, vessel, total };
}

/// Opens `url` in Chromium and checks the page: filled, the sea over most of the view, the
/// vessel near the centre, the charts growing, no error. `name` names the screenshots.
async function checkPage(browser, url, name) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  // The waves, the scene and some frames in, and the page drawing: up to 90 s under load.
  const ready = await until(async () => page.evaluate(() => {
    const s = window.viewerStats;
    return s && s.byTopic["/waves"] === 1 && s.byTopic["/scene"] === 1 && (s.byTopic["/tf"] ?? 0) > 30 &&
      s.framesDrawn > 10;
  }), 90000);
  assert.ok(ready, `the page did not fill: ${JSON.stringify(await page.evaluate(() => window.viewerStats))}`);
  // The follow camera eases in behind the vessel: some 60 frames.
  const drawn = await page.evaluate(() => window.viewerStats.framesDrawn);
  assert.ok(await until(async () => page.evaluate((n) => window.viewerStats.framesDrawn > n + 60, drawn), 60000));
  const box = await page.locator("#view").boundingBox();
  const view = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  const first = await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  const points1 = await page.evaluate(() => window.viewerStats.chartPoints);
  const pixels = countPixels(PNG.sync.read(first), view);
  assert.ok(pixels.sea > 0.5 * pixels.total, `sea ${pixels.sea} of ${pixels.total} pixels`);
  assert.ok(pixels.vessel > 300, `vessel ${pixels.vessel} pixels near the centre`);

  await sleep(5000);
  await page.screenshot({ path: path.join(SHOTS, `${name}-2.png`) });
  const points2 = await page.evaluate(() => window.viewerStats.chartPoints);
  for (const chart of ["speed", "heading", "attitude", "command N", "command rad", "wind"]) {
    assert.ok(points2[chart] > points1[chart], `${chart}: ${points1[chart]} then ${points2[chart]} points`);
  }
  assert.deepEqual(errors, []);
  console.log(`# ${name}: sea ${pixels.sea} of ${pixels.total} px, vessel ${pixels.vessel} px; chart points ${JSON.stringify(points2)}`);
  await page.close();
}

/// `leeway ARGS`, and the page's address once it serves.
async function serve(args) {
  const proc = spawn(LEEWAY, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  assert.ok(await until(() => /http:\/\/127\.0\.0\.1:(\d+)\//.test(out), 30000), out);
  return { proc, url: out.match(/http:\/\/127\.0\.0\.1:\d+\//)[0] };
}

test("the built-in page shows a live run: the sea, the vessel and growing charts", { timeout: 240000 }, async () => {
  assert.ok(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/install-deps.sh installs it`);
  const leeway = await serve(["run", "--view=0", "--no-progress", "--duration", "600"]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    await checkPage(browser, leeway.url, "leeway-viewer-live");
  } finally {
    await browser.close();
    leeway.proc.kill("SIGINT");
  }
});

test("the built-in page replays a recording", { timeout: 240000 }, async () => {
  const file = path.join(os.tmpdir(), `leeway-viewer-${process.pid}.mcap`);
  const record = spawn(LEEWAY, ["run", "--record", file, "--duration", "60", "--no-progress"], { stdio: "ignore" });
  assert.equal(await new Promise((r) => record.once("exit", r)), 0);
  const leeway = await serve(["view", file, "--port", "0"]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    await checkPage(browser, leeway.url, "leeway-viewer-replay");
  } finally {
    await browser.close();
    leeway.proc.kill("SIGINT");
    fs.rmSync(file, { force: true });
  }
});

test("at 1400 x 900 every chart has a legend and the last is reachable; a finished task is said, with pause and replay", { timeout: 240000 }, async () => {
  // The default world's task ends at 130 s: at 20 x real time, 6.5 s into the run.
  const leeway = await serve(["run", "--view=0", "--no-progress", "--duration", "600", "--rate-factor", "20"]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(leeway.url);
    assert.ok(await until(() => page.evaluate(() => document.querySelectorAll(".chart").length >= 8), 60000));
    const charts = await page.evaluate(() => [...document.querySelectorAll(".chart")].map((c) => ({
      title: c.querySelector(".u-title")?.textContent,
      legend: !!c.querySelector(".u-legend") && getComputedStyle(c.querySelector(".u-legend")).display !== "none",
    })));
    for (const c of charts) assert.ok(c.legend, `chart '${c.title}' has no legend`);
    // The charts overflow the window's height; scrolled to its end, the last is wholly in view.
    const reach = await page.evaluate(() => {
      const aside = document.getElementById("charts");
      aside.scrollTop = aside.scrollHeight;
      const last = [...aside.querySelectorAll(".chart")].pop().getBoundingClientRect();
      return { overflows: aside.scrollHeight > aside.clientHeight, bottom: last.bottom, height: window.innerHeight };
    });
    assert.ok(reach.overflows, JSON.stringify(reach));
    assert.ok(reach.bottom <= reach.height, `the last chart ends at ${reach.bottom} px of ${reach.height}`);

    assert.ok(await until(() => page.evaluate(() => window.viewerStats.finishedShown === true), 60000),
      "the task's end was not said");
    const said = await page.locator("#finished-text").textContent();
    assert.match(said, /the task finished at t = 130\.0 s/);
    await page.click("#replay");
    assert.ok(await until(() => page.evaluate(() => window.viewerStats.finishedShown === false), 30000),
      "replay did not start the task again");
    const clock = await page.locator("#clock").textContent();
    assert.ok(Number(clock.match(/t = ([\d.]+)/)[1]) < 100, clock);
  } finally {
    await browser.close();
    leeway.proc.kill("SIGINT");
  }
});
