import { randomBytes } from 'node:crypto';
import type { LiveParams } from '../../shared/schemas/live';
import type { Utterance } from '../../shared/transcript';
import { LiveAudioDecoder } from '../audio/live-decoder';
import { bytesPerSecond, type LiveAudioFormat } from '../audio/live-format';
import { WavRecorder } from '../audio/wav-recorder';
import type { LiveEnginePool, LiveStream, LiveStreamEvent } from '../engine/live-pool';
import type { InstalledModel } from '../engine/models';
import type { CallbackSender } from '../jobs/callbacks';
import type { FileStore } from '../jobs/file-store';
import type { JobStore } from '../jobs/job-store';
import { buildTranscription, spaceWords } from '../jobs/pre-recorded/transcription';
import { ack, CLOSE, isWanted, message, type LiveMessage } from './messages';
import type { LiveTransport } from './transport';
import { LiveAddons } from './realtime-addons';
import { vocabularyHotwords } from '../addons/custom-vocabulary';
import type { LlmClient } from '../addons/llm';

export interface SessionDeps {
  jobs: JobStore;
  files: FileStore;
  pool: LiveEnginePool;
  callbacks: CallbackSender;
  /** The configured language model for realtime translation and summaries, if any. */
  llm: LlmClient | null;
  log: (message: string, error?: unknown) => void;
}

export type EndReason = 'stop_recording' | 'client_closed' | 'idle' | 'shutdown';

const round = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * One live session: audio in over one WebSocket at a time (a dropped client reconnects to the same URL), acks with
 * cumulative byte ranges, streaming recognition per channel, and on stop the post-processing messages, the stored
 * result and close 1000 (PROTOCOL §5).
 */
export class LiveSession {
  readonly token = randomBytes(24).toString('base64url');
  readonly format: LiveAudioFormat;
  private socket: LiveTransport | null = null;
  private state: 'waiting' | 'recording' | 'ending' | 'finished' = 'waiting';
  private bytes = 0;
  private readonly decoder: LiveAudioDecoder;
  private recorder: WavRecorder | null = null;
  private streams: LiveStream[] = [];
  private readonly finals: Utterance[] = [];
  private readonly recorded: string[] = [];
  /** Audio frames are handled strictly in order, after the recording file is open. */
  private chain: Promise<void> = Promise.resolve();
  private ending: Promise<void> | null = null;
  private readonly startedAt = performance.now();
  private readonly addons: LiveAddons;
  lastActivity = Date.now();

  constructor(
    readonly id: string,
    readonly owner: string,
    readonly params: LiveParams,
    private readonly model: { model: InstalledModel; language: string },
    private readonly deps: SessionDeps,
  ) {
    this.format = {
      encoding: params.encoding,
      bitDepth: params.bit_depth as LiveAudioFormat['bitDepth'],
      sampleRate: params.sample_rate,
      channels: params.channels,
    };
    this.decoder = new LiveAudioDecoder(this.format);
    this.addons = new LiveAddons(id, params, deps.llm, (msg) => this.send(msg));
    // The session starts at creation, before any socket: only callbacks hear of it (PROTOCOL §5.4).
    this.toCallback(message(id, 'start_session'));
  }

  get finished(): boolean {
    return this.state === 'finished';
  }

  get connected(): boolean {
    return this.socket !== null;
  }

  attach(socket: LiveTransport): void {
    if (this.state === 'ending' || this.state === 'finished') {
      socket.close(CLOSE.sessionFinished, 'session already finished');
      return;
    }
    this.socket?.close(CLOSE.replaced, 'replaced by a new connection');
    this.socket = socket;
    this.lastActivity = Date.now();
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onFrame(socket, data, isBinary));
    socket.on('close', (code: number) => this.onClose(socket, code));
    socket.on('error', (error) => this.deps.log(`live ${this.id} socket error`, error));
  }

  /** Ends the session: remaining audio, post-processing messages, stored result, close 1000. Idempotent. */
  end(reason: EndReason): Promise<void> {
    this.ending ??= this.finish(reason).catch((error: unknown) => {
      this.deps.log(`live ${this.id} failed`, error);
      this.deps.jobs.fail(this.id, 500, `Live session failed: ${(error as Error).message}`);
      this.state = 'finished';
      this.socket?.close(1011, 'internal error');
    });
    return this.ending;
  }

  private onFrame(socket: LiveTransport, data: Buffer, isBinary: boolean): void {
    if (socket !== this.socket) return;
    this.lastActivity = Date.now();
    if (isBinary) return this.onAudio(data);
    let frame: { type?: unknown; data?: { chunk?: unknown } };
    try {
      frame = JSON.parse(data.toString('utf8'));
    } catch {
      return this.send(
        message(this.id, 'error', { error: { message: 'Frame is neither binary audio nor JSON' } }),
      );
    }
    if (frame?.type === 'stop_recording') {
      void this.end('stop_recording');
    } else if (frame?.type === 'audio_chunk' && typeof frame.data?.chunk === 'string') {
      // An empty chunk is a keep-alive (pipecat sends one every few seconds of silence).
      if (frame.data.chunk.length > 0) this.onAudio(Buffer.from(frame.data.chunk, 'base64'));
    } else {
      this.send(
        message(this.id, 'error', { error: { message: `Unsupported message type: ${String(frame?.type)}` } }),
      );
    }
  }

  private onAudio(bytes: Buffer): void {
    if (this.state === 'ending' || this.state === 'finished') {
      this.send(
        ack(this.id, 'audio_chunk', null, 'The recording is stopped; audio after stop_recording is ignored'),
      );
      return;
    }
    if (this.state === 'waiting') this.startRecording();
    const start = this.bytes;
    this.bytes += bytes.length;
    const end = this.bytes;
    this.chain = this.chain.then(() => {
      this.feed(this.decoder.push(bytes));
      const bps = bytesPerSecond(this.format);
      this.send(
        ack(this.id, 'audio_chunk', {
          byte_range: [start, end],
          time_range: [round(start / bps), round(end / bps)],
        }),
      );
    });
  }

  private startRecording(): void {
    this.state = 'recording';
    this.deps.jobs.markProcessing(this.id);
    const file = this.deps.files.createRecording(this.id, this.owner, this.format.channels);
    this.deps.jobs.attachFile(this.id, file.id);
    const path = this.deps.files.absolutePath(file);
    this.chain = this.chain.then(async () => {
      this.recorder = await WavRecorder.open(path, this.format.sampleRate, this.format.channels);
    });
    const rt = this.params.realtime_processing;
    const hotwords =
      rt.custom_vocabulary && rt.custom_vocabulary_config
        ? vocabularyHotwords(rt.custom_vocabulary_config)
        : undefined;
    const partials =
      this.params.messages_config.receive_partial_transcripts ||
      (this.params.callback && this.params.callback_config.receive_partial_transcripts);
    for (let channel = 0; channel < this.format.channels; channel++) {
      this.streams.push(
        this.deps.pool.openStream(
          {
            model: this.model.model,
            language: this.model.language,
            channel,
            endpointing: this.params.endpointing,
            maxDurationWithoutEndpointing: this.params.maximum_duration_without_endpointing,
            speechThreshold: this.params.pre_processing.speech_threshold,
            hotwords,
            partials,
          },
          (event) => this.onStreamEvent(event),
        ),
      );
    }
    this.send(message(this.id, 'start_recording'));
  }

  private feed(audio: { pcm16k: Float32Array[]; original: Int16Array }): void {
    if (audio.original.length > 0) this.recorder?.append(audio.original);
    audio.pcm16k.forEach((samples, channel) => {
      if (samples.length > 0) this.streams[channel]?.push(samples);
    });
  }

  private onStreamEvent(event: LiveStreamEvent): void {
    switch (event.type) {
      case 'speech_start':
      case 'speech_end':
        return this.send(
          message(this.id, event.type, { data: { time: round(event.time), channel: event.channel } }),
        );
      case 'partial':
      case 'final': {
        // Words joined give the text, as in pre-recorded results (PROTOCOL §4.2).
        const utterance = this.addons.rewrite(spaceWords([event.utterance])[0]!);
        if (event.type === 'final') this.finals.push(utterance);
        this.send(
          message(this.id, 'transcript', {
            data: { id: event.id, is_final: event.type === 'final', utterance },
          }),
        );
        if (event.type === 'final') this.addons.onFinal(event.id, utterance);
        return;
      }
      case 'error':
        this.deps.log(`live ${this.id} stream error: ${event.message}`);
        return this.send(message(this.id, 'error', { error: { message: event.message } }));
    }
  }

  private onClose(socket: LiveTransport, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.lastActivity = Date.now();
    // 1000/1001: the client is done (PROTOCOL §5.3); anything else may be a drop the client recovers from by
    // reconnecting to the same URL, so the session waits (until the idle timeout).
    if ((code === 1000 || code === 1001) && this.state !== 'finished') void this.end('client_closed');
  }

  private async finish(reason: EndReason): Promise<void> {
    const wasRecording = this.state === 'recording';
    this.state = 'ending';
    await this.chain;
    if (wasRecording) this.feed(this.decoder.flush());
    const duration = this.bytes / bytesPerSecond(this.format);
    if (reason === 'stop_recording') {
      const left = Math.max(0, ...this.streams.map((s) => s.pendingSeconds));
      this.send(
        ack(this.id, 'stop_recording', {
          recording_duration: round(duration),
          recording_left_to_process: round(left),
        }),
      );
    }
    await Promise.all(this.streams.map((s) => s.finish()));
    await this.recorder?.close();
    this.send(message(this.id, 'end_recording', { data: { recording_duration: round(duration) } }));

    await this.addons.drain();
    const transcription = buildTranscription(this.finals, [this.model.language]);
    this.send(message(this.id, 'post_transcript', { data: transcription }));
    const warnings: string[] = [];
    const blocks = await this.addons.postProcess(transcription, warnings);
    const metadata = {
      audio_duration: round(duration),
      number_of_distinct_channels: this.format.channels,
      billing_time: round(duration * this.format.channels),
      transcription_time: round((performance.now() - this.startedAt) / 1000),
    };
    this.send(message(this.id, 'post_final_transcript', { data: { metadata, transcription, ...blocks } }));
    this.addons.sendSummary(blocks);
    this.send(message(this.id, 'end_session'));

    const fileId = this.recorder ? this.id : null;
    if (fileId && this.recorder)
      this.deps.files.finishRecording(fileId, this.recorder.bytesWritten, duration);
    this.deps.jobs.complete(
      this.id,
      { metadata, transcription, ...blocks, messages: this.recorded },
      { end_reason: reason, ...(warnings.length ? { warnings } : {}) },
    );
    this.state = 'finished';
    this.socket?.close(CLOSE.done, 'session ended');
    this.socket = null;
  }

  /** Sends a message where `messages_config` lets it through, records it, and forwards it to the callback. */
  private send(msg: LiveMessage): void {
    if (isWanted(msg, this.params.messages_config)) {
      if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(msg));
      // Acks are bookkeeping for resuming, not content: a long session would store tens of thousands of them.
      if (msg.type !== 'audio_chunk') this.recorded.push(JSON.stringify(msg));
    }
    this.toCallback(msg);
  }

  private toCallback(msg: LiveMessage): void {
    const { callback, callback_config } = this.params;
    if (callback && callback_config.url && isWanted(msg, callback_config)) {
      this.deps.callbacks.send({
        url: callback_config.url,
        method: 'POST',
        body: { id: this.id, event: `live.${msg.type}`, payload: msg },
      });
    }
  }
}
