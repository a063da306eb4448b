import { parentPort, type MessagePort } from 'node:worker_threads';
import type { OnlineRecognizer } from 'sherpa-onnx-node';
import { hotwordsText } from './hotwords';
import { LiveChannel } from './live-channel';
import { Peeker, UtteranceDecoder } from './live-decoder';
import type {
  LiveChannelConfig,
  LiveCommand,
  LiveReply,
  LiveRequest,
  LiveStreamEvent,
  LiveUpdate,
} from './live-protocol';
import { checkFiles, createOnlineRecognizer, modelIsCased } from './recognizers';

// Entry of a live engine worker thread (bundled as out/main/live-worker.js). It hosts many channels: audio
// queues up per channel while the thread is busy and is processed in one go on the next turn, so a loaded
// worker does fewer, larger steps instead of falling behind. A failing channel reports an error and is
// dropped; the others go on.

/** Recognisers no channel uses any more, kept in case the next session wants the same model. */
const MAX_IDLE_RECOGNIZERS = 2;

interface SharedRecognizer {
  key: string;
  recognizer: OnlineRecognizer;
  peeker: Peeker;
  cased: boolean;
  users: number;
}

interface Channel {
  id: number;
  recognizer: SharedRecognizer;
  live: LiveChannel;
  inbox: Float32Array[];
  processed: number;
  finishing: boolean;
}

if (!parentPort) throw new Error('live engine worker must run in a worker thread');
const port: MessagePort = parentPort;
const recognizers = new Map<string, SharedRecognizer>();
const channels = new Map<number, Channel>();
let scheduled = false;

function acquireRecognizer(config: LiveChannelConfig): SharedRecognizer {
  const { model } = config;
  if (model.kind !== 'streaming')
    throw new Error(`live recognition needs a streaming model, not ${model.dir}`);
  checkFiles(model);
  const cased = modelIsCased(model.tokens);
  const hotwords = config.hotwords.length > 0 ? hotwordsText(config.hotwords, !cased) : '';
  const key = `${model.dir}\n${hotwords}`;
  let shared = recognizers.get(key);
  if (!shared) {
    const recognizer = createOnlineRecognizer(model, hotwords);
    shared = { key, recognizer, peeker: new Peeker(recognizer), cased, users: 0 };
    recognizers.set(key, shared);
  }
  shared.users++;
  return shared;
}

function releaseRecognizer(shared: SharedRecognizer): void {
  shared.users--;
  // Map order is the order of creation: drop the oldest idle ones beyond the limit.
  const unused = [...recognizers.values()].filter((r) => r.users === 0);
  for (const r of unused.slice(0, Math.max(0, unused.length - MAX_IDLE_RECOGNIZERS)))
    recognizers.delete(r.key);
}

function open(id: number, config: LiveChannelConfig): void {
  const shared = acquireRecognizer(config);
  try {
    const live = new LiveChannel({
      channel: config.channel,
      language: config.language,
      endpointing: config.endpointing,
      maxDurationWithoutEndpointing: config.maxDurationWithoutEndpointing,
      speechThreshold: config.speechThreshold,
      partials: config.partials,
      cased: shared.cased,
      decoder: new UtteranceDecoder(shared.recognizer),
      peeker: shared.peeker,
    });
    channels.set(id, { id, recognizer: shared, live, inbox: [], processed: 0, finishing: false });
  } catch (error) {
    releaseRecognizer(shared);
    throw error;
  }
}

function drop(channel: Channel): void {
  channels.delete(channel.id);
  channel.live.dispose();
  releaseRecognizer(channel.recognizer);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function handle(command: LiveCommand, failed: LiveUpdate[]): void {
  const channel = channels.get(command.id);
  switch (command.type) {
    case 'open':
      try {
        open(command.id, command.config);
      } catch (error) {
        const events: LiveStreamEvent[] = [{ type: 'error', message: message(error) }];
        failed.push({ id: command.id, events, processed: 0, done: true });
      }
      return;
    case 'audio':
      if (channel && !channel.finishing) channel.inbox.push(command.samples);
      return;
    case 'finish':
      if (channel) channel.finishing = true;
      return;
    case 'close':
      if (channel) drop(channel);
      return;
  }
}

/** Processes one channel's queued input; returns what the main thread must hear about it. */
function step(channel: Channel): LiveUpdate {
  let done = channel.finishing;
  try {
    for (const samples of channel.inbox) {
      channel.live.accept(samples);
      channel.processed += samples.length;
    }
    channel.inbox = [];
    if (channel.finishing) channel.live.finish();
    else channel.live.afterInput();
  } catch (error) {
    channel.live.takeEvents(); // what came before the failure may be half-made
    done = true;
    const events: LiveStreamEvent[] = [
      { type: 'error', message: `live recognition failed: ${message(error)}` },
    ];
    drop(channel);
    return { id: channel.id, events, processed: channel.processed, done };
  }
  const update = { id: channel.id, events: channel.live.takeEvents(), processed: channel.processed, done };
  if (done) drop(channel);
  return update;
}

function run(): void {
  scheduled = false;
  for (const channel of [...channels.values()]) {
    if (channel.inbox.length === 0 && !channel.finishing) continue;
    const update = step(channel);
    // One message per channel as soon as it is processed: a final never waits for the other channels.
    port.postMessage({ updates: [update] } satisfies LiveReply);
  }
}

port.on('message', (request: LiveRequest) => {
  const failed: LiveUpdate[] = [];
  for (const command of request.commands) handle(command, failed);
  if (failed.length > 0) port.postMessage({ updates: failed } satisfies LiveReply);
  if (!scheduled) {
    scheduled = true;
    // After the messages already waiting: they join this batch.
    setImmediate(run);
  }
});
