import { parentPort } from 'node:worker_threads';
import type { Vad } from 'sherpa-onnx-node';
import type { EngineTask, RecognizeTask, VadTask, WorkerReply, WorkerRequest } from './protocol';
import { RecognizerCache } from './recognizers';
import { createVad, detectSpeech } from './vad';

// Entry of an engine worker thread (bundled as out/main/engine-worker.js). One task at a time; every failure
// becomes an error reply so the thread lives on.

const recognizers = new RecognizerCache();
let vad: { instance: Vad; maxSegmentSec: number } | undefined;

function checkRange(task: { samples: unknown; start: unknown; end: unknown }): void {
  if (!(task.samples instanceof Float32Array)) throw new Error('samples must be a Float32Array');
  const { start, end } = task;
  if (!Number.isInteger(start) || !Number.isInteger(end)) throw new Error('start and end must be integers');
  if ((start as number) < 0 || (end as number) < (start as number) || (end as number) > task.samples.length) {
    throw new Error(`range [${String(start)}, ${String(end)}) outside the ${task.samples.length} samples`);
  }
}

function runVad(task: VadTask): unknown {
  if (!(task.maxSegmentSec >= 1)) throw new Error('maxSegmentSec must be at least 1');
  if (!vad || vad.maxSegmentSec !== task.maxSegmentSec) {
    vad = { instance: createVad(task.maxSegmentSec), maxSegmentSec: task.maxSegmentSec };
  }
  return detectSpeech(vad.instance, task.samples, task.start, task.end, task.maxSegmentSec);
}

function runRecognize(task: RecognizeTask): unknown {
  if (typeof task.model?.encoder !== 'string') throw new Error('recognize task without a model');
  return recognizers.recognize(task.model, task.hotwords, task.samples.subarray(task.start, task.end));
}

function handle(task: EngineTask): unknown {
  checkRange(task);
  switch (task.kind) {
    case 'vad':
      return runVad(task);
    case 'recognize':
      return runRecognize(task);
    default:
      throw new Error(`unknown task kind ${String((task as { kind?: unknown }).kind)}`);
  }
}

const port = parentPort;
if (!port) throw new Error('engine worker must run in a worker thread');
port.on('message', (message: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id: message.id, ok: true, result: handle(message.task as EngineTask) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
