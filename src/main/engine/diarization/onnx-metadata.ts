import { readFileSync } from 'node:fs';

// The metadata_props of an ONNX file, read from the protobuf directly: onnxruntime-node does not expose them, and
// sherpa-onnx's models carry their parameters there.

/** Reads a protobuf varint at `pos`; returns [value, next position]. */
function varint(buf: Buffer, pos: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = pos; i < buf.length && i < pos + 10; i++) {
    const byte = buf[i]!;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [value, i + 1];
  }
  throw new Error('truncated varint');
}

/** Fields of one protobuf message: field number → raw length-delimited payloads (other wire types skipped). */
function fields(buf: Buffer): Map<number, Buffer[]> {
  const out = new Map<number, Buffer[]>();
  let pos = 0;
  while (pos < buf.length) {
    const [tag, next] = varint(buf, pos);
    pos = next;
    const field = Math.floor(tag / 8);
    switch (tag & 7) {
      case 0:
        pos = varint(buf, pos)[1];
        break;
      case 1:
        pos += 8;
        break;
      case 2: {
        const [length, start] = varint(buf, pos);
        if (start + length > buf.length) throw new Error('truncated field');
        const list = out.get(field) ?? [];
        list.push(buf.subarray(start, start + length));
        out.set(field, list);
        pos = start + length;
        break;
      }
      case 5:
        pos += 4;
        break;
      default:
        throw new Error(`unsupported protobuf wire type ${tag & 7}`);
    }
  }
  if (pos !== buf.length) throw new Error('truncated message');
  return out;
}

/** The `metadata_props` (ModelProto field 14) of an ONNX file. */
export function onnxMetadata(path: string): Map<string, string> {
  const model = fields(readFileSync(path));
  const out = new Map<string, string>();
  for (const entry of model.get(14) ?? []) {
    const kv = fields(entry);
    const key = kv.get(1)?.[0]?.toString('utf8');
    if (key !== undefined) out.set(key, kv.get(2)?.[0]?.toString('utf8') ?? '');
  }
  return out;
}
