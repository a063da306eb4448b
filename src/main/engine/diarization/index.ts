import { EnginePool } from '../pool';
import { toShared } from '../transcriber';
import { resolveWorkerScript } from '../worker-script';
import type { SpeakerResult } from './assign';
import type { SpeakerBounds } from './cluster';
import type { SegmentTask, SpeakersTask } from './protocol';
import { planWindows } from './windows';

export type { SpeakerResult } from './assign';
export type { SpeakerBounds } from './cluster';
export type { SpeakerTurn } from './turns';
export { findSpeakerModels, type SpeakerModels } from './models';

// Main-thread side of diarization: everything CPU-bound runs in diarization worker threads, in tasks of about
// a second each, so the event loop stays free and an abort takes effect between two tasks.

export interface DiarizeChannelOptions {
  segmentationModel: string;
  /** A sherpa-onnx speaker-embedding model; absent: the built-in MFCC voice model. */
  embeddingModel?: string;
  bounds?: SpeakerBounds;
  signal?: AbortSignal;
  /** Defaults to a shared pool of one diarization worker. */
  pool?: EnginePool;
  stepSec?: number;
  onProgress?: (fraction: number) => void;
}

/** Segmentation windows per task: about a second of CPU. */
const WINDOWS_PER_TASK = 16;

let shared: EnginePool | undefined;

/** A pool of diarization worker threads (the engine pool, running the diarization worker entry). */
export function createDiarizationPool(size = 1): EnginePool {
  const script = resolveWorkerScript(__dirname, 'diarization-worker', 'worker.ts');
  return new EnginePool({ size, workerScript: script.path });
}

function sharedPool(): EnginePool {
  shared ??= createDiarizationPool(1);
  return shared;
}

/** Stops the shared diarization worker (idle workers never keep the process alive; this frees them at once). */
export async function closeDiarizationPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}

/** Speaker turns of one 16 kHz channel. */
export async function diarizeChannel(
  samples: Float32Array,
  options: DiarizeChannelOptions,
): Promise<SpeakerResult> {
  const pool = options.pool ?? sharedPool();
  const { signal } = options;
  signal?.throwIfAborted();
  const audio = toShared(samples);
  const plan = planWindows(audio.length, options.stepSec);
  const masks: Uint8Array[] = [];
  for (let from = 0; from < plan.count; from += WINDOWS_PER_TASK) {
    const task: SegmentTask = {
      kind: 'segment',
      model: options.segmentationModel,
      samples: audio,
      step: plan.step,
      from,
      to: Math.min(plan.count, from + WINDOWS_PER_TASK),
    };
    masks.push(...(await pool.run<Uint8Array[]>(task, { signal })));
    options.onProgress?.((0.9 * masks.length) / plan.count);
  }
  const task: SpeakersTask = {
    kind: 'speakers',
    samples: audio,
    step: plan.step,
    totalFrames: plan.totalFrames,
    masks,
    bounds: options.bounds ?? {},
    embeddingModel: options.embeddingModel,
  };
  const result = await pool.run<SpeakerResult>(task, { signal });
  options.onProgress?.(1);
  return result;
}
