// Leeway's built-in viewer: connects to the server that serves it (`leeway run --view`), over
// the Foxglove WebSocket protocol, and shows the run in 3-D (scene.js) and charts (charts.js),
// with buttons that pause, step, reset and pace the world. ?ws=URL connects elsewhere.
import { FoxgloveConnection } from "./protocol.js";
import { SeaScene } from "./scene.js";
import { RunCharts } from "./charts.js";

const $ = (id) => document.getElementById(id);
const scene = new SeaScene($("view"));
const charts = new RunCharts($("charts"));
const stats = { messages: 0, byTopic: {}, statuses: [], connected: false };
window.viewerStats = stats;
let world = "";
let dt = 0.005; // [s], the world's step (serverInfo's metadata)

const seconds = (ns) => Number(ns) * 1e-9;
const url = new URLSearchParams(location.search).get("ws") ?? `ws://${location.host}/`;

const connection = new FoxgloveConnection(url, {
  onOpen(info) {
    world = info.metadata?.world ?? "";
    dt = Number(info.metadata?.dt ?? dt);
    $("world").textContent = `world ${world} (seed ${info.metadata?.seed ?? "?"})`;
    stats.connected = true;
  },
  onChannels() {
    // The vessel the cameras follow and the charts show: the first model with actuators (VRX
    // spawns its WAM-V after the buoys), else the first body.
    const topics = [...connection.channels.values()].map((c) => c.topic);
    const first = (pattern) => topics.map((t) => t.match(pattern)?.[1]).find((m) => m !== undefined);
    const vessel = first(/^\/(.+)\/actuators$/) ?? first(/^\/(.+)\/odometry$/);
    if (vessel !== undefined) {
      charts.body = vessel;
      scene.focusModel = vessel;
    }
    connection.subscribeWhere((topic, schema) =>
      ["/tf", "/scene", "/waves", "/markers", "/log"].includes(topic) ||
      /\/(odometry|actuators|environment)$/.test(topic) || schema === "leeway.Task");
  },
  onMessage(topic, t, m) {
    stats.messages += 1;
    stats.byTopic[topic] = (stats.byTopic[topic] ?? 0) + 1;
    const time = seconds(t);
    if (topic === "/tf") scene.transforms(m);
    else if (topic === "/scene" || topic === "/markers") scene.update(m);
    else if (topic === "/waves") scene.setWaves(m);
    else if (topic === "/log") $("log").textContent = `t = ${time.toFixed(1)} s: ${m.message}`;
    else if (topic.endsWith("/odometry")) charts.odometry(topic, time, m);
    else if (topic.endsWith("/actuators")) charts.actuators(time, m);
    else if (topic.endsWith("/environment")) charts.environment(time, m);
    else if (m.phase !== undefined) {
      charts.task(time, m);
      const score = m.score == null ? "not scored yet" : `score ${m.score.toFixed(3)}`;
      $("task").textContent = `${m.name}: ${m.phase}, ${score}, ${m.collisions} collisions`;
      finished(m, time);
    }
  },
  onTime(t) {
    $("clock").textContent = `t = ${seconds(t).toFixed(1)} s`;
  },
  onStatus(s) {
    stats.statuses.push(s);
    $("log").textContent = s.message;
  },
  onClose() {
    stats.connected = false;
    $("world").textContent = "disconnected: the run has ended or the server is gone";
  },
});

// Once the task has finished the world goes on with nothing new to score: say so, and offer to
// pause it there or to run it again from the start. A reset (the task not finished) hides it.
function finished(task, time) {
  const done = task.phase === "finished";
  $("finished").hidden = !done;
  stats.finishedShown = done;
  if (done) $("finished-text").textContent = `the task finished at t = ${(time - task.elapsed).toFixed(1)} s:`;
}

const control = (request) => connection.publish(`/world/${world}/control`, request);
$("play").onclick = () => control({ pause: false });
$("pause").onclick = () => control({ pause: true });
$("step").onclick = () => control({ pause: true, multi_step: Math.max(1, Math.round(0.1 / dt)) });
$("reset").onclick = () => control({ reset: { all: true } });
$("stop-run").onclick = () => control({ pause: true });
$("replay").onclick = () => control({ reset: { all: true }, pause: false });
$("rate").onchange = (e) => control({ rate_factor: Number(e.target.value) });
$("camera").onclick = (e) => {
  scene.follow = !scene.follow;
  e.target.textContent = scene.follow ? "follow" : "orbit";
};

let lastChartDraw = 0;
function animate(now) {
  scene.render();
  if (now - lastChartDraw > 250) {
    charts.draw();
    lastChartDraw = now;
    stats.chartPoints = charts.points();
    stats.framesDrawn = scene.drawn;
  }
  requestAnimationFrame(animate);
}
requestAnimationFrame(animate);
