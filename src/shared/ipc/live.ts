import type { Utterance } from '../transcript';

/**
 * An input device. `browser` devices are captured by the renderer (getUserMedia) and streamed to `/v2/live`;
 * `native` devices are captured in the core's process (ffmpeg: PulseAudio/ALSA, AVFoundation, DirectShow).
 */
export interface LiveDevice {
  id: string;
  label: string;
  source: 'browser' | 'native';
  isDefault: boolean;
}

export interface LiveDevices {
  devices: LiveDevice[];
  /** Whether the core can capture itself; when not, `reason` says why (shown next to the device list). */
  nativeCapture: { available: boolean; reason: string | null };
}

export interface LiveStartInput {
  deviceId: string;
  /**
   * `POST /v2/live` options (model, language_config, endpointing, realtime_processing, custom_metadata, …). The
   * audio format fields (encoding, bit_depth, sample_rate, channels) are set by the capture; partial transcripts
   * are always requested.
   */
  params?: Record<string, unknown>;
}

export interface LiveStarted {
  /** The live job's id: the finished session appears under this id in Jobs, with its audio. */
  sessionId: string;
  startedAt: string;
}

export type LiveState = 'connecting' | 'recording' | 'stopping' | 'ended' | 'error';

export interface LiveCaptionEvent {
  sessionId: string;
  /** Partials and the final of one utterance share this id: replace the partial when the final arrives. */
  utteranceId: string;
  isFinal: boolean;
  utterance: Utterance;
}

/**
 * The caption a `/v2/live` server message carries (a `transcript` message, partial or final), or null for any other
 * message and for text that is not JSON.
 */
export function captionOf(sessionId: string, text: string): LiveCaptionEvent | null {
  let message: { type?: string; data?: { id?: string; is_final?: boolean; utterance?: Utterance } };
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (message.type !== 'transcript' || !message.data?.utterance) return null;
  return {
    sessionId,
    utteranceId: String(message.data.id ?? ''),
    isFinal: message.data.is_final === true,
    utterance: message.data.utterance,
  };
}

export interface LiveLevelEvent {
  sessionId: string;
  /** Linear 0..1 over the last ~100 ms. */
  rms: number;
  peak: number;
}

export interface LiveStateEvent {
  sessionId: string;
  state: LiveState;
  /** Seconds of audio sent so far. */
  elapsedS: number;
  error: string | null;
}
