import type { Utterance } from '../../shared/transcript';
import type { InstalledModel } from './models';
import type { Hotword, RecognizerSpec } from './protocol';

// Live (streaming) recognition: the options and events of one channel stream, and the messages between the
// LiveEnginePool (main thread) and its worker threads.

export interface LiveStreamOptions {
  model: InstalledModel;
  language: string;
  channel: number;
  /** Seconds of silence that end an utterance (0.01..10; the API's default is 0.05). */
  endpointing: number;
  /** Seconds (5..60): an utterance that goes on this long without an endpoint is cut and finalised. */
  maxDurationWithoutEndpointing: number;
  /** 0..1, the VAD threshold (closer to 1 is stricter: fewer background sounds taken as speech). */
  speechThreshold: number;
  /** `boost` is the API's intensity, 0..1, as in the pre-recorded path. */
  hotwords?: Hotword[];
  /** Emit partial transcripts (they cost extra decoding at the start of each utterance). */
  partials: boolean;
}

export type LiveStreamEvent =
  | { type: 'speech_start'; time: number; channel: number }
  | { type: 'speech_end'; time: number; channel: number }
  /** The partials and the final of one utterance share `id`. */
  | { type: 'partial'; id: string; utterance: Utterance }
  | { type: 'final'; id: string; utterance: Utterance }
  | { type: 'error'; message: string };

/** What a worker needs to set up one channel: file paths and numbers, no catalog objects. */
export interface LiveChannelConfig {
  model: RecognizerSpec;
  language: string;
  channel: number;
  endpointing: number;
  maxDurationWithoutEndpointing: number;
  speechThreshold: number;
  hotwords: Hotword[];
  partials: boolean;
}

export type LiveCommand =
  | { type: 'open'; id: number; config: LiveChannelConfig }
  /** 16 kHz mono samples, transferred (the pool copies the caller's array once). */
  | { type: 'audio'; id: number; samples: Float32Array }
  | { type: 'finish'; id: number }
  | { type: 'close'; id: number };

/** Main thread → worker: the commands queued since the last message, in order. */
export interface LiveRequest {
  commands: LiveCommand[];
}

/** Worker → main thread, after the worker processed a channel's queued audio. */
export interface LiveUpdate {
  id: number;
  events: LiveStreamEvent[];
  /** Samples of this channel processed so far. */
  processed: number;
  /** The channel is gone from the worker: finished, or failed (then `events` ends with an error). */
  done: boolean;
}

export interface LiveReply {
  updates: LiveUpdate[];
}
