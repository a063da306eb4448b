import type { Utterance } from '../../shared/transcript';
import { buildUtterances, STREAMING_EMISSION_DELAY_SEC, wordSpans } from './assemble';
import { AudioRing } from './audio-ring';
import { quietestPoint } from './energy';
import type { Peeker, UtteranceDecoder, UtteranceTokens } from './live-decoder';
import type { LiveStreamEvent } from './live-protocol';
import { SAMPLE_RATE } from './protocol';
import { sentenceCase } from './text-case';
import { replayLength, SpeechDetector } from './live-vad';

// Worker side: one live channel. The VAD decides where utterances start and end; only speech (plus a little
// lead-in) reaches the recogniser. An utterance ends when the VAD has heard `endpointing` seconds of silence,
// or is cut when it reaches the maximum duration; the recogniser is then flushed and the final emitted.

const SEC = SAMPLE_RATE;
/** Audio kept for looking back: the VAD reports a start ~0.3 s late, early partials re-read ≤ 1.2 s. */
const HISTORY = 4 * SEC;
/** Input is processed in pieces no longer than this, so that the history always holds what is re-read. */
const PIECE = SEC;
/** Audio before the VAD's speech start given to the recogniser (VAD onsets clip soft word starts). */
const LEAD_IN = Math.round(0.2 * SEC);
/**
 * An utterance that starts right where the previous one ended (after a cut, or after a pause just longer
 * than `endpointing`) is decoded with this much of the audio before it, whose words are then dropped: a
 * recogniser started cold on a word tends to miss or garble it ("an ill" → "and they all").
 */
const CONTEXT = Math.round(0.5 * SEC);
/** A word that starts this little before the utterance still belongs to it (token times are approximate). */
const CONTEXT_TOLERANCE = 0.05;
/** Early partials: while the streaming decode has nothing yet (it lags ~0.6 s), re-decode the young utterance
 * on its own with a silent tail, at most every 100 ms of audio and up to 1.2 s into the utterance. */
const PEEK_EVERY = Math.round(0.1 * SEC);
const PEEK_UNTIL = Math.round(1.2 * SEC);
const PEEK_FROM = Math.round(0.15 * SEC);
/**
 * An utterance cut at the maximum duration keeps its words but the last one (likely cut in two); the next
 * utterance starts at the quietest point around that word's start and decodes it again, whole.
 */
const CUT_SEARCH_BEFORE = Math.round(0.3 * SEC);
const CUT_SEARCH_AFTER = Math.round(0.05 * SEC);
/** A last word that started longer ago than this was not cut (speech paused since): keep everything. */
const CUT_MAX_REDO = Math.round(1.5 * SEC);
/** Audio replayed into the VAD after a cut, enough for it to confirm speech that goes on. */
const VAD_REPLAY = replayLength(0.5);

export interface LiveChannelSetup {
  channel: number;
  language: string;
  /** Seconds. */
  endpointing: number;
  maxDurationWithoutEndpointing: number;
  speechThreshold: number;
  partials: boolean;
  /** False when the model writes in capitals only (its text is put in sentence case). */
  cased: boolean;
  decoder: UtteranceDecoder;
  /** Shared by the channels of a worker: decodes early partials. */
  peeker: Peeker;
}

interface OpenUtterance {
  /** Absolute sample index of its first sample. */
  start: number;
  /** Index in the channel's utterance ids, given when its first event goes out. */
  index?: number;
  lastPartial?: Utterance;
  peekedAt: number;
  /** Samples of earlier audio decoded before `start` (see CONTEXT). */
  context: number;
  /** It goes on with the sentence of an utterance that was cut. */
  continues: boolean;
}

/** Token times from the utterance start, without the words spoken before it (in the context audio). */
function dropContext(tokens: UtteranceTokens, contextSec: number): UtteranceTokens {
  const timestamps = tokens.timestamps.map((t) => t - contextSec);
  const words = wordSpans(tokens.tokens).map(([a]) => a);
  const first = words.find((i) => timestamps[i]! - STREAMING_EMISSION_DELAY_SEC >= -CONTEXT_TOLERANCE);
  const from = first ?? tokens.tokens.length;
  return {
    tokens: tokens.tokens.slice(from),
    timestamps: timestamps.slice(from),
    logProbs: tokens.logProbs.slice(from),
  };
}

export class LiveChannel {
  private readonly ring = new AudioRing(HISTORY);
  private readonly detector: SpeechDetector;
  private readonly cap: number;
  private readonly grace: number;
  private events: LiveStreamEvent[] = [];
  private speaking = false;
  private speechStart = 0;
  /** After a cut, the restarted VAD has until then to confirm that the speech goes on. */
  private graceUntil: number | undefined;
  private utterance: OpenUtterance | undefined;
  /** The recogniser has received the audio up to this absolute index. */
  private fedTo = 0;
  /** Where the last utterance ended: the next one starts no earlier (its words come after). */
  private lastUtteranceEnd = 0;
  private nextIndex = 0;

  constructor(private readonly setup: LiveChannelSetup) {
    this.cap = Math.round(setup.maxDurationWithoutEndpointing * SEC);
    this.detector = new SpeechDetector({
      threshold: setup.speechThreshold,
      minSilenceSec: setup.endpointing,
      maxSegmentSec: setup.maxDurationWithoutEndpointing,
    });
    this.grace = Math.round((setup.endpointing + 0.35) * SEC);
  }

  /** The events produced since the last call. */
  takeEvents(): LiveStreamEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  accept(samples: Float32Array): void {
    for (let offset = 0; offset < samples.length; offset += PIECE) {
      this.ring.write(samples.subarray(offset, offset + PIECE));
      while (this.detector.position + this.detector.nextBlock <= this.ring.end) {
        const from = this.detector.position;
        const block = this.ring.read(from, from + this.detector.nextBlock);
        this.onWindow(block, from + block.length);
      }
      if (this.utterance) this.feed(this.ring.end);
    }
  }

  /** After a batch of input: decode what is ready and, when wanted, report a partial. */
  afterInput(): void {
    const u = this.utterance;
    if (!u) return;
    this.setup.decoder.decode();
    if (!this.setup.partials) return;
    const tokens = this.ownTokens(u, this.setup.decoder.current());
    if (tokens.tokens.length > 0) this.partial(u, tokens);
    else this.peek(u);
  }

  /** End of the audio: the utterance in progress is final. */
  finish(): void {
    if (this.utterance) this.feed(this.ring.end);
    if (this.speaking) this.endSpeech(this.ring.end, this.ring.end);
  }

  dispose(): void {
    this.detector.release();
  }

  private onWindow(block: Float32Array, at: number): void {
    const edge = this.detector.accept(block);
    if (!this.speaking) {
      if (edge?.type === 'start') this.startSpeech(edge.at, at);
      return;
    }
    this.feed(at);
    if (edge?.type === 'start') this.graceUntil = undefined; // the restarted VAD found the speech again
    // The utterance's audio goes on to here, but its words end with the speech: the next utterance may start
    // before this point (the VAD confirms the silence `endpointing` late, the next words may have begun).
    if (edge?.type === 'end') return this.endSpeech(edge.at, edge.at);
    // The restarted VAD heard no speech: it ended at the cut.
    if (this.graceUntil !== undefined && at >= this.graceUntil)
      return this.endSpeech(this.utterance!.start, at);
    if (at - this.utterance!.start >= this.cap) this.cut(at);
  }

  private startSpeech(start: number, now: number): void {
    this.speaking = true;
    this.speechStart = start;
    this.emit({ type: 'speech_start', time: start / SEC, channel: this.setup.channel });
    const lead = start - LEAD_IN;
    this.open(Math.max(lead, this.lastUtteranceEnd, this.ring.start), this.lastUtteranceEnd > lead);
    this.feed(now);
  }

  /** `bound`: where the utterance's words must end. */
  private endSpeech(end: number, bound: number): void {
    this.speaking = false;
    this.graceUntil = undefined;
    const time = Math.max(end, this.speechStart) / SEC;
    this.emit({ type: 'speech_end', time, channel: this.setup.channel });
    this.close(bound);
  }

  /** Speech went on for the maximum duration: final for what was said, the next utterance goes on from there. */
  private cut(at: number): void {
    const u = this.utterance!;
    const { tokens, boundary } = this.cutPoint(u, this.ownTokens(u, this.setup.decoder.finish()), at);
    this.utterance = undefined;
    this.final(u, tokens, boundary);
    this.open(boundary, true, true);
    this.feed(at);
    const replay = this.ring.read(at - VAD_REPLAY, at);
    this.graceUntil = this.detector.restart(at, replay) ? undefined : at + this.grace;
  }

  /** Where to cut, and the tokens before it: all but the last word, unless that word is long over. */
  private cutPoint(
    u: OpenUtterance,
    tokens: UtteranceTokens,
    at: number,
  ): { tokens: UtteranceTokens; boundary: number } {
    const spans = wordSpans(tokens.tokens).filter(
      ([a, b]) => tokens.tokens.slice(a, b).join('').trim() !== '',
    );
    const first = spans[spans.length - 1]?.[0];
    if (spans.length < 2 || first === undefined) return { tokens, boundary: at };
    const lastStart = u.start + Math.round((tokens.timestamps[first]! - STREAMING_EMISSION_DELAY_SEC) * SEC);
    const from = Math.max(u.start, this.ring.start, lastStart - CUT_SEARCH_BEFORE);
    const to = Math.min(at, lastStart + CUT_SEARCH_AFTER);
    if (at - lastStart > CUT_MAX_REDO || to - from < CUT_SEARCH_AFTER) return { tokens, boundary: at };
    const boundary = from + quietestPoint(this.ring.read(from, to), 0, to - from);
    const kept = {
      tokens: tokens.tokens.slice(0, first),
      timestamps: tokens.timestamps.slice(0, first),
      logProbs: tokens.logProbs.slice(0, first),
    };
    return { tokens: kept, boundary };
  }

  private open(start: number, withContext = false, continues = false): void {
    this.setup.decoder.begin();
    const from = withContext ? Math.max(this.ring.start, start - CONTEXT) : start;
    if (from < start) this.setup.decoder.accept(this.ring.read(from, start));
    this.fedTo = start;
    this.utterance = { start, peekedAt: start, context: start - from, continues };
  }

  private close(bound: number): void {
    const u = this.utterance;
    if (!u) return;
    this.utterance = undefined;
    this.final(
      u,
      this.ownTokens(u, this.setup.decoder.finish()),
      Math.max(u.start, Math.min(bound, this.fedTo)),
    );
  }

  /** Emits the final of `u`, whose words end by `end`. */
  private final(u: OpenUtterance, tokens: UtteranceTokens, end: number): void {
    const utterance = this.build(u, tokens, end) ?? u.lastPartial;
    if (utterance) this.emit({ type: 'final', id: this.idOf(u), utterance });
    this.lastUtteranceEnd = end;
  }

  private feed(to: number): void {
    if (to <= this.fedTo) return;
    this.setup.decoder.accept(this.ring.read(this.fedTo, to));
    this.fedTo = to;
  }

  /** Before the streaming decode has anything, decode the utterance so far on its own for a first partial. */
  private peek(u: OpenUtterance): void {
    const age = this.fedTo - u.start;
    if (age < PEEK_FROM || age > PEEK_UNTIL || this.fedTo - u.peekedAt < PEEK_EVERY) return;
    u.peekedAt = this.fedTo;
    this.partial(
      u,
      this.ownTokens(u, this.setup.peeker.peek(this.ring.read(u.start - u.context, this.fedTo))),
    );
  }

  private partial(u: OpenUtterance, tokens: UtteranceTokens): void {
    const utterance = this.build(u, tokens);
    if (!utterance || utterance.text === u.lastPartial?.text) return;
    // The streaming decode trails the early partials: wait until it has caught up rather than step back.
    if (u.lastPartial && utterance.words.length < u.lastPartial.words.length) return;
    u.lastPartial = utterance;
    this.emit({ type: 'partial', id: this.idOf(u), utterance });
  }

  /** The tokens of `u` (decoded from its context on), with times from its start. */
  private ownTokens(u: OpenUtterance, decoded: UtteranceTokens): UtteranceTokens {
    return u.context > 0 ? dropContext(decoded, u.context / SEC) : decoded;
  }

  private build(u: OpenUtterance, tokens: UtteranceTokens, end = this.fedTo): Utterance | undefined {
    const segment = {
      channel: this.setup.channel,
      start: u.start / SEC,
      end: end / SEC,
      result: { ...tokens, cased: this.setup.cased },
    };
    const options = {
      language: this.setup.language,
      pauseSec: Infinity,
      emissionDelaySec: STREAMING_EMISSION_DELAY_SEC,
    };
    const utterance = buildUtterances([segment], options)[0];
    if (utterance && u.continues && !this.setup.cased) {
      // Sentence case, but the sentence began in the previous utterance.
      const first = utterance.words[0]!;
      const word = sentenceCase(['', first.word])[1]!;
      utterance.text = word + utterance.text.slice(first.word.length);
      first.word = word;
    }
    return utterance;
  }

  private idOf(u: OpenUtterance): string {
    u.index ??= this.nextIndex++;
    const channel = String(this.setup.channel).padStart(2, '0');
    return `${channel}_${String(u.index).padStart(8, '0')}`;
  }

  private emit(event: LiveStreamEvent): void {
    this.events.push(event);
  }
}
