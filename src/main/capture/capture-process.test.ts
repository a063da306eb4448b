import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../audio/binaries';
import { CaptureProcess, failureLine } from './capture-process';
import { LevelMeter } from './levels';

// The capture pipeline's conversion with the real ffmpeg, fed by its lavfi generators (present in every build,
// the bundled one included) and by a FIFO that nobody writes, which blocks like a silent virtual source.

const ffmpeg = ffmpegPath();
const alive = (pid: number | undefined): boolean => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

async function collect(inputArgs: string[], format = { sampleRate: 16000, channels: 1 }) {
  const chunks: Buffer[] = [];
  const capture = await CaptureProcess.start({
    ffmpeg,
    inputArgs,
    format,
    onData: (pcm) => chunks.push(pcm),
  });
  const exit = await capture.exited;
  return { exit, pcm: Buffer.concat(chunks), capture };
}

describe('CaptureProcess', () => {
  const dir = mkdtempSync(join(tmpdir(), 'capture-process-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('converts 48 kHz stereo to 16 kHz mono s16le, level preserved, and ends with its source', async () => {
    const { exit, pcm } = await collect([
      '-f',
      'lavfi',
      '-i',
      'aevalsrc=0.5*sin(2*PI*440*t)|0.5*sin(2*PI*440*t):s=48000:d=2',
    ]);
    expect(exit).toEqual({ kind: 'ended' });
    expect(pcm.length).toBe(2 * 16000 * 2);
    const levels = new LevelMeter(16000, 1).push(pcm);
    expect(levels).toHaveLength(40);
    expect(levels[20]!.rmsDb).toBeCloseTo(-9, 0);
    expect(levels[20]!.peakDb).toBeCloseTo(-6, 0);
  });

  it('keeps channels when asked for stereo at another rate', async () => {
    const { exit, pcm } = await collect(['-f', 'lavfi', '-i', 'aevalsrc=0.5*sin(2*PI*440*t)|0:s=44100:d=1'], {
      sampleRate: 32000,
      channels: 2,
    });
    expect(exit.kind).toBe('ended');
    expect(pcm.length).toBe(32000 * 2 * 2);
    // Left carries the tone, right is silent.
    let left = 0;
    let right = 0;
    for (let i = 16000; i < 32000; i++) {
      left = Math.max(left, Math.abs(pcm.readInt16LE(i * 4)));
      right = Math.max(right, Math.abs(pcm.readInt16LE(i * 4 + 2)));
    }
    expect(left).toBeGreaterThan(16000);
    expect(right).toBe(0);
  });

  it('delivers audio as it is captured, and stops cleanly', async () => {
    let received = 0;
    const started = Date.now();
    const capture = await CaptureProcess.start({
      ffmpeg,
      inputArgs: ['-re', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=16000'],
      format: { sampleRate: 16000, channels: 1 },
      onData: (pcm) => (received += pcm.length),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Real time: about 1.5 s of audio by now, not a burst of everything.
    const seconds = received / 32000;
    expect(seconds).toBeGreaterThan(0.8);
    expect(seconds).toBeLessThan((Date.now() - started) / 1000 + 0.5);
    expect(alive(capture.pid)).toBe(true);
    expect(await capture.stop()).toEqual({ kind: 'stopped' });
    expect(alive(capture.pid)).toBe(false);
    expect(capture.bytes).toBe(received);
  });

  it('rejects with ffmpeg’s reason when the input cannot be opened', async () => {
    const error = await CaptureProcess.start({
      ffmpeg,
      inputArgs: ['-f', 'lavfi', '-i', 'nosuchsource=rate=1'],
      format: { sampleRate: 16000, channels: 1 },
      onData: () => undefined,
    }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/nosuchsource/i);
  });

  it('opens a source that sends nothing after the grace period, and kills it on stop', async () => {
    const fifo = join(dir, 'silent.fifo');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const capture = await CaptureProcess.start({
      ffmpeg,
      inputArgs: ['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', fifo],
      format: { sampleRate: 16000, channels: 1 },
      onData: () => undefined,
      openGraceMs: 500,
      killAfterMs: 300,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(alive(capture.pid)).toBe(true);
    // Blocked on a read, ffmpeg may ignore SIGTERM (it does on a silent PulseAudio source); SIGKILL follows.
    expect(await capture.stop()).toEqual({ kind: 'stopped' });
    expect(alive(capture.pid)).toBe(false);
  });
});

describe('failureLine', () => {
  it('skips timestamp noise and takes ffmpeg’s reason', () => {
    const stderr = [
      '[s16le @ 0x559cd380b600] Application provided invalid, non monotonically increasing dts to muxer in stream 0: -69902 >= -75503',
      '    Last message repeated 2 times',
      'virtmic2: Generic error in an external library',
      'Conversion failed!',
      '',
    ].join('\n');
    expect(failureLine(stderr)).toBe('virtmic2: Generic error in an external library');
    expect(failureLine('\n\n')).toBeNull();
  });
});
