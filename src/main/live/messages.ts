import type { LiveCallbackConfig, MessagesConfig } from '../../shared/schemas/live';

/** Every server → client message carries these (PROTOCOL §5.4). */
export interface LiveMessage {
  type: string;
  session_id: string;
  created_at: string;
  [field: string]: unknown;
}

type Flags = MessagesConfig | LiveCallbackConfig;

/** Which `receive_*` flag lets a message through (spec §6.1 / §6.2, PROTOCOL §5.4). */
export function isWanted(message: LiveMessage, flags: Flags): boolean {
  switch (message.type) {
    case 'audio_chunk':
    case 'stop_recording':
      return flags.receive_acknowledgments;
    case 'transcript':
      return (message.data as { is_final: boolean }).is_final
        ? flags.receive_final_transcripts
        : flags.receive_partial_transcripts;
    case 'speech_start':
    case 'speech_end':
      return flags.receive_speech_events;
    case 'translation':
    case 'named_entity_recognition':
    case 'sentiment_analysis':
      return flags.receive_realtime_processing_events;
    case 'post_transcript':
    case 'post_final_transcript':
    case 'post_summarization':
      return flags.receive_post_processing_events;
    case 'start_session':
    case 'start_recording':
    case 'end_recording':
    case 'end_session':
      return flags.receive_lifecycle_events;
    case 'error':
      return flags.receive_errors;
    default:
      return false;
  }
}

export function message(sessionId: string, type: string, fields: Record<string, unknown> = {}): LiveMessage {
  return { type, session_id: sessionId, created_at: new Date().toISOString(), ...fields };
}

export const ack = (
  sessionId: string,
  type: 'audio_chunk' | 'stop_recording',
  data: unknown,
  error?: string,
) =>
  message(sessionId, type, {
    acknowledged: error === undefined,
    error: error === undefined ? null : { message: error },
    data: error === undefined ? data : null,
  });

/** WebSocket close codes: 1000 ends the session; 44xx are fatal to the client (PROTOCOL §5.7, no retry). */
export const CLOSE = {
  done: 1000,
  tooLarge: 1009,
  unknownSession: 4404,
  sessionFinished: 4410,
  replaced: 4409,
  idle: 4408,
} as const;
