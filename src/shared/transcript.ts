// Shapes of the /v2 result objects (spec §2.6, PROTOCOL §4.2). Shared by the server, the add-ons and the UI.

export interface Word {
  word: string;
  /** Seconds from the start of the original file. */
  start: number;
  end: number;
  confidence: number;
}

export interface Utterance {
  start: number;
  end: number;
  confidence: number;
  channel: number;
  speaker?: number;
  words: Word[];
  /** Gladia's texts carry a leading space (PROTOCOL §4.2); we keep `text` trimmed and words space-prefixed. */
  text: string;
  language: string;
}

/** One sentence of an utterance, with its words' times (the sentences add-on; its API results are the texts). */
export interface Sentence {
  text: string;
  start: number;
  end: number;
  confidence: number;
  channel: number;
  speaker?: number;
  language: string;
  words: Word[];
}

export interface Subtitle {
  format: 'srt' | 'vtt';
  subtitles: string;
}

export interface Transcription {
  full_transcript: string;
  languages: string[];
  utterances: Utterance[];
  /** The sentences add-on's blocks (spec §2.6: an array of `sentences` wrappers whose results are texts). */
  sentences?: AddonResult<string[]>[];
  subtitles?: Subtitle[];
}

export interface ResultMetadata {
  audio_duration: number;
  number_of_distinct_channels: number;
  billing_time: number;
  transcription_time: number;
}

export interface AddonError {
  status_code: number;
  exception: string;
  message: string;
}

/** The wrapper every add-on result uses (spec §2.6). */
export interface AddonResult<T> {
  success: boolean;
  is_empty: boolean;
  exec_time: number;
  error: AddonError | null;
  results: T | null;
}

export interface PreRecordedResult {
  metadata: ResultMetadata;
  transcription?: Transcription;
  [addon: string]: unknown;
}
