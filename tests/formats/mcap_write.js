// Writes an MCAP file with @mcap/core's McapWriter (the reference TypeScript writer, not
// Leeway's) and zstd chunks from @foxglove/wasm-zstd, for Leeway's reader to read:
//
//   node mcap_write.js FILE COUNT
//
// Two JSON channels, /a (with a schema and metadata) and /b, COUNT messages alternating between
// them at 1 ms steps, each {"i": i}; chunks of 4 kB; a metadata record "leeway" {world: "js"}.
"use strict";
const fs = require("fs");
const { McapWriter } = require("@mcap/core");
const zstd = require("@foxglove/wasm-zstd");

async function main(file, count) {
  await zstd.isLoaded;
  const fd = fs.openSync(file, "w");
  let position = 0n;
  const writable = {
    position: () => position,
    write: async (buffer) => {
      fs.writeSync(fd, buffer);
      position += BigInt(buffer.byteLength);
    },
  };
  const writer = new McapWriter({
    writable,
    chunkSize: 4096,
    compressChunk: (data) => ({ compression: "zstd", compressedData: zstd.compress(data, 3) }),
  });
  await writer.start({ profile: "", library: "mcap-js" });
  const text = new TextEncoder();
  const schemaId = await writer.registerSchema({ name: "test.I", encoding: "jsonschema", data: text.encode('{"type":"object"}') });
  const a = await writer.registerChannel({ topic: "/a", schemaId, messageEncoding: "json", metadata: new Map([["latched", "true"]]) });
  const b = await writer.registerChannel({ topic: "/b", schemaId: 0, messageEncoding: "json", metadata: new Map() });
  await writer.addMetadata({ name: "leeway", metadata: new Map([["world", "js"]]) });
  for (let i = 0; i < count; i++) {
    const t = BigInt(i) * 1000000n;
    await writer.addMessage({ channelId: i % 2 ? b : a, sequence: i, logTime: t, publishTime: t, data: text.encode(JSON.stringify({ i })) });
  }
  await writer.end();
  fs.closeSync(fd);
}

main(process.argv[2], Number(process.argv[3])).catch((e) => {
  console.error(`mcap_write: ${e.message}`);
  process.exit(1);
});
