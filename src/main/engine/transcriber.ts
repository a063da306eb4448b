import type { Utterance } from '../../shared/transcript';
import { buildUtterances, STREAMING_EMISSION_DELAY_SEC, type RecognizedSegment } from './assemble';
import { recognizerSpec, type InstalledModel } from './models';
import { WorkerCrashError, type EnginePool } from './pool';
import {
  SAMPLE_RATE,
  type Hotword,
  type RecognizeResult,
  type RecognizeTask,
  type VadResult,
  type VadTask,
} from './protocol';
import { padSegments, planChunks, stitchAtBoundaries, type Span } from './segments';

export interface TranscribeAudio {
  channels: Float32Array[];
  sampleRate: 16000;
}

export interface TranscribeOptions {
  model: InstalledModel;
  language: string;
  /** `boost` is the API's intensity, 0..1. */
  hotwords?: Hotword[];
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Longest stretch recognised at once (VAD segments beyond it are split at their quietest point). */
const MAX_SEGMENT_SEC = 20;
/** Audio one VAD task scans; chunks let both workers run the VAD of a long file. */
const VAD_CHUNK_SEC = 60;
const PAD_SEC = 0.2;
/** Share of the progress bar given to the VAD pass (it costs about a tenth of recognition). */
const VAD_SHARE = 0.1;

/**
 * Copies a channel into shared memory once, unless it already is shared, so that every task of every worker
 * reads the same buffer instead of receiving a copy.
 */
export function toShared(samples: Float32Array): Float32Array {
  if (samples.buffer instanceof SharedArrayBuffer) return samples;
  const shared = new Float32Array(new SharedArrayBuffer(samples.length * Float32Array.BYTES_PER_ELEMENT));
  shared.set(samples);
  return shared;
}

/** Runs `fn` over `items` with at most `limit` in flight; stops starting new ones after the first failure. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

class Progress {
  private done = 0;
  private reported = 0;
  constructor(
    private readonly total: number,
    private readonly report?: (fraction: number) => void,
  ) {}

  add(amount: number): void {
    this.done += amount;
    this.set(this.total > 0 ? Math.min(1, this.done / this.total) : 1);
  }

  /** Reports 1 even when the parts, in floating point, add up to a hair less. */
  finish(): void {
    this.set(1);
  }

  private set(fraction: number): void {
    if (fraction <= this.reported) return;
    this.reported = fraction;
    this.report?.(fraction);
  }
}

interface PlannedSegment {
  channel: number;
  span: Span;
}

/**
 * VAD per channel, then every speech segment of every channel recognised across the pool, then words and
 * utterances. At most `pool.size` tasks of one transcription are queued at a time, so two transcriptions
 * sharing a pool take turns instead of one waiting for the other to finish.
 */
export async function transcribe(
  pool: EnginePool,
  audio: TranscribeAudio,
  opts: TranscribeOptions,
): Promise<{ utterances: Utterance[] }> {
  if (audio.sampleRate !== SAMPLE_RATE)
    throw new Error(`audio must be ${SAMPLE_RATE} Hz, got ${audio.sampleRate}`);
  const { signal } = opts;
  signal?.throwIfAborted();
  const channels = audio.channels.map(toShared);
  const model = recognizerSpec(opts.model);
  const totalSamples = channels.reduce((sum, c) => sum + c.length, 0);
  const progress = new Progress(totalSamples, opts.onProgress);
  const limit = pool.size;

  // 1. Speech segments per channel, chunks scanned in parallel.
  const vadJobs = channels.flatMap((samples, channel) =>
    planChunks(samples, VAD_CHUNK_SEC).map(([start, end]) => ({ channel, samples, start, end })),
  );
  const found = await mapLimited(vadJobs, limit, async (job) => {
    const { samples, start, end } = job;
    const task: VadTask = { kind: 'vad', samples, start, end, maxSegmentSec: MAX_SEGMENT_SEC };
    const spans = await pool.run<VadResult>(task, { signal });
    progress.add((end - start) * VAD_SHARE);
    return spans;
  });
  const planned: PlannedSegment[] = channels.flatMap((samples, channel) => {
    const jobs = vadJobs
      .map((job, i) => ({ job, spans: found[i]! }))
      .filter((x) => x.job.channel === channel);
    const boundaries = jobs.slice(1).map((x) => x.job.start / SAMPLE_RATE);
    const stitched = stitchAtBoundaries(
      jobs.flatMap((x) => x.spans),
      boundaries,
      MAX_SEGMENT_SEC,
    );
    return padSegments(stitched, samples.length / SAMPLE_RATE, PAD_SEC).map((span) => ({ channel, span }));
  });
  // Once the VAD is done, the rest of the bar is the speech still to recognise.
  const speech = planned.reduce((sum, p) => sum + (p.span[1] - p.span[0]), 0);
  const remaining = totalSamples * (1 - VAD_SHARE);
  const perSecond = speech > 0 ? remaining / speech : 0;
  if (speech === 0) progress.add(remaining);

  // 2. Recognition, all channels interleaved by time so every worker stays busy.
  planned.sort((a, b) => a.span[0] - b.span[0] || a.channel - b.channel);
  const recognized = await mapLimited(
    planned,
    limit,
    async ({ channel, span }): Promise<RecognizedSegment> => {
      const samples = channels[channel]!;
      const task: RecognizeTask = {
        kind: 'recognize',
        model,
        samples,
        start: Math.floor(span[0] * SAMPLE_RATE),
        end: Math.min(samples.length, Math.ceil(span[1] * SAMPLE_RATE)),
        hotwords: opts.hotwords,
      };
      let result: RecognizeResult;
      try {
        result = await pool.run<RecognizeResult>(task, { signal });
      } catch (error) {
        // A worker that died mid-task was replaced: one more try before failing the whole transcription.
        if (!(error instanceof WorkerCrashError)) throw error;
        result = await pool.run<RecognizeResult>(task, { signal });
      }
      progress.add((span[1] - span[0]) * perSecond);
      return { channel, start: task.start / SAMPLE_RATE, end: task.end / SAMPLE_RATE, result };
    },
  );
  signal?.throwIfAborted();
  progress.finish();
  const emissionDelaySec = model.kind === 'streaming' ? STREAMING_EMISSION_DELAY_SEC : 0;
  return { utterances: buildUtterances(recognized, { language: opts.language, emissionDelaySec }) };
}
