import { ffmpegPath } from './binaries';
import { AudioFormatError } from './errors';
import { PcmSink } from './pcm-sink';
import { probeStream } from './probe';
import { lastErrorLine, runTool } from './run-tool';

export interface DecodedAudio {
  sampleRate: 16000;
  /** One mono channel ('mix') or one array per original channel ('keep'). */
  channels: Float32Array[];
  durationSec: number;
}

export interface DecodeOptions {
  /** 'mix' (default) downmixes to mono; 'keep' returns each channel (at most the first 8). */
  channels?: 'mix' | 'keep';
  signal?: AbortSignal;
}

const RATE = 16000;
const MAX_CHANNELS = 8;
/** Preallocation from the probed duration is capped: a header may claim any length. */
const MAX_PREALLOC_BYTES = 2 * 1024 ** 3;

/** Decodes the first audio stream of any ffmpeg-readable file to 16 kHz float32. */
export async function decodeAudio(path: string, opts: DecodeOptions = {}): Promise<DecodedAudio> {
  const { signal } = opts;
  signal?.throwIfAborted();
  const stream = await probeStream(path);
  signal?.throwIfAborted();
  const outChannels = opts.channels === 'keep' ? Math.min(stream.channels, MAX_CHANNELS) : 1;

  const expectedFrames = ((stream.durationSec ?? 60) * 1.01 + 1) * RATE;
  const sink = new PcmSink(outChannels, Math.min(expectedFrames, MAX_PREALLOC_BYTES / 4 / outChannels));
  const args = [
    '-nostdin',
    '-v',
    'error',
    '-i',
    path,
    '-map',
    '0:a:0',
    ...channelArgs(opts.channels === 'keep', stream.channels),
    '-ar',
    String(RATE),
    '-c:a',
    'pcm_f32le',
    '-f',
    'f32le',
    'pipe:1',
  ];
  const result = await runTool(ffmpegPath(), args, { signal, onStdout: (chunk) => sink.push(chunk) });
  if (result.code !== 0) {
    throw new AudioFormatError(lastErrorLine(result.stderr, path) ?? `ffmpeg exited with ${result.code}`);
  }
  if (sink.frames === 0) {
    throw new AudioFormatError(lastErrorLine(result.stderr, path) ?? 'no audio samples could be decoded');
  }
  return { sampleRate: RATE, channels: sink.result(), durationSec: sink.frames / RATE };
}

function channelArgs(keep: boolean, channels: number): string[] {
  if (!keep) {
    // ffmpeg's plain `-ac 1` does not normalise the downmix for float output (stereo comes out at 1.41x
    // and can exceed 1.0); rematrix_maxval=1 makes it an average for stereo and a normalised downmix otherwise.
    return ['-af', `aresample=${RATE}:rematrix_maxval=1,aformat=channel_layouts=mono`, '-ac', '1'];
  }
  if (channels <= MAX_CHANNELS) return ['-ac', String(channels)];
  const pan = Array.from({ length: MAX_CHANNELS }, (_, c) => `c${c}=c${c}`).join('|');
  return ['-af', `pan=${MAX_CHANNELS}c|${pan}`, '-ac', String(MAX_CHANNELS)];
}
