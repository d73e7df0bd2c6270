// A run's report (`leeway report`) opened from the disk in Debian's Chromium, driven by
// playwright-core: nothing fetched, the task's table and every chart drawn, no page error, and
// every tick label of every chart's value axis whole within the page, its minus sign included (uPlot's fixed axis width cut "-1,000" to
// "1,000" on the thrust chart of the default world, whose engines reverse).
//
//   LEEWAY_BINARY=build/leeway node --test tests/output/report_page.test.js
// The screenshot is left in $LEEWAY_SCREENSHOTS (default: the system's temporary folder).
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const LEEWAY = process.env.LEEWAY_BINARY;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = process.env.LEEWAY_SCREENSHOTS ?? os.tmpdir();

test("the report's charts show every tick label whole, negative ones with their sign", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "leeway_report_page_"));
  const recording = path.join(folder, "run.mcap");
  const report = path.join(folder, "report.html");
  execFileSync(LEEWAY, ["run", "--record", recording, "--no-progress"], { stdio: "ignore" });
  execFileSync(LEEWAY, ["report", recording, "-o", report], { stdio: "ignore" });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [], requests = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("request", (r) => { if (!/^(file|data):/.test(r.url())) requests.push(r.url()); });
    await page.goto(`file://${report}`);
    const charts = await page.evaluate(() => window.reportCharts.map((u) => {
      // The value axis's labels as drawn, each one's width in the axis's own font, and the room
      // left of the plot for a label, its tick and the gap between them [CSS px].
      const axis = u.axes[1];
      u.ctx.font = axis.font[0];
      const widths = axis._values.map((label) => u.ctx.measureText(label).width / devicePixelRatio);
      const room = u.bbox.left / devicePixelRatio - axis.ticks.size - axis.gap;
      return { title: u.root.querySelector(".u-title").textContent, labels: axis._values, widest: Math.max(...widths), room };
    }));
    await page.screenshot({ path: path.join(SHOTS, "report.png"), fullPage: true });
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, []);
    assert.match(await page.locator("table").first().innerText(), /wayfinding/);
    assert.equal(charts.length, 8, JSON.stringify(charts.map((c) => c.title)));
    for (const c of charts)
      assert.ok(c.widest <= c.room, `${c.title}: a label of ${c.widest.toFixed(1)} px in ${c.room.toFixed(1)} px (${c.labels})`);
    const thrust = charts.find((c) => c.title.startsWith("wamv thrust"));
    assert.ok(thrust, "no thrust chart");
    assert.ok(thrust.labels.some((l) => /^[-\u2212]\d/.test(l)), `no negative tick on the thrust chart: ${thrust.labels}`);
  } finally {
    await browser.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
