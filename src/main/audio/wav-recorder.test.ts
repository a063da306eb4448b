import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jfkSamples } from './live-test-signals';
import { probeStream } from './probe';
import { encodeWav, readWavHeader } from './wav';
import { repairWav, WavRecorder } from './wav-recorder';

const dir = mkdtempSync(join(tmpdir(), 'wav-recorder-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = (): string => join(dir, `rec-${++files}.wav`);

/** Interleaved stereo test samples: left counts up, right counts down, so order and channels both show. */
function stereo(frames: number, from = 0): Int16Array {
  const out = new Int16Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    out[2 * i] = (from + i) % 30000;
    out[2 * i + 1] = -((from + i) % 30000);
  }
  return out;
}

function samplesOf(path: string): { header: ReturnType<typeof readWavHeader>; samples: Int16Array } {
  const file = readFileSync(path);
  const header = readWavHeader(file);
  const data = file.subarray(header!.dataOffset, header!.dataOffset + header!.dataLength);
  return {
    header,
    samples: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length)),
  };
}

/** The RIFF and data sizes written in a header made by the recorder. */
const sizes = (path: string): [number, number] => {
  const file = readFileSync(path);
  return [file.readUInt32LE(4), file.readUInt32LE(40)];
};

describe('WavRecorder', () => {
  it('writes appended samples in order and a header ffprobe reads', async () => {
    const path = fresh();
    const recorder = await WavRecorder.open(path, 48000, 2);
    // 1.5 s in 150 chunks of 10 ms, none awaited.
    for (let i = 0; i < 150; i++) recorder.append(stereo(480, i * 480));
    expect(recorder.bytesWritten).toBe(44 + 48000 * 1.5 * 4);
    expect(recorder.durationSec).toBe(1.5);
    await recorder.close();

    expect(statSync(path).size).toBe(recorder.bytesWritten);
    expect(sizes(path)).toEqual([36 + 288000, 288000]);
    const { header, samples } = samplesOf(path);
    expect(header).toMatchObject({ sampleRate: 48000, channels: 2, bitsPerSample: 16, format: 'pcm' });
    expect(samples).toEqual(stereo(72000));
    expect(await probeStream(path)).toMatchObject({
      durationSec: 1.5,
      sampleRate: 48000,
      channels: 2,
      codec: 'pcm_s16le',
    });
  });

  it('records the same bytes as encodeWav for the same samples', async () => {
    const path = fresh();
    const speech = jfkSamples();
    const recorder = await WavRecorder.open(path, 16000, 1);
    for (let at = 0; at < speech.length; at += 1234) recorder.append(speech.subarray(at, at + 1234));
    await recorder.close();
    expect(readFileSync(path).equals(encodeWav(speech, 16000))).toBe(true);
  });

  it('copies what is appended, so the caller may reuse its array', async () => {
    const path = fresh();
    const recorder = await WavRecorder.open(path, 16000, 1);
    const reused = Int16Array.from([1, 2, 3]);
    recorder.append(reused);
    reused.fill(9);
    recorder.append(reused);
    await recorder.close();
    expect(Array.from(samplesOf(path).samples)).toEqual([1, 2, 3, 9, 9, 9]);
  });

  it('continues a closed recording after reopen', async () => {
    const path = fresh();
    const first = await WavRecorder.open(path, 44100, 2);
    first.append(stereo(44100));
    await first.close();

    const second = await WavRecorder.reopen(path);
    expect([second.sampleRate, second.channels, second.durationSec]).toEqual([44100, 2, 1]);
    // While it is open again the sizes say "still being written".
    expect(sizes(path)).toEqual([0, 0]);
    second.append(stereo(22050, 44100));
    await second.close();

    expect(second.bytesWritten).toBe(statSync(path).size);
    expect(samplesOf(path).samples).toEqual(stereo(66150));
    expect((await probeStream(path)).durationSec).toBe(1.5);
  });

  it('closes once, however often close is called, and refuses samples after', async () => {
    const path = fresh();
    const recorder = await WavRecorder.open(path, 8000, 1);
    recorder.append(new Int16Array(8000));
    await Promise.all([recorder.close(), recorder.close()]);
    await recorder.close();
    expect(() => recorder.append(new Int16Array(10))).toThrow(/closed/);
    expect((await probeStream(path)).durationSec).toBe(1);
  });

  it('rejects bad arguments and files it cannot continue', async () => {
    await expect(WavRecorder.open(fresh(), 0, 1)).rejects.toThrow(RangeError);
    await expect(WavRecorder.open(fresh(), 16000, 0)).rejects.toThrow(RangeError);
    await expect(WavRecorder.open(join(dir, 'missing', 'x.wav'), 16000, 1)).rejects.toThrow(/ENOENT/);

    const recorder = await WavRecorder.open(fresh(), 16000, 2);
    expect(() => recorder.append(new Int16Array(3))).toThrow(RangeError);
    await recorder.close();

    const text = fresh();
    writeFileSync(text, 'not a wav file at all, just some text that is long enough');
    await expect(WavRecorder.reopen(text)).rejects.toThrow(/not a WAV/);
    const float = fresh();
    const header = encodeWav(new Int16Array(4), 16000);
    header.writeUInt16LE(3, 20); // IEEE float
    header.writeUInt16LE(32, 34);
    writeFileSync(float, header);
    await expect(WavRecorder.reopen(float)).rejects.toThrow(/16-bit PCM/);
    await expect(WavRecorder.reopen(join(dir, 'nope.wav'))).rejects.toThrow(/ENOENT/);
  });
});

/** Exit code of the recording process: anything else means the script itself failed. */
const CRASH = 42;

/** Runs a recorder in another process that dies without closing it, as a crash would. */
function crashWhileRecording(path: string, seconds: number): Promise<void> {
  const script = `
    const { WavRecorder } = require(${JSON.stringify(join(__dirname, 'wav-recorder.ts'))});
    void (async () => {
      const recorder = await WavRecorder.open(${JSON.stringify(path)}, 16000, 2);
      for (let i = 0; i < ${seconds * 10}; i++) recorder.append(new Int16Array(3200).fill(i));
      setTimeout(() => process.exit(${CRASH}), 300);
    })();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === CRASH ? resolve() : reject(new Error(`exit ${code}: ${stderr}`))));
  });
}

describe('repairWav', () => {
  it('makes a recording left by a crash readable, with its full duration', async () => {
    const path = fresh();
    await crashWhileRecording(path, 2);
    expect(sizes(path)).toEqual([0, 0]);
    // A partial frame, as a crash in the middle of a write could leave.
    appendFileSync(path, Buffer.from([1, 2, 3]));

    expect(await repairWav(path)).toEqual({ durationSec: 2, sizeBytes: 44 + 128000 });
    expect(statSync(path).size).toBe(44 + 128000);
    expect(sizes(path)).toEqual([36 + 128000, 128000]);
    expect(await probeStream(path)).toMatchObject({ durationSec: 2, channels: 2, sampleRate: 16000 });
    expect(samplesOf(path).samples[2 * 16000 + 1]).toBe(10); // frame 16000 is in chunk 10

    // A repaired recording can be continued, and repairing a correct file changes nothing.
    const more = await WavRecorder.reopen(path);
    more.append(new Int16Array(32000));
    await more.close();
    expect(await repairWav(path)).toEqual({ durationSec: 3, sizeBytes: 44 + 192000 });
  });

  it('fixes sizes that undercount the data', async () => {
    const path = fresh();
    const wav = encodeWav(new Int16Array(16000), 8000);
    wav.writeUInt32LE(100, 40);
    writeFileSync(path, wav);
    expect(await repairWav(path)).toEqual({ durationSec: 2, sizeBytes: wav.length });
    expect((await probeStream(path)).durationSec).toBe(2);
  });

  it('refuses what is not a WAV file', async () => {
    const text = fresh();
    writeFileSync(text, 'RIFF but not really');
    await expect(repairWav(text)).rejects.toThrow(/not a WAV/);
    const headerStart = fresh();
    writeFileSync(headerStart, encodeWav(new Int16Array(0), 16000).subarray(0, 30));
    await expect(repairWav(headerStart)).rejects.toThrow(/incomplete/);
    await expect(repairWav(join(dir, 'missing.wav'))).rejects.toThrow(/ENOENT/);
  });
});
