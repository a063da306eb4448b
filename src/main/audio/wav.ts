export interface WavHeader {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  format: 'pcm' | 'float' | 'alaw' | 'ulaw';
  /** Byte offset of the first sample in the buffer. */
  dataOffset: number;
  /**
   * Bytes of sample data present in the buffer, in whole frames: the declared size clamped to what the buffer
   * holds, or everything after the header when the size is 0 or 0xFFFFFFFF (streaming writers).
   */
  dataLength: number;
}

const FORMAT_TAGS: Record<number, WavHeader['format']> = { 1: 'pcm', 3: 'float', 6: 'alaw', 7: 'ulaw' };
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Encodes 16-bit PCM WAV. Float channels (one array per channel, equal lengths) are clipped to [-1, 1]; an
 * Int16Array is taken as already interleaved samples of `numChannels` channels (default 1).
 */
export function encodeWav(
  channels: Float32Array[] | Int16Array,
  sampleRate: number,
  numChannels?: number,
): Buffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError(`invalid sample rate ${sampleRate}`);
  const count = channels instanceof Int16Array ? (numChannels ?? 1) : channels.length;
  if (!Number.isInteger(count) || count < 1 || count > 0xffff)
    throw new RangeError(`invalid channel count ${count}`);
  if (numChannels !== undefined && numChannels !== count) {
    throw new RangeError(`numChannels ${numChannels} does not match ${count} channel arrays`);
  }
  const samples = channels instanceof Int16Array ? channels : interleave(channels);
  if (samples.length % count !== 0)
    throw new RangeError(`${samples.length} samples do not fill ${count} channels`);

  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(count, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * count * 2, 28);
  out.writeUInt16LE(count * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  // Int16Array memory is little-endian on every platform Node supports here, as WAV wants.
  out.set(new Uint8Array(samples.buffer, samples.byteOffset, dataBytes), 44);
  return out;
}

function interleave(channels: Float32Array[]): Int16Array {
  const frames = channels[0]!.length;
  if (channels.some((c) => c.length !== frames)) throw new RangeError('channels differ in length');
  const out = new Int16Array(frames * channels.length);
  channels.forEach((channel, c) => {
    for (let i = 0; i < frames; i++) {
      const x = channel[i]!;
      // NaN becomes silence; everything else is clipped.
      const clipped = Number.isNaN(x) ? 0 : Math.max(-1, Math.min(1, x));
      out[i * channels.length + c] = Math.round(clipped * 32767);
    }
  });
  return out;
}

/**
 * Parses a RIFF/WAVE header up to the start of the `data` chunk, skipping other chunks (LIST, fact, ...).
 * Null when the buffer is not RIFF/WAVE, the header is incomplete, or the sample format is none of PCM, IEEE
 * float, A-law and mu-law.
 */
export function readWavHeader(buf: Buffer): WavHeader | null {
  if (buf.length < 12) return null;
  const riff = buf.toString('ascii', 0, 4);
  if ((riff !== 'RIFF' && riff !== 'RF64') || buf.toString('ascii', 8, 12) !== 'WAVE') return null;
  let fmt: Omit<WavHeader, 'dataOffset' | 'dataLength'> | null = null;
  let blockAlign = 1;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.length) return null;
      let tag = buf.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format tag in the first two bytes of its sub-format GUID.
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= buf.length)
        tag = buf.readUInt16LE(body + 24);
      const format = FORMAT_TAGS[tag];
      const channels = buf.readUInt16LE(body + 2);
      const sampleRate = buf.readUInt32LE(body + 4);
      const bitsPerSample = buf.readUInt16LE(body + 14);
      if (!format || channels === 0 || sampleRate === 0 || bitsPerSample === 0) return null;
      fmt = { sampleRate, channels, bitsPerSample, format };
      blockAlign = buf.readUInt16LE(body + 12) || channels * Math.ceil(bitsPerSample / 8);
    } else if (id === 'data') {
      if (!fmt) return null;
      const available = buf.length - body;
      const declared = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      return { ...fmt, dataOffset: body, dataLength: declared - (declared % blockAlign) };
    }
    // Chunks are padded to an even size.
    offset = body + size + (size % 2);
  }
  return null;
}
