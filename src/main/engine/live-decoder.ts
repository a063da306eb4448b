import type { OnlineRecognizer, OnlineStream } from 'sherpa-onnx-node';
import { SAMPLE_RATE } from './protocol';

// Worker side: decoding the utterances of a live channel with a streaming recogniser.

/** Tokens of one utterance; times in seconds from the first sample of the utterance. */
export interface UtteranceTokens {
  tokens: string[];
  timestamps: number[];
  logProbs: number[];
}

/** Streaming models hold back the last frames until more audio arrives; silence flushes them. */
const TAIL_PADDING = new Float32Array(SAMPLE_RATE / 2);
/**
 * The same for a stream that goes on after the utterance (and so cannot be told that its input ended): the
 * padding must cover a whole chunk, the encoder's look-ahead and the transducer's emission delay. With 0.5 s
 * the end of a word still came out at the start of the next piece ("AMERICA" … "N HE WAS"); 0.8 s did not.
 */
const OPEN_TAIL_PADDING = new Float32Array(Math.round(0.8 * SAMPLE_RATE));

/** `baseSec`: where the utterance began in stream time, for a stream that has been reset (see Peeker). */
function tokensOf(recognizer: OnlineRecognizer, stream: OnlineStream, baseSec?: number): UtteranceTokens {
  const r = recognizer.getResult(stream);
  // After a reset, token times count from `start_time`, the stream time of the reset.
  const offset = baseSec === undefined ? 0 : (r.start_time ?? 0) - baseSec;
  const timestamps = offset === 0 ? r.timestamps : r.timestamps.map((t) => t + offset);
  return { tokens: r.tokens, timestamps, logProbs: r.ys_probs ?? [] };
}

/**
 * Decodes a channel's utterances, each on a fresh recogniser stream as the pre-recorded path does: reusing one
 * stream (reset between utterances) carries the encoder state over and cost ~2 points of WER on the shared
 * recordings. A stream holds ~0.4 MB of native state until V8 collects its wrapper; measured: ~100 MB of such
 * garbage at most while 4 channels decoded 3000 utterances.
 */
export class UtteranceDecoder {
  private stream: OnlineStream | undefined;

  constructor(private readonly recognizer: OnlineRecognizer) {}

  /** The audio accepted from now on is a new utterance. */
  begin(): void {
    this.stream = this.recognizer.createStream();
  }

  accept(samples: Float32Array): void {
    if (samples.length > 0) this.open().acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
  }

  /** Runs the model over every complete chunk received (a chunk is 320 ms for the zipformers). */
  decode(): void {
    const stream = this.open();
    while (this.recognizer.isReady(stream)) this.recognizer.decode(stream);
  }

  /** What has been recognised of the utterance so far. */
  current(): UtteranceTokens {
    return tokensOf(this.recognizer, this.open());
  }

  /** Ends the utterance and returns all of it. */
  finish(): UtteranceTokens {
    const stream = this.open();
    stream.acceptWaveform({ samples: TAIL_PADDING, sampleRate: SAMPLE_RATE });
    stream.inputFinished();
    this.decode();
    const tokens = this.current();
    this.stream = undefined;
    return tokens;
  }

  private open(): OnlineStream {
    this.stream ??= this.recognizer.createStream();
    return this.stream;
  }
}

/**
 * Recognises short pieces of audio on their own, as if they ended there, for early partials: several per
 * utterance, so one stream is reused (reset in between) rather than leaving a stream per piece to the GC.
 */
export class Peeker {
  private readonly stream: OnlineStream;
  /** Samples given to the stream since it was created (audio and padding). */
  private fed = 0;

  constructor(private readonly recognizer: OnlineRecognizer) {
    this.stream = recognizer.createStream();
  }

  peek(samples: Float32Array): UtteranceTokens {
    const base = this.fed;
    for (const piece of [samples, OPEN_TAIL_PADDING]) {
      this.stream.acceptWaveform({ samples: piece, sampleRate: SAMPLE_RATE });
      this.fed += piece.length;
    }
    while (this.recognizer.isReady(this.stream)) this.recognizer.decode(this.stream);
    const tokens = tokensOf(this.recognizer, this.stream, base / SAMPLE_RATE);
    this.recognizer.reset(this.stream);
    return tokens;
  }
}
