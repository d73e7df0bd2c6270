// The charts of a run's report (`leeway report`, src/leeway/output/run_report.cc inlines this
// file after uPlot itself and a `const CHARTS` of {title, unit, labels, data, dots, range}:
// data[0] the times [s], one array per label after it, null where a series has no value; dots
// draws points, not lines (the heading, which a line would cross the chart with where it wraps
// from 359 to 0 degrees); range fixes the value axis ([0, 360] for the heading). A classic script,
// not a module: the report is one file, opened from the disk.
"use strict";
(() => {
  const colors = ["#ff8c2a", "#3fa9f5", "#7bd88f", "#f25f5c", "#c38dff", "#ffd166"];

  // An axis as wide as its widest tick label, minus sign included: uPlot's fixed 50 px cut the
  // sign off labels such as -1000. uPlot sizes its axes in cycles until the ticks settle; past
  // the second, the size found is kept.
  function fitTickLabels(u, values, axisIndex, cycle) {
    const axis = u.axes[axisIndex];
    if (cycle > 1) return axis._size;
    let widest = 0;
    u.ctx.font = axis.font[0];
    for (const label of values ?? []) widest = Math.max(widest, u.ctx.measureText(label).width);
    return Math.ceil(axis.ticks.size + axis.gap + widest / devicePixelRatio + 4);
  }

  const plots = [];
  for (const c of CHARTS) {
    const element = document.createElement("div");
    element.className = "chart";
    document.getElementById("charts").appendChild(element);
    plots.push(new uPlot({
      title: `${c.title} [${c.unit}]`,
      width: 560,
      height: 200,
      scales: { x: { time: false }, ...(c.range ? { y: { range: c.range } } : {}) },
      axes: [
        { stroke: "#9fb3c8", grid: { stroke: "#243447" } },
        { stroke: "#9fb3c8", grid: { stroke: "#243447" }, size: fitTickLabels },
      ],
      series: [{ label: "t [s]" },
        ...c.labels.map((label, i) => {
          const color = colors[i % colors.length];
          return c.dots
            ? { label, stroke: color, paths: () => null, points: { show: true, size: 3, fill: color } }
            : { label, stroke: color, width: 1.5 };
        })],
    }, c.data, element));
  }
  window.reportCharts = plots;  // for tests (tests/output/report_page.test.js)
})();
