// tests/otlp/decode.js — reads one OTLP/HTTP logs request on stdin, JSON or
// protobuf, gzipped or not, and decodes it with the real OTLP message types
// (the protobufjs root generated from opentelemetry-proto that
// @opentelemetry/otlp-transformer ships), for tests/net/otel_exporter_test.cc.
//
// A body that starts with gzip's magic bytes is gunzipped first. One that
// then starts with "{" is JSON; anything else is protobuf.
//
// A protobuf body must decode as an ExportLogsServiceRequest and encode
// back to the same bytes: a field the message does not have (decode keeps it
// aside, encode drops it), a wrong wire type, or fields out of the order a
// protobuf library writes all show up as a difference, and the program
// exits 1 naming the first differing byte.
//
// A JSON body must survive the trip a collector makes: JSON -> the
// ExportLogsServiceRequest message (fromObject, then verify) -> protobuf
// bytes -> message -> canonical OTLP JSON (64-bit integers as strings, enums
// as numbers, no defaults). That canonical form must equal the input: a
// field the proto does not have (fromObject drops it), a 64-bit integer sent
// as a JSON number, or a value of the wrong type (fromObject coerces it) all
// show up as a difference, and the program exits 1 naming its path.
//
// On success (either encoding) it prints one JSON object: {"resource": {key: AnyValue},
// "scope": {"name", "version"}, "records": [{"timeUnixNano",
// "observedTimeUnixNano", "severityNumber", "severityText", "eventName",
// "attributes": {key: AnyValue}, "traceId"?, "spanId"? (hex)}]}, read back
// from the protobuf bytes.
//
// With --response N, it instead writes to stdout the protobuf bytes of an
// ExportLogsServiceResponse whose partialSuccess rejected N records, as a
// collector answers.
//
// What it does NOT do: speak HTTP, or check groundgate's attribute choices
// (the C++ test does).
'use strict';

const root =
    require('@opentelemetry/otlp-transformer/build/src/generated/root');

const zlib = require('zlib');

const Request =
    root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
const Response =
    root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
const kCanonical = {longs: String, enums: Number, bytes: String,
                    defaults: false};

function fail(message) {
  process.stderr.write(`decode.js: ${message}\n`);
  process.exit(1);
}

// The first place where `actual` differs from `expected`, or null.
function firstDifference(expected, actual, path) {
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) {
      return `${path}: array on one side only`;
    }
    if (expected.length !== actual.length) {
      return `${path}: ${expected.length} elements sent, ` +
          `${actual.length} decoded`;
    }
    for (let i = 0; i < expected.length; ++i) {
      const found = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') {
      return `${path}: object sent, ${JSON.stringify(actual)} decoded`;
    }
    for (const key of Object.keys(expected)) {
      if (!(key in actual)) {
        return `${path}.${key}: not a field of the message, or a default ` +
            `value sent`;
      }
    }
    for (const key of Object.keys(actual)) {
      if (!(key in expected)) return `${path}.${key}: decoded but not sent`;
      const found = firstDifference(expected[key], actual[key],
                                    `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  if (expected !== actual) {
    return `${path}: sent ${JSON.stringify(expected)} ` +
        `(${typeof expected}), decoded ${JSON.stringify(actual)} ` +
        `(${typeof actual})`;
  }
  return null;
}

function attributeMap(list) {
  const out = {};
  for (const kv of list || []) out[kv.key] = kv.value;
  return out;
}

// Calls convert(record) on every log record of a request object.
function eachLogRecord(request, convert) {
  for (const resourceLogs of request.resourceLogs || []) {
    for (const scopeLogs of resourceLogs.scopeLogs || []) {
      for (const record of scopeLogs.logRecords || []) convert(record);
    }
  }
}

// OTLP's JSON encoding spells a record's traceId and spanId in hex, where
// protobufjs (proto3 JSON) reads and writes bytes as base64.
function idsTo(from, to) {
  return (record) => {
    for (const key of ['traceId', 'spanId']) {
      if (typeof record[key] === 'string') {
        record[key] = Buffer.from(record[key], from).toString(to);
      }
    }
  };
}

// The canonical object of a JSON request, checked as described above.
function fromJson(text) {
  let input;
  try {
    input = JSON.parse(text);
  } catch (e) {
    fail(`not JSON: ${e.message}`);
  }
  const asProto3 = JSON.parse(text);
  eachLogRecord(asProto3, idsTo('hex', 'base64'));
  const message = Request.fromObject(asProto3);
  const invalid = Request.verify(message);
  if (invalid) fail(`verify: ${invalid}`);
  const decoded = Request.decode(Request.encode(message).finish());
  const canonical = Request.toObject(decoded, kCanonical);
  eachLogRecord(canonical, idsTo('base64', 'hex'));
  const difference = firstDifference(input, canonical, '$');
  if (difference) fail(difference);
  return canonical;
}

// The canonical object of a protobuf request, checked as described above.
function fromProtobuf(bytes) {
  let decoded;
  try {
    decoded = Request.decode(bytes);
  } catch (e) {
    fail(`not an ExportLogsServiceRequest: ${e.message}`);
  }
  const invalid = Request.verify(decoded);
  if (invalid) fail(`verify: ${invalid}`);
  const again = Buffer.from(Request.encode(decoded).finish());
  if (!again.equals(bytes)) {
    let at = 0;
    while (at < bytes.length && at < again.length && bytes[at] === again[at]) {
      ++at;
    }
    fail(`re-encoding differs at byte ${at} of ${bytes.length} ` +
         `(${again.length} re-encoded)`);
  }
  const canonical = Request.toObject(decoded, kCanonical);
  eachLogRecord(canonical, idsTo('base64', 'hex'));
  return canonical;
}

function main(bytes) {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = zlib.gunzipSync(bytes);
    } catch (e) {
      fail(`gzip: ${e.message}`);
    }
  }
  const canonical = bytes.length > 0 && bytes[0] === 0x7b /* { */
      ? fromJson(bytes.toString('utf8'))
      : fromProtobuf(bytes);

  const out = {resource: {}, scope: {}, records: []};
  for (const resourceLogs of canonical.resourceLogs || []) {
    Object.assign(out.resource,
                  attributeMap((resourceLogs.resource || {}).attributes));
    for (const scopeLogs of resourceLogs.scopeLogs || []) {
      out.scope = scopeLogs.scope || {};
      for (const record of scopeLogs.logRecords || []) {
        const read = {
          timeUnixNano: record.timeUnixNano,
          observedTimeUnixNano: record.observedTimeUnixNano,
          severityNumber: record.severityNumber,
          severityText: record.severityText,
          eventName: record.eventName,
          attributes: attributeMap(record.attributes),
        };
        if (record.traceId !== undefined) read.traceId = record.traceId;
        if (record.spanId !== undefined) read.spanId = record.spanId;
        out.records.push(read);
      }
    }
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

if (process.argv[2] === '--response') {
  const message = Response.fromObject({
    partialSuccess: {rejectedLogRecords: process.argv[3],
                     errorMessage: 'rejected by the test'},
  });
  process.stdout.write(Buffer.from(Response.encode(message).finish()));
} else {
  const chunks = [];
  process.stdin.on('data', (chunk) => chunks.push(chunk));
  process.stdin.on('end', () => main(Buffer.concat(chunks)));
}
