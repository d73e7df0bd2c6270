// Reads an MCAP file with @mcap/core, the reader Foxglove and Lichtblick are built on (a reader
// Leeway did not write), and prints what it found as one JSON object on stdout:
//
//   node mcap_read.js indexed FILE   McapIndexedReader: the summary (header, schemas, channels,
//                                    statistics, chunk indexes, metadata) and every message in
//                                    log-time order through the indexes, CRCs checked
//   node mcap_read.js valid FILE     as indexed, and each message validated against its channel's
//                                    JSON Schema (from the file's Schema record) by Ajv: `invalid`
//                                    lists the first failures
//   node mcap_read.js stream FILE    McapStreamReader over the file's bytes as they are (a file
//                                    cut short included): every record it could read, in order,
//                                    chunks' CRCs checked; `complete` says whether the stream
//                                    reached the trailing magic
//
// Messages carry their payload as text (Leeway's channels are JSON). Big integers (times) are
// printed as decimal strings. Exits 1 with the reader's error on stderr.
"use strict";
const fs = require("fs");
const { McapIndexedReader, McapStreamReader } = require("@mcap/core");
const { loadDecompressHandlers } = require("@mcap/support");

const text = new TextDecoder();
const message = (m) => ({
  channelId: m.channelId,
  sequence: m.sequence,
  logTime: m.logTime.toString(),
  publishTime: m.publishTime.toString(),
  data: text.decode(m.data),
});
const map = (m) => Object.fromEntries(m);

async function indexed(file) {
  const handle = await fs.promises.open(file, "r");
  const size = BigInt((await handle.stat()).size);
  const readable = {
    size: async () => size,
    read: async (offset, length) => {
      const buffer = new Uint8Array(Number(length));
      await handle.read(buffer, 0, buffer.length, Number(offset));
      return buffer;
    },
  };
  const reader = await McapIndexedReader.Initialize({
    readable,
    decompressHandlers: await loadDecompressHandlers(),
  });
  const out = {
    header: reader.header,
    schemas: [...reader.schemasById.values()].map((s) => ({
      id: s.id, name: s.name, encoding: s.encoding, data: text.decode(s.data),
    })),
    channels: [...reader.channelsById.values()].map((c) => ({
      id: c.id, schemaId: c.schemaId, topic: c.topic, messageEncoding: c.messageEncoding,
      metadata: map(c.metadata),
    })),
    statistics: {
      messageCount: reader.statistics.messageCount.toString(),
      chunkCount: reader.statistics.chunkCount,
      metadataCount: reader.statistics.metadataCount,
      messageStartTime: reader.statistics.messageStartTime.toString(),
      messageEndTime: reader.statistics.messageEndTime.toString(),
      channelMessageCounts: Object.fromEntries(
        [...reader.statistics.channelMessageCounts].map(([k, v]) => [k, v.toString()])),
    },
    chunks: reader.chunkIndexes.map((c) => ({
      offset: c.chunkStartOffset.toString(),
      end: (c.chunkStartOffset + c.chunkLength + c.messageIndexLength).toString(),
      messageStartTime: c.messageStartTime.toString(),
      messageEndTime: c.messageEndTime.toString(),
      compression: c.compression,
    })),
    metadata: [],
    messages: [],
  };
  for await (const m of reader.readMetadata()) out.metadata.push({ name: m.name, metadata: map(m.metadata) });
  for await (const m of reader.readMessages({ validateCrcs: true })) out.messages.push(message(m));
  await handle.close();
  return out;
}

async function valid(file) {
  const Ajv = require("ajv");
  const out = await indexed(file);
  const ajv = new Ajv({ allErrors: false, strict: false });
  const validators = new Map(out.schemas.map((s) => [s.id, ajv.compile(JSON.parse(s.data))]));
  const channels = new Map(out.channels.map((c) => [c.id, c]));
  out.invalid = [];
  out.validated = 0;
  for (const m of out.messages) {
    const validate = validators.get(channels.get(m.channelId).schemaId);
    if (!validate) continue;
    out.validated += 1;
    let value;
    try {
      value = JSON.parse(m.data);
    } catch (e) {
      if (out.invalid.length < 10) out.invalid.push({ topic: channels.get(m.channelId).topic, error: e.message });
      continue;
    }
    if (!validate(value) && out.invalid.length < 10)
      out.invalid.push({ topic: channels.get(m.channelId).topic, error: ajv.errorsText(validate.errors) });
  }
  return out;
}

async function stream(file) {
  const reader = new McapStreamReader({
    decompressHandlers: await loadDecompressHandlers(),
    validateCrcs: true,
  });
  reader.append(fs.readFileSync(file));
  const out = { records: {}, messages: [], complete: false };
  for (let record; (record = reader.nextRecord()); ) {
    out.records[record.type] = (out.records[record.type] ?? 0) + 1;
    if (record.type === "Message") out.messages.push(message(record));
  }
  out.complete = reader.done();
  return out;
}

const [mode, file] = process.argv.slice(2);
const run = { indexed, valid, stream }[mode];
if (!run || !file) {
  console.error("usage: node mcap_read.js indexed|valid|stream FILE");
  process.exit(2);
}
run(file)
  .then((out) => process.stdout.write(JSON.stringify(out)))
  .catch((e) => {
    console.error(`mcap_read: ${e.message}`);
    process.exit(1);
  });
