import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// sherpa-onnx encodes hotwords with a text vocabulary ("piece score" per line, `bpeVocab`), while model
// releases ship the binary sentencepiece `bpe.model`. This turns one into the other. A malformed vocabulary
// makes sherpa-onnx call exit() (the whole process, not just the worker), so it is validated before use.

interface Piece {
  piece: string;
  score: number;
}

function readVarint(buf: Uint8Array, pos: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = buf[pos++];
    if (byte === undefined) throw new Error('truncated sentencepiece model');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, pos];
    shift += 7;
  }
}

/** Calls `onField` for each top-level field of a protobuf message; returns nothing, skips unknown wire types. */
function forEachField(
  buf: Uint8Array,
  onField: (field: number, wire: number, body: Uint8Array) => void,
): void {
  let pos = 0;
  while (pos < buf.length) {
    let tag: number;
    [tag, pos] = readVarint(buf, pos);
    const field = tag >>> 3;
    const wire = tag & 7;
    let len: number;
    if (wire === 0) [len, pos] = [0, readVarint(buf, pos)[1]];
    else if (wire === 1) len = 8;
    else if (wire === 5) len = 4;
    else if (wire === 2) [len, pos] = readVarint(buf, pos);
    else throw new Error(`unsupported protobuf wire type ${wire}`);
    if (pos + len > buf.length) throw new Error('truncated sentencepiece model');
    onField(field, wire, buf.subarray(pos, pos + len));
    pos += len;
  }
}

/** The pieces of a sentencepiece ModelProto (field 1: repeated { 1: piece, 2: score }). */
export function sentencepiecePieces(model: Uint8Array): Piece[] {
  const pieces: Piece[] = [];
  forEachField(model, (field, wire, body) => {
    if (field !== 1 || wire !== 2) return;
    const entry: Piece = { piece: '', score: 0 };
    forEachField(body, (f, w, value) => {
      if (f === 1 && w === 2) entry.piece = Buffer.from(value).toString('utf8');
      if (f === 2 && w === 5) entry.score = Buffer.from(value).readFloatLE(0);
    });
    if (entry.piece !== '') pieces.push(entry);
  });
  if (pieces.length === 0) throw new Error('not a sentencepiece model: no pieces');
  return pieces;
}

export function isValidVocab(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => /^\S+\s+-?[\d.]+(e[-+]?\d+)?\s*$/i.test(l));
}

/** Path of a text vocabulary for `bpePath` (a `.vocab` is checked, a `.model` converted once into `cacheDir`). */
export function ensureBpeVocab(bpePath: string, cacheDir = join(tmpdir(), 'local-transcribe-bpe')): string {
  if (bpePath.endsWith('.vocab')) {
    if (!isValidVocab(readFileSync(bpePath, 'utf8'))) throw new Error(`malformed bpe vocabulary ${bpePath}`);
    return bpePath;
  }
  const stat = statSync(bpePath);
  const key = createHash('sha1').update(`${bpePath}:${stat.size}:${stat.mtimeMs}`).digest('hex');
  const target = join(cacheDir, `${key}.vocab`);
  if (existsSync(target)) return target;
  const text = sentencepiecePieces(readFileSync(bpePath))
    .map((p) => `${p.piece}\t${p.score}`)
    .join('\n');
  mkdirSync(cacheDir, { recursive: true });
  // Several workers may convert at once: write aside, then rename (atomic on one filesystem).
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temp, `${text}\n`);
  renameSync(temp, target);
  return target;
}
