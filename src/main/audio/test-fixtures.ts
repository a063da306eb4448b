import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { audio } from '../../../test/helpers/paths';
import { ffmpegPath } from './binaries';

/** The reference recording every derived fixture is made from: 11.0 s, 16 kHz mono s16. */
export const JFK = audio('jfk.wav');
export const JFK_SEC = 11;

const VIDEO = ['-f', 'lavfi', '-i', 'color=c=blue:s=64x64:r=10'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** ffmpeg arguments (before the output path) per generated file. */
const RECIPES: Record<string, string[]> = {
  'jfk.mp3': ['-i', JFK, '-c:a', 'libmp3lame'],
  'jfk.flac': ['-i', JFK, '-c:a', 'flac'],
  'jfk.ogg': ['-i', JFK, '-c:a', 'libopus', '-compression_level', '0'],
  'jfk.m4a': ['-i', JFK, '-c:a', 'aac'],
  'jfk.webm': ['-i', JFK, '-c:a', 'libopus', '-compression_level', '0'],
  'jfk.mp4': [...VIDEO, '-i', JFK, '-shortest', ...H264, '-c:a', 'aac'],
  'jfk.mov': [...VIDEO, '-i', JFK, '-shortest', ...H264, '-c:a', 'aac'],
  'jfk-8k.wav': ['-i', JFK, '-ar', '8000'],
  'jfk-48k.wav': ['-i', JFK, '-ar', '48000'],
  // Left: the speech; right: a 440 Hz tone, so the channels can be told apart.
  'stereo.wav': [
    '-i',
    JFK,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=16000:duration=${JFK_SEC}`,
    '-filter_complex',
    '[0:a][1:a]amerge=inputs=2[a]',
    '-map',
    '[a]',
  ],
  // Ten channels holding the constants 0.05, 0.10, ... 0.50: 'keep' must return the first eight in order.
  'ten-channels.wav': [
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${Array.from({ length: 10 }, (_, c) => (0.05 * (c + 1)).toFixed(2)).join('|')}:s=16000:d=1`,
  ],
  'video-only.mp4': [...VIDEO, '-t', '1', ...H264],
  'image.png': ['-f', 'lavfi', '-i', 'color=c=red:s=16x16', '-frames:v', '1'],
};

export const FORMATS = [
  'jfk.mp3',
  'jfk.flac',
  'jfk.ogg',
  'jfk.m4a',
  'jfk.webm',
  'jfk.mp4',
  'jfk.mov',
] as const;

function ffmpeg(args: string[], stdout: number | 'ignore' = 'ignore'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-nostdin', '-v', 'error', '-y', ...args], {
      stdio: ['ignore', stdout, 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg ${args.join(' ')}: ${stderr}`)),
    );
  });
}

/** Fixed pseudo-random bytes (not a chance match for any container signature across runs). */
function noise(bytes: number): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < bytes; i++)
    blocks.push(createHash('sha256').update(`noise${i}`).digest());
  return Buffer.concat(blocks).subarray(0, bytes);
}

/** Writes every fixture into `dir` and returns its path by name. */
export async function makeFixtures(dir: string): Promise<(name: string) => string> {
  const at = (name: string): string => join(dir, name);
  const jobs = Object.entries(RECIPES).map(
    ([name, args]) =>
      () =>
        ffmpeg([...args, at(name)]),
  );
  // A WebM written to a pipe carries no duration at all: probing has to count samples.
  jobs.push(async () => {
    const fd = openSync(at('streamed.webm'), 'w');
    try {
      await ffmpeg(['-i', JFK, '-c:a', 'libopus', '-compression_level', '0', '-f', 'webm', 'pipe:1'], fd);
    } finally {
      closeSync(fd);
    }
  });
  // Two ffmpeg processes at a time: the machines running the tests have two cores.
  const queue = [...jobs];
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );

  const wav = readFileSync(JFK);
  writeFileSync(at('text.txt'), 'This is not audio, just a few words of plain text.\n'.repeat(20));
  writeFileSync(at('noise.bin'), noise(64 * 1024));
  writeFileSync(at('empty.wav'), '');
  writeFileSync(at('first-100-bytes.wav'), wav.subarray(0, 100));
  writeFileSync(at('header-only.wav'), wav.subarray(0, 44));
  // The header still claims 11 s of samples; only the first half is there.
  writeFileSync(at('half.wav'), wav.subarray(0, 44 + (wav.length - 44) / 2));
  return at;
}
