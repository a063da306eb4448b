import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from './binaries';
import { probeAudio } from './probe';
import { JFK } from './test-fixtures';
import { encodeWav, readWavHeader } from './wav';

const dir = mkdtempSync(join(tmpdir(), 'wav-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs ffmpeg and returns what it wrote to stdout. */
function ffmpegStdout(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-nostdin', '-v', 'error', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg exited ${code}`)),
    );
  });
}

describe('encodeWav', () => {
  it('writes 16-bit PCM that ffprobe and readWavHeader agree on', async () => {
    const left = Float32Array.from({ length: 8000 }, (_, i) => Math.sin(i / 10) * 0.5);
    const right = new Float32Array(8000);
    const wav = encodeWav([left, right], 8000);
    const path = join(dir, 'stereo.wav');
    writeFileSync(path, wav);
    expect(await probeAudio(path)).toEqual({
      durationSec: 1,
      channels: 2,
      sampleRate: 8000,
      codec: 'pcm_s16le',
      container: 'wav',
    });
    expect(readWavHeader(wav)).toEqual({
      sampleRate: 8000,
      channels: 2,
      bitsPerSample: 16,
      format: 'pcm',
      dataOffset: 44,
      dataLength: 32000,
    });
    // Interleaved left/right.
    expect(wav.readInt16LE(44 + 4 * 5)).toBe(Math.round(Math.sin(0.5) * 0.5 * 32767));
    expect(wav.readInt16LE(44 + 4 * 5 + 2)).toBe(0);
  });

  it('clips float input and maps NaN to silence', () => {
    const wav = encodeWav([Float32Array.from([1.5, -3, 1, -1, 0.25, NaN])], 16000);
    const samples = Array.from({ length: 6 }, (_, i) => wav.readInt16LE(44 + 2 * i));
    expect(samples).toEqual([32767, -32767, 32767, -32767, 8192, 0]);
  });

  it('takes interleaved Int16 samples as they are', () => {
    const wav = encodeWav(Int16Array.from([1, -2, 32767, -32768]), 22050, 2);
    expect(readWavHeader(wav)).toMatchObject({ sampleRate: 22050, channels: 2, dataLength: 8 });
    expect(wav.readInt16LE(50)).toBe(-32768);
    expect(wav.readUInt32LE(28)).toBe(22050 * 4);
  });

  it('refuses inconsistent input', () => {
    expect(() => encodeWav(Int16Array.from([1, 2, 3]), 16000, 2)).toThrow(RangeError);
    expect(() => encodeWav([new Float32Array(2), new Float32Array(3)], 16000)).toThrow(RangeError);
    expect(() => encodeWav([new Float32Array(2)], 0)).toThrow(RangeError);
  });
});

describe('readWavHeader', () => {
  it('reads the reference file', () => {
    expect(readWavHeader(readFileSync(JFK))).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      format: 'pcm',
      dataOffset: 44,
      dataLength: 352000,
    });
  });

  it('reads a streaming header (size 0xFFFFFFFF after a LIST chunk) as ffmpeg writes to a pipe', async () => {
    const wav = await ffmpegStdout(['-i', JFK, '-t', '1', '-f', 'wav', 'pipe:1']);
    expect(wav.toString('ascii', 36, 40)).toBe('LIST');
    const header = readWavHeader(wav)!;
    expect(header).toMatchObject({ sampleRate: 16000, channels: 1, format: 'pcm', dataLength: 32000 });
    expect(wav.readUInt32LE(header.dataOffset - 4)).toBe(0xffffffff);
    expect(header.dataOffset + header.dataLength).toBe(wav.length);
  });

  it('reads float, A-law, mu-law and WAVE_FORMAT_EXTENSIBLE headers', async () => {
    const read = async (args: string[]) =>
      readWavHeader(await ffmpegStdout(['-i', JFK, '-t', '0.5', ...args, '-f', 'wav', 'pipe:1']));
    expect(await read(['-c:a', 'pcm_f32le'])).toMatchObject({
      format: 'float',
      bitsPerSample: 32,
      dataLength: 32000,
    });
    expect(await read(['-c:a', 'pcm_alaw'])).toMatchObject({
      format: 'alaw',
      bitsPerSample: 8,
      dataLength: 8000,
    });
    expect(await read(['-c:a', 'pcm_mulaw'])).toMatchObject({ format: 'ulaw', bitsPerSample: 8 });
    // More than two channels make ffmpeg write WAVE_FORMAT_EXTENSIBLE.
    const surround = await ffmpegStdout([
      '-i',
      JFK,
      '-t',
      '0.5',
      '-ac',
      '6',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      'pipe:1',
    ]);
    expect(surround.readUInt16LE(20)).toBe(0xfffe);
    expect(readWavHeader(surround)).toMatchObject({
      format: 'pcm',
      channels: 6,
      bitsPerSample: 16,
      dataLength: 96000,
    });
  });

  it('treats a zero data size as "until the end" and clamps an overlong one to what is there', () => {
    const wav = encodeWav(new Int16Array(100), 16000);
    wav.writeUInt32LE(0, 40);
    expect(readWavHeader(wav)?.dataLength).toBe(200);
    wav.writeUInt32LE(1_000_000, 40);
    expect(readWavHeader(wav)?.dataLength).toBe(200);
    // A half sample at the end is not data.
    expect(readWavHeader(wav.subarray(0, 44 + 51))?.dataLength).toBe(50);
  });

  it('returns null for anything else', () => {
    const wav = encodeWav(new Int16Array(10), 16000);
    expect(readWavHeader(Buffer.from('hello world, not a wav file at all'))).toBeNull();
    expect(readWavHeader(Buffer.alloc(0))).toBeNull();
    expect(readWavHeader(wav.subarray(0, 30))).toBeNull(); // header cut inside fmt
    expect(readWavHeader(wav.subarray(0, 40))).toBeNull(); // no data chunk yet
    const adpcm = Buffer.from(wav);
    adpcm.writeUInt16LE(2, 20); // MS ADPCM
    expect(readWavHeader(adpcm)).toBeNull();
    const avi = Buffer.from(wav);
    avi.write('AVI ', 8, 'ascii');
    expect(readWavHeader(avi)).toBeNull();
  });
});
