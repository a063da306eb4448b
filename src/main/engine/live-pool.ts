import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type {
  LiveChannelConfig,
  LiveCommand,
  LiveReply,
  LiveStreamEvent,
  LiveStreamOptions,
  LiveUpdate,
} from './live-protocol';
import { recognizerSpec } from './models';
import { SAMPLE_RATE } from './protocol';
import { execArgvFor, resolveWorkerScript } from './worker-script';

export type { LiveStreamEvent, LiveStreamOptions } from './live-protocol';

export interface LiveStream {
  /** 16 kHz mono audio of this channel, in order, any length. Ignored once finishing or closed. */
  push(samples: Float32Array): void;
  /**
   * End of audio: the remaining final(s) are emitted, then this resolves. It also resolves when the stream
   * failed (the failure came as an `error` event) or was closed.
   */
  finish(): Promise<void>;
  /** Abandons the stream (the client is gone): frees it in the worker; no more events. */
  close(): void;
  /** Seconds of audio pushed but not yet processed by the worker (the lag). */
  readonly pendingSeconds: number;
}

interface Slot {
  worker: Worker;
  streams: Map<number, Stream>;
  commands: LiveCommand[];
  transfer: ArrayBuffer[];
  flushQueued: boolean;
  lastError?: Error;
}

type StreamState = 'open' | 'finishing' | 'done' | 'closed';

function checkRange(name: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !(value >= min && value <= max)) {
    throw new RangeError(`${name} must be a number from ${min} to ${max}, got ${String(value)}`);
  }
}

function validate(opts: LiveStreamOptions): void {
  const catalog = opts?.model?.catalog;
  if (catalog?.kind !== 'streaming') {
    throw new TypeError(
      `live streams need a streaming model, got ${catalog?.id ?? 'none'} (${catalog?.kind})`,
    );
  }
  if (!Number.isInteger(opts.channel) || opts.channel < 0 || opts.channel > 99) {
    throw new RangeError(`channel must be an integer from 0 to 99, got ${String(opts.channel)}`);
  }
  checkRange('endpointing', opts.endpointing, 0.01, 10);
  checkRange('maxDurationWithoutEndpointing', opts.maxDurationWithoutEndpointing, 5, 60);
  checkRange('speechThreshold', opts.speechThreshold, 0, 1);
  const hotwords = opts.hotwords ?? [];
  if (
    !Array.isArray(hotwords) ||
    hotwords.some((h) => typeof h?.phrase !== 'string' || typeof h.boost !== 'number')
  ) {
    throw new TypeError('hotwords must be a list of { phrase: string, boost: number }');
  }
}

class Stream implements LiveStream {
  private state: StreamState = 'open';
  private pushed = 0;
  private processed = 0;
  private finished?: Promise<void>;
  private resolveFinished?: () => void;

  constructor(
    readonly id: number,
    private readonly slot: Slot,
    private readonly send: (slot: Slot, command: LiveCommand, transfer?: ArrayBuffer) => void,
    private readonly onEvent: (event: LiveStreamEvent) => void,
  ) {}

  get pendingSeconds(): number {
    const running = this.state === 'open' || this.state === 'finishing';
    return running ? Math.max(0, this.pushed - this.processed) / SAMPLE_RATE : 0;
  }

  push(samples: Float32Array): void {
    if (!(samples instanceof Float32Array)) throw new TypeError('samples must be a Float32Array');
    if (this.state !== 'open' || samples.length === 0) return;
    // One copy, which is then moved to the worker: the caller keeps its array (it may be a view on a larger one).
    const copy = samples.slice();
    this.pushed += copy.length;
    this.send(this.slot, { type: 'audio', id: this.id, samples: copy }, copy.buffer);
  }

  finish(): Promise<void> {
    if (!this.finished) {
      this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
      if (this.state === 'open') {
        this.state = 'finishing';
        this.send(this.slot, { type: 'finish', id: this.id });
      } else {
        this.resolveFinished!();
      }
    }
    return this.finished;
  }

  close(): void {
    const running = this.state === 'open' || this.state === 'finishing';
    this.state = 'closed';
    if (running) this.send(this.slot, { type: 'close', id: this.id });
    this.end();
  }

  /** From the worker. */
  update(update: LiveUpdate): void {
    this.processed = update.processed;
    for (const event of update.events) this.deliver(event);
    if (update.done) this.end();
  }

  /** The worker died. */
  fail(message: string): void {
    this.deliver({ type: 'error', message });
    this.end();
  }

  /** Silently, when the pool closes. */
  end(): void {
    if (this.state !== 'closed') this.state = 'done';
    this.slot.streams.delete(this.id);
    if (this.slot.streams.size === 0) this.slot.worker.unref(); // an idle pool must not keep the process alive
    this.resolveFinished?.();
  }

  private deliver(event: LiveStreamEvent): void {
    if (this.state === 'closed' || this.state === 'done') return;
    try {
      this.onEvent(event);
    } catch (error) {
      // The handler's bug must not cost the other streams their events.
      console.error('live stream event handler failed:', error);
    }
  }
}

/**
 * Worker threads hosting many live channel streams each. A stream goes to the worker with the fewest streams
 * (a new worker starts while fewer than `size` run), so the channels of a session spread over the cores.
 */
export class LiveEnginePool {
  readonly size: number;
  private readonly script: { path: string; execArgv: string[] };
  private readonly slots = new Set<Slot>();
  private nextId = 1;
  private closed = false;

  constructor(opts: { size?: number; workerScript?: string } = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? availableParallelism()));
    this.script = opts.workerScript
      ? { path: opts.workerScript, execArgv: execArgvFor(opts.workerScript) }
      : resolveWorkerScript(__dirname, 'live-worker', 'live-worker.ts');
  }

  /** One stream per channel. Throws on invalid options; failures in the worker come as `error` events. */
  openStream(opts: LiveStreamOptions, onEvent: (e: LiveStreamEvent) => void): LiveStream {
    if (this.closed) throw new Error('live engine pool is closed');
    validate(opts);
    const config: LiveChannelConfig = {
      model: recognizerSpec(opts.model),
      language: opts.language,
      channel: opts.channel,
      endpointing: opts.endpointing,
      maxDurationWithoutEndpointing: opts.maxDurationWithoutEndpointing,
      speechThreshold: opts.speechThreshold,
      hotwords: opts.hotwords ?? [],
      partials: Boolean(opts.partials),
    };
    const slot = this.pick();
    const stream = new Stream(this.nextId++, slot, this.send, onEvent);
    slot.streams.set(stream.id, stream);
    slot.worker.ref();
    this.send(slot, { type: 'open', id: stream.id, config });
    return stream;
  }

  /** Stops every worker; open streams end without further events. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = [...this.slots].map((slot) => {
      for (const stream of [...slot.streams.values()]) stream.end();
      return slot.worker.terminate();
    });
    this.slots.clear();
    await Promise.all(stopping);
  }

  private pick(): Slot {
    const slots = [...this.slots];
    if (slots.length < this.size && slots.every((s) => s.streams.size > 0)) return this.spawn();
    const pending = (s: Slot): number =>
      [...s.streams.values()].reduce((sum, x) => sum + x.pendingSeconds, 0);
    return slots.reduce((best, s) =>
      s.streams.size < best.streams.size ||
      (s.streams.size === best.streams.size && pending(s) < pending(best))
        ? s
        : best,
    );
  }

  /** Commands go out in order, batched per worker: one message per turn of the event loop. */
  private readonly send = (slot: Slot, command: LiveCommand, transfer?: ArrayBuffer): void => {
    if (!this.slots.has(slot)) return;
    slot.commands.push(command);
    if (transfer) slot.transfer.push(transfer);
    if (slot.flushQueued) return;
    slot.flushQueued = true;
    queueMicrotask(() => {
      slot.flushQueued = false;
      const commands = slot.commands.splice(0);
      const transfer = slot.transfer.splice(0);
      if (this.slots.has(slot) && commands.length > 0) slot.worker.postMessage({ commands }, transfer);
    });
  };

  private spawn(): Slot {
    const worker = new Worker(this.script.path, { execArgv: this.script.execArgv });
    const slot: Slot = { worker, streams: new Map(), commands: [], transfer: [], flushQueued: false };
    worker.on('message', (reply: LiveReply) => {
      for (const update of reply.updates) slot.streams.get(update.id)?.update(update);
    });
    worker.on('error', (error) => {
      slot.lastError = error;
    });
    worker.on('exit', (code) => {
      if (!this.slots.delete(slot)) return; // closed on purpose
      const why = slot.lastError ? `: ${slot.lastError.message}` : '';
      for (const stream of [...slot.streams.values()]) {
        stream.fail(`live engine worker stopped (exit code ${code})${why}`);
      }
    });
    worker.unref();
    this.slots.add(slot);
    return slot;
  }
}
