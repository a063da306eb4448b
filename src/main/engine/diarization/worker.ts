import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from '../protocol';
import { assignSpeakers } from './assign';
import { checkEmbeddingModel } from './embedding-check';
import type { DiarizationTask, SegmentTask, SpeakersTask } from './protocol';
import { Segmenter } from './segmentation';
import { NeuralEmbedder } from './voices';
import { segmentWindows } from './windows';

// Entry of a diarization worker thread (bundled as out/main/diarization-worker.js). Models load on first use
// and stay loaded; every failure becomes an error reply so the thread lives on.

const segmenters = new Map<string, Promise<Segmenter>>();
let embedder: NeuralEmbedder | undefined;

function segmenterFor(model: string): Promise<Segmenter> {
  let loading = segmenters.get(model);
  if (!loading) {
    loading = Segmenter.load(model);
    loading.catch(() => segmenters.delete(model));
    segmenters.set(model, loading);
  }
  return loading;
}

async function runSegment(task: SegmentTask): Promise<Uint8Array[]> {
  if (!(task.samples instanceof Float32Array)) throw new Error('samples must be a Float32Array');
  if (!(task.step >= 1) || !(task.from >= 0) || !(task.to >= task.from)) throw new Error('bad window range');
  const segmenter = await segmenterFor(task.model);
  return segmentWindows(
    segmenter,
    task.samples,
    { step: task.step, count: task.to, totalFrames: 0 },
    task.from,
    task.to,
  );
}

async function runSpeakers(task: SpeakersTask): Promise<unknown> {
  if (!(task.samples instanceof Float32Array)) throw new Error('samples must be a Float32Array');
  if (task.embeddingModel && embedder?.modelPath !== task.embeddingModel) {
    await checkEmbeddingModel(task.embeddingModel);
    embedder = new NeuralEmbedder(task.embeddingModel);
  }
  const windows = { step: task.step, masks: task.masks, totalFrames: task.totalFrames };
  return assignSpeakers(task.samples, windows, task.bounds, task.embeddingModel ? embedder : undefined);
}

function handle(task: DiarizationTask): unknown {
  switch (task.kind) {
    case 'segment':
      return runSegment(task);
    case 'speakers':
      return runSpeakers(task);
    default:
      throw new Error(`unknown task kind ${String((task as { kind?: unknown }).kind)}`);
  }
}

const port = parentPort;
if (!port) throw new Error('diarization worker must run in a worker thread');
port.on('message', (message: WorkerRequest) => {
  void (async () => {
    let reply: WorkerReply;
    try {
      reply = { id: message.id, ok: true, result: await handle(message.task as DiarizationTask) };
    } catch (error) {
      reply = { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  })();
});
