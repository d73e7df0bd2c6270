// Decodes ROS 2 messages as a ROS 2 tool would: the message's definition is read from its official
// .msg files by @foxglove/rosmsg and each sample's CDR bytes (with their encapsulation header) by
// @foxglove/rosmsg2-serialization, code Leeway did not write, from files Leeway did not write.
//
//   node ros2_decode.js MSG_ROOT pkg/Name < samples.hex > samples.jsonl
//
// Each input line is one serialized sample in hex; each output line that sample as JSON, with
// "_bytes" (its size) and "_trailing" (bytes left over after the last field beyond CDR's padding
// to 4: a sign that writer and reader disagree on the layout). Non-finite numbers are written as
// the strings "NaN", "Infinity" and "-Infinity", 64-bit integers as strings.
"use strict";
const fs = require("fs");
const path = require("path");
const { parse } = require("@foxglove/rosmsg");
const { MessageReader } = require("@foxglove/rosmsg2-serialization");

const [root, type] = process.argv.slice(2);
if (!root || !type) {
  console.error("usage: node ros2_decode.js MSG_ROOT pkg/Name < samples.hex");
  process.exit(2);
}

// The definition as a ROS 2 bag stores it: the message, then each type it uses after a separator.
function definitionText(full) {
  const order = [];
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const [pkg, msg] = name.split("/");
    const text = fs.readFileSync(path.join(root, pkg, "msg", `${msg}.msg`), "utf8");
    order.push([name, text]);
    for (const line of text.split("\n")) {
      const field = line.replace(/#.*/, "").trim().split(/\s+/)[0];
      if (!field || line.includes("=")) continue;
      const base = field.replace(/\[.*\]$/, "").replace(/<=\d+$/, "");
      if (/^[A-Z]/.test(base) || base.includes("/")) {
        visit(base === "Header" ? "std_msgs/Header" : base.includes("/") ? base : `${pkg}/${base}`);
      }
    }
  };
  visit(full);
  return order
    .map(([name, text], i) => (i === 0 ? text : `${"=".repeat(80)}\nMSG: ${name}\n${text}`))
    .join("\n");
}

const reader = new MessageReader(parse(definitionText(type), { ros2: true }));
const replacer = (_key, value) => {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  if (ArrayBuffer.isView(value)) return Array.from(value, (x) => (Number.isFinite(x) ? x : String(x)));
  return value;
};
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  for (const line of input.split("\n")) {
    const hex = line.trim();
    if (!hex) continue;
    const bytes = Buffer.from(hex, "hex");
    const message = reader.readMessage(bytes);
    // CDR pads a sample to a multiple of 4; anything beyond is a layout disagreement.
    const padded = Math.ceil(reader.lastReadByteLength() / 4) * 4;
    message._bytes = bytes.length;
    message._trailing = bytes.length > padded;
    process.stdout.write(JSON.stringify(message, replacer) + "\n");
  }
});
