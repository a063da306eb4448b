// Test and benchmark helpers for live streams: push audio (at once, chunk by chunk, or at real-time pace)
// and collect what comes back, with arrival times.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Utterance } from '../../shared/transcript';
import type { LiveEnginePool, LiveStream, LiveStreamEvent, LiveStreamOptions } from './live-pool';
import type { InstalledModel } from './models';

export type TranscriptEvent = Extract<LiveStreamEvent, { type: 'partial' | 'final' }>;
export type SpeechEvent = Extract<LiveStreamEvent, { type: 'speech_start' | 'speech_end' }>;

export interface Received {
  event: LiveStreamEvent;
  /** performance.now() when it arrived. */
  at: number;
}

export interface StreamRun {
  received: Received[];
  /** performance.now() when each chunk was pushed. */
  pushedAt: number[];
  chunkSamples: number;
  /** The largest `pendingSeconds` seen while pushing. */
  maxPending: number;
  /** `pendingSeconds` just before finish() was called. */
  pendingAtEnd: number;
  stream: LiveStream;
}

export type Pace = 'burst' | 'yield' | 'realtime';

export function liveOptions(
  model: InstalledModel,
  extra: Partial<LiveStreamOptions> = {},
): LiveStreamOptions {
  return {
    model,
    language: 'en',
    channel: 0,
    endpointing: 0.05,
    maxDurationWithoutEndpointing: 5,
    speechThreshold: 0.6,
    partials: false,
    ...extra,
  };
}

/**
 * Pushes `samples` in chunks and finishes the stream. `burst`: all at once (the worker gets it in one go);
 * `yield`: a chunk every `yieldMs` (faster than real time, but the worker sees the audio come in);
 * `realtime`: one chunk every chunk duration, starting after `delayMs`.
 */
export async function runStream(
  pool: LiveEnginePool,
  samples: Float32Array,
  options: LiveStreamOptions,
  pace: Pace = 'burst',
  {
    chunkSec = 0.1,
    delayMs = 0,
    yieldMs = 1,
  }: { chunkSec?: number; delayMs?: number; yieldMs?: number } = {},
): Promise<StreamRun> {
  const received: Received[] = [];
  const stream = pool.openStream(options, (event) => received.push({ event, at: performance.now() }));
  const run: StreamRun = {
    received,
    pushedAt: [],
    chunkSamples: Math.round(chunkSec * 16000),
    maxPending: 0,
    pendingAtEnd: 0,
    stream,
  };
  if (delayMs > 0) await sleep(delayMs);
  const started = performance.now();
  for (let i = 0, k = 0; i < samples.length; i += run.chunkSamples, k++) {
    if (pace === 'realtime') {
      const due = started + k * chunkSec * 1000;
      if (due > performance.now()) await sleep(due - performance.now());
    } else if (pace === 'yield') {
      await sleep(yieldMs);
    }
    stream.push(samples.subarray(i, i + run.chunkSamples));
    run.pushedAt.push(performance.now());
    run.maxPending = Math.max(run.maxPending, stream.pendingSeconds);
  }
  run.pendingAtEnd = stream.pendingSeconds;
  await stream.finish();
  return run;
}

export const eventsOf = (run: StreamRun): LiveStreamEvent[] => run.received.map((r) => r.event);

export function finalsOf(run: StreamRun): Extract<LiveStreamEvent, { type: 'final' }>[] {
  return eventsOf(run).filter((e): e is Extract<LiveStreamEvent, { type: 'final' }> => e.type === 'final');
}

export const textOf = (run: StreamRun): string =>
  finalsOf(run)
    .map((f) => f.utterance.text)
    .join(' ');

export const utterancesOf = (run: StreamRun): Utterance[] => finalsOf(run).map((f) => f.utterance);

/** When the chunk holding sample `index` was pushed. */
export function pushTimeOf(run: StreamRun, index: number): number | undefined {
  return run.pushedAt[Math.floor(index / run.chunkSamples)];
}

/**
 * Milliseconds from the push of the audio that completed each endpoint (the last sample of the endpointing
 * silence, plus the 64 samples of look-ahead of the VAD's window) to the arrival of its final.
 */
export function finalLatencies(run: StreamRun, endpointing: number): number[] {
  const latencies: number[] = [];
  run.received.forEach(({ event, at }, i) => {
    const previous = run.received[i - 1]?.event;
    if (event.type !== 'final' || previous?.type !== 'speech_end') return;
    const last = Math.round(previous.time * 16000) + Math.floor(endpointing * 16000) + 63;
    const pushed = pushTimeOf(run, last);
    if (pushed !== undefined) latencies.push(at - pushed);
  });
  return latencies;
}

/** Milliseconds from the push of the audio at each speech start to the first partial that followed it. */
export function firstPartialLatencies(run: StreamRun): number[] {
  const latencies: number[] = [];
  let start: number | undefined;
  for (const { event, at } of run.received) {
    if (event.type === 'speech_start') start = pushTimeOf(run, Math.round(event.time * 16000));
    if (event.type === 'final') start = undefined;
    if (event.type === 'partial' && start !== undefined) {
      latencies.push(at - start);
      start = undefined;
    }
  }
  return latencies;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface LoadFigures {
  sessions: number;
  /** ms, from the push that completed an endpoint to the final. */
  finalP50: number;
  finalP95: number;
  /** ms, from the push of a speech start to the first partial of that utterance. */
  firstPartialP50: number;
  firstPartialP95: number;
  /** Seconds of audio waiting in the worst session, at any time and at the end. */
  maxPending: number;
  pendingAtEnd: number;
  /** Process CPU time over wall time (1 = one core busy). */
  cores: number;
  finals: number;
}

/**
 * `sessions` one-channel sessions at real-time pace over the same `samples`, each starting at a different
 * point of it (so that their utterances do not all end at once) and a different phase of the 100 ms tick.
 */
export async function measureLoad(
  pool: LiveEnginePool,
  samples: Float32Array,
  sessions: number,
  options: LiveStreamOptions,
): Promise<LoadFigures> {
  const rotated = (i: number): Float32Array => {
    const k = Math.round(((i * 1.37) % (samples.length / 16000)) * 16000);
    const out = new Float32Array(samples.length);
    out.set(samples.subarray(k));
    out.set(samples.subarray(0, k), samples.length - k);
    return out;
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const runs = await Promise.all(
    Array.from({ length: sessions }, (_, i) =>
      runStream(pool, rotated(i), options, 'realtime', { delayMs: (i * 100) / sessions }),
    ),
  );
  const used = process.cpuUsage(cpu);
  const finals = runs.flatMap((r) => finalLatencies(r, options.endpointing));
  const partials = runs.flatMap((r) => firstPartialLatencies(r));
  return {
    sessions,
    finalP50: percentile(finals, 50),
    finalP95: percentile(finals, 95),
    firstPartialP50: percentile(partials, 50),
    firstPartialP95: percentile(partials, 95),
    maxPending: Math.max(...runs.map((r) => r.maxPending)),
    pendingAtEnd: Math.max(...runs.map((r) => r.pendingAtEnd)),
    cores: (used.user + used.system) / 1000 / (performance.now() - started),
    finals: finals.length,
  };
}

export function formatLoad(f: LoadFigures): string {
  const ms = (n: number): string => (Number.isNaN(n) ? '-' : `${n.toFixed(0)} ms`);
  return (
    `${String(f.sessions).padStart(3)} sessions: final +${ms(f.finalP50)} p50, +${ms(f.finalP95)} p95 (${f.finals}); ` +
    `first partial ${ms(f.firstPartialP50)} p50, ${ms(f.firstPartialP95)} p95; ` +
    `pending max ${f.maxPending.toFixed(2)} s, at end ${f.pendingAtEnd.toFixed(2)} s; CPU ${f.cores.toFixed(2)} cores`
  );
}
