// Copies the JSON Schemas of the foxglove.* messages Leeway publishes (docs/viewer.md) from
// @foxglove/schemas (package.json pins its version) into data/schemas/foxglove, where the build
// embeds them: the C++ build needs no Node. With --check, changes nothing and exits 1 if a
// copy differs from the package's (a test runs it so).
"use strict";
const fs = require("fs");
const path = require("path");
const schemas = require("@foxglove/schemas/jsonschema");

const used = ["FrameTransforms", "Odometry", "PoseInFrame", "LocationFix", "Log", "SceneUpdate", "PointCloud",
              "CompressedImage", "CameraCalibration", "RawImage"];
const folder = path.join(__dirname, "..", "data", "schemas", "foxglove");
const check = process.argv.includes("--check");
let stale = 0;
for (const name of used) {
  const file = path.join(folder, `${name}.json`);
  const text = JSON.stringify(schemas[name], null, 2) + "\n";
  if (!check) {
    fs.writeFileSync(file, text);
  } else if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) {
    console.error(`${file} differs from @foxglove/schemas' foxglove.${name}: run node ${__filename}`);
    stale += 1;
  }
}
if (stale > 0) process.exit(1);
console.log(`${used.length} foxglove schemas ${check ? "match" : "written from"} @foxglove/schemas`);
