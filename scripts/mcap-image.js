// Writes the last image on a topic of a Leeway MCAP recording to a file:
//
//   node scripts/mcap-image.js RECORDING.mcap TOPIC OUT.png
//
// TOPIC is a camera's (foxglove.CompressedImage, PNG) or a sonar's fan (TOPIC/image): what
// `leeway run WORLD --record RECORDING.mcap` wrote; `node scripts/mcap-image.js RECORDING.mcap`
// alone lists the recording's image topics. Reads the file with @mcap/core (npm's, installed by
// `make deps`). Exits 1 with the reason on stderr.
"use strict";
const fs = require("fs");
const { McapIndexedReader } = require("@mcap/core");
const { loadDecompressHandlers } = require("@mcap/support");

async function main([file, topic, out]) {
  if (!file) throw new Error("usage: node scripts/mcap-image.js RECORDING.mcap [TOPIC OUT.png]");
  const handle = await fs.promises.open(file, "r");
  const size = BigInt((await handle.stat()).size);
  const reader = await McapIndexedReader.Initialize({
    readable: {
      size: async () => size,
      read: async (offset, length) => {
        const buffer = new Uint8Array(Number(length));
        await handle.read(buffer, 0, buffer.length, Number(offset));
        return buffer;
      },
    },
    decompressHandlers: await loadDecompressHandlers(),
  });
  const images = [...reader.channelsById.values()].filter(
    (c) => reader.schemasById.get(c.schemaId)?.name === "foxglove.CompressedImage");
  if (!topic) {
    for (const c of images) console.log(c.topic);
    return;
  }
  if (!images.some((c) => c.topic === topic)) {
    throw new Error(`${file}: no images on ${topic}; its image topics are: ` +
                    images.map((c) => c.topic).join(", "));
  }
  let last = null;
  for await (const m of reader.readMessages({ topics: [topic] })) last = m;
  if (!last) throw new Error(`${file}: ${topic} has no messages (was nobody looking?)`);
  const image = JSON.parse(new TextDecoder().decode(last.data));
  fs.writeFileSync(out, Buffer.from(image.data, "base64"));
  console.log(`${out}: ${image.format} at t = ${image.timestamp.sec}.` +
              `${String(image.timestamp.nsec).padStart(9, "0")} s from ${topic}`);
}

main(process.argv.slice(2)).catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
