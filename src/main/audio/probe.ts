import { ffmpegPath, ffprobePath } from './binaries';
import { AudioFormatError } from './errors';
import { lastErrorLine, runTool, ToolTimeoutError } from './run-tool';

export interface AudioInfo {
  durationSec: number;
  channels: number;
  sampleRate: number;
  codec: string;
  /** ffprobe's format name, e.g. `wav` or `mov,mp4,m4a,3gp,3g2,mj2`. */
  container: string;
}

/** What ffprobe says about the first audio stream; `durationSec` is null when no duration is recorded. */
export interface StreamInfo extends Omit<AudioInfo, 'durationSec'> {
  durationSec: number | null;
}

const PROBE_TIMEOUT_MS = 30_000;
/** Counting by decoding reads the whole file: generous, but still bounded. */
const COUNT_TIMEOUT_MS = 10 * 60_000;
/** Less than one 10 ms frame is nothing to transcribe: a file cut off right after its header. */
const MIN_DURATION_SEC = 0.01;

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    tags?: Record<string, string>;
  }>;
  format?: { format_name?: string; duration?: string };
}

/** Probes a file with ffprobe and describes its first audio stream (so the audio track of a video works too). */
export async function probeAudio(path: string): Promise<AudioInfo> {
  const stream = await probeStream(path);
  const durationSec = stream.durationSec ?? (await countDuration(path));
  if (!(durationSec >= MIN_DURATION_SEC)) {
    throw new AudioFormatError(
      durationSec > 0 ? `audio is too short (${durationSec.toFixed(4)} s): truncated?` : 'no audio samples',
    );
  }
  return { ...stream, durationSec };
}

export async function probeStream(path: string): Promise<StreamInfo> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path];
  const result = await runTool(ffprobePath(), args, { timeoutMs: PROBE_TIMEOUT_MS }).catch(asFormatError);
  if (result.code !== 0) {
    throw new AudioFormatError(lastErrorLine(result.stderr, path) ?? `ffprobe exited with ${result.code}`);
  }
  let json: ProbeJson;
  try {
    json = JSON.parse(result.stdout.toString()) as ProbeJson;
  } catch {
    throw new AudioFormatError('ffprobe output could not be read');
  }
  const streams = json.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio) {
    const found = streams.map((s) => s.codec_type ?? 'unknown').join(', ');
    throw new AudioFormatError(found ? `no audio stream (found: ${found})` : 'no audio stream');
  }
  const sampleRate = Number(audio.sample_rate);
  const channels = audio.channels ?? 0;
  if (!(sampleRate > 0) || !(channels > 0))
    throw new AudioFormatError('audio stream has no sample rate or channels');
  return {
    // The audio stream's own duration first: a video track can outlast the audio in the container duration.
    durationSec:
      seconds(audio.duration) ??
      clockSeconds(audio.tags?.DURATION ?? audio.tags?.duration) ??
      seconds(json.format?.duration),
    channels,
    sampleRate,
    codec: audio.codec_name ?? 'unknown',
    container: json.format?.format_name ?? 'unknown',
  };
}

/** Duration by decoding the first audio stream to 16 kHz mono and counting samples. */
async function countDuration(path: string): Promise<number> {
  let bytes = 0;
  const args = [
    '-nostdin',
    '-v',
    'error',
    '-i',
    path,
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    's16le',
    'pipe:1',
  ];
  const result = await runTool(ffmpegPath(), args, {
    timeoutMs: COUNT_TIMEOUT_MS,
    onStdout: (chunk) => (bytes += chunk.length),
  }).catch(asFormatError);
  if (result.code !== 0) {
    throw new AudioFormatError(lastErrorLine(result.stderr, path) ?? `ffmpeg exited with ${result.code}`);
  }
  return bytes / 2 / 16000;
}

function asFormatError(error: unknown): never {
  // A probe that hangs is caused by the input, not by the server.
  if (error instanceof ToolTimeoutError)
    throw new AudioFormatError(`the file could not be analysed: ${error.message}`);
  throw error;
}

function seconds(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
}

/** Matroska track tags carry the duration as `HH:MM:SS.nnnnnnnnn`. */
function clockSeconds(value: string | undefined): number | null {
  const match = value ? /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value) : null;
  if (!match) return null;
  const total = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return total > 0 ? total : null;
}
