// The run's time series as uPlot charts: speed, heading, roll and pitch from the vessel's
// odometry (app.js picks the vessel; else the first body's); the commands, a chart per unit, and
// each thruster's thrust from its model's actuators; the wind at the body from its environment; the task's score.
// Series are appended as messages come and redrawn a few times a second.
import uPlot from "uplot";

const WINDOW = 600; // points kept per chart (60 s of 10 Hz frames)
const COLORS = ["#ff8c2a", "#3fa9f5", "#7bd88f", "#f25f5c", "#c38dff", "#ffd166", "#4ecdc4", "#ef476f"];

function yawPitchRoll(q) {
  const { x, y, z, w } = q;
  const roll = Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
  const pitch = Math.asin(Math.max(-1, Math.min(1, 2 * (w * y - z * x))));
  const yaw = Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z));
  return { roll, pitch, yaw };
}

const DEG = 180 / Math.PI;

class Chart {
  // dots: points, not lines (the heading, which a line would cross the chart with where it wraps
  // from 359 to 0 degrees); range: the value axis's, else the data's.
  constructor(container, title, unit, labels, { dots = false, range = null } = {}) {
    this.data = [[], ...labels.map(() => [])];
    const element = document.createElement("div");
    element.className = "chart";
    container.appendChild(element);
    this.plot = new uPlot({
      title: `${title} [${unit}]`,
      width: Math.max(container.clientWidth - 8, 200),
      height: 118,
      legend: { show: true },  // one series too: its name and value under the cursor
      scales: { x: { time: false }, ...(range ? { y: { range } } : {}) },
      axes: [
        { stroke: "#9fb3c8", grid: { stroke: "#243447" }, size: 24 },
        // Wide enough for the longest tick label (a heading of 272.704 deg held in station).
        {
          stroke: "#9fb3c8", grid: { stroke: "#243447" },
          size: (u, values) => Math.max(44, 14 + 7 * Math.max(0, ...(values ?? []).map((v) => String(v).length))),
        },
      ],
      series: [{ label: "t [s]" }, ...labels.map((label, i) => {
        const color = COLORS[i % COLORS.length];
        return dots ? { label, stroke: color, paths: () => null, points: { show: true, size: 3, fill: color } }
          : { label, stroke: color, width: 1.5 };
      })],
    }, this.data, element);
    this.dirty = false;
  }
  push(t, values) {
    if (this.data[0].length && t < this.data[0][this.data[0].length - 1]) this.clear(); // a reset
    this.data[0].push(t);
    values.forEach((v, i) => this.data[i + 1].push(v ?? null));
    if (this.data[0].length > WINDOW) this.data.forEach((series) => series.shift());
    this.dirty = true;
  }
  clear() {
    this.data.forEach((series) => (series.length = 0));
  }
  draw() {
    if (!this.dirty) return;
    this.plot.setData(this.data);
    this.dirty = false;
  }
  points() {
    return this.data[0].length;
  }
}

export class RunCharts {
  constructor(container) {
    this.container = container;
    this.charts = new Map();
    this.body = null; // the model whose odometry is charted (null: the first to come)
  }
  chart(key, title, unit, labels, options) {
    let c = this.charts.get(key);
    if (!c) {
      c = new Chart(this.container, title, unit, labels, options);
      this.charts.set(key, c);
    }
    return c;
  }
  odometry(topic, t, m) {
    const model = topic.slice(1, -"/odometry".length);
    if (this.body === null) this.body = model;
    if (model !== this.body) return;
    const v = m.linear_velocity;
    const a = yawPitchRoll(m.pose.orientation);
    this.chart("speed", `${model} speed`, "m/s", ["speed"]).push(t, [Math.hypot(v.x, v.y, v.z)]);
    // Heading as a compass gives it: clockwise from north, from ENU's yaw.
    this.chart("heading", `${model} heading`, "deg", ["heading"], { dots: true, range: [0, 360] })
      .push(t, [((90 - a.yaw * DEG) % 360 + 360) % 360]);
    this.chart("attitude", `${model} roll and pitch`, "deg", ["roll", "pitch"]).push(t, [a.roll * DEG, a.pitch * DEG]);
  }
  actuators(t, m) {
    if (m.model !== this.body || m.actuators.length === 0) return;
    // The commands on a chart per unit: an azimuth's rad beside a thrust's N would flatten one.
    for (const unit of new Set(m.actuators.map((a) => a.unit))) {
      const of = m.actuators.filter((a) => a.unit === unit);
      this.chart(`command ${unit}`, `${m.model} commands`, unit, of.map((a) => a.name.replace(/_joint$/, "")))
        .push(t, of.map((a) => a.command));
    }
    const thrusters = m.actuators.filter((a) => a.thrust !== 0 || a.unit !== "rad");
    if (thrusters.length) {
      this.chart("thrust", `${m.model} thrust`, "N", thrusters.map((a) => a.name.replace(/_joint$/, ""))).push(t, thrusters.map((a) => a.thrust));
    }
  }
  environment(t, m) {
    if (m.model !== this.body) return;
    this.chart("wind", "wind and current at the vessel", "m/s", ["wind", "current"]).push(t, [
      Math.hypot(m.wind.x, m.wind.y, m.wind.z), Math.hypot(m.current.x, m.current.y, m.current.z)]);
  }
  task(t, m) {
    this.chart(`task ${m.name}`, `${m.name} score, lower is better`, "-", ["score"]).push(t, [m.score ?? null]);
  }
  draw() {
    for (const c of this.charts.values()) c.draw();
  }
  points() {
    return Object.fromEntries([...this.charts].map(([k, c]) => [k, c.points()]));
  }
}
