// The New transcription form keeps text as typed; this turns it into a `POST /v2/pre-recorded` body. It checks
// nothing the API checks: the API's own validation errors are shown next to the fields (validation-errors.ts).

export type SubtitleFormat = 'srt' | 'vtt';
export type SummaryType = 'general' | 'bullet_points' | 'concise';

export interface TranscriptionForm {
  model: string;
  /** Empty: the language is detected. */
  languages: string[];
  codeSwitching: boolean;
  subtitles: boolean;
  subtitleFormats: SubtitleFormat[];
  subtitleMinDuration: string;
  subtitleMaxDuration: string;
  subtitleMaxCharacters: string;
  subtitleMaxRows: string;
  subtitleStyle: 'default' | 'compliance';
  diarization: boolean;
  numberOfSpeakers: string;
  minSpeakers: string;
  maxSpeakers: string;
  translation: boolean;
  targetLanguages: string[];
  translationModel: 'base' | 'enhanced';
  summarization: boolean;
  summaryType: SummaryType;
  namedEntityRecognition: boolean;
  sentimentAnalysis: boolean;
  sentences: boolean;
  piiRedaction: boolean;
  piiEntityTypes: string[];
  piiTextType: 'MARKER' | 'MASK';
  customVocabulary: boolean;
  /** One entry per line. */
  vocabulary: string;
  vocabularyIntensity: string;
  customSpelling: boolean;
  /** One rule per line: `Right spelling: wrong one, other wrong one`. */
  spelling: string;
  audioToLlm: boolean;
  /** One prompt per line. */
  prompts: string;
  /** A JSON object, or empty. */
  customMetadata: string;
}

export const DEFAULT_FORM: TranscriptionForm = {
  model: 'solaria-1',
  languages: [],
  codeSwitching: false,
  subtitles: false,
  subtitleFormats: ['srt'],
  subtitleMinDuration: '',
  subtitleMaxDuration: '',
  subtitleMaxCharacters: '',
  subtitleMaxRows: '',
  subtitleStyle: 'default',
  diarization: false,
  numberOfSpeakers: '',
  minSpeakers: '',
  maxSpeakers: '',
  translation: false,
  targetLanguages: [],
  translationModel: 'base',
  summarization: false,
  summaryType: 'general',
  namedEntityRecognition: false,
  sentimentAnalysis: false,
  sentences: false,
  piiRedaction: false,
  piiEntityTypes: [],
  piiTextType: 'MARKER',
  customVocabulary: false,
  vocabulary: '',
  vocabularyIntensity: '',
  customSpelling: false,
  spelling: '',
  audioToLlm: false,
  prompts: '',
  customMetadata: '',
};

/** Field prefixes each form section owns, for placing the API's validation errors. */
export const SECTION_FIELDS = {
  model: ['model'],
  language: ['language_config', 'language', 'detect_language'],
  subtitles: ['subtitles', 'subtitles_config'],
  diarization: ['diarization', 'diarization_config'],
  translation: ['translation', 'translation_config'],
  summarization: ['summarization', 'summarization_config'],
  pii: ['pii_redaction', 'pii_redaction_config'],
  vocabulary: ['custom_vocabulary', 'custom_vocabulary_config'],
  spelling: ['custom_spelling', 'custom_spelling_config'],
  audioToLlm: ['audio_to_llm', 'audio_to_llm_config'],
  metadata: ['custom_metadata'],
} as const;

export type FormSection = keyof typeof SECTION_FIELDS;

/** A number field: empty is "not set"; anything else goes to the API as a number, or as typed if not one. */
function numberField(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Drops keys whose value is undefined, so "not set" is absent from the body. */
function compact(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

export function parseSpelling(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of lines(text)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const right = line.slice(0, colon).trim();
    const wrong = line
      .slice(colon + 1)
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (right && wrong.length) out[right] = [...(out[right] ?? []), ...wrong];
  }
  return out;
}

export class MetadataSyntaxError extends Error {}

/** The body options (everything but `audio_url`). Throws MetadataSyntaxError when custom metadata is not JSON. */
export function buildTranscriptionOptions(form: TranscriptionForm): Record<string, unknown> {
  const body: Record<string, unknown> = { model: form.model };
  if (form.languages.length || form.codeSwitching) {
    body.language_config = { languages: form.languages, code_switching: form.codeSwitching };
  }
  if (form.subtitles) {
    body.subtitles = true;
    body.subtitles_config = compact({
      formats: form.subtitleFormats,
      minimum_duration: numberField(form.subtitleMinDuration),
      maximum_duration: numberField(form.subtitleMaxDuration),
      maximum_characters_per_row: numberField(form.subtitleMaxCharacters),
      maximum_rows_per_caption: numberField(form.subtitleMaxRows),
      style: form.subtitleStyle,
    });
  }
  if (form.diarization) {
    body.diarization = true;
    const config = compact({
      number_of_speakers: numberField(form.numberOfSpeakers),
      min_speakers: numberField(form.minSpeakers),
      max_speakers: numberField(form.maxSpeakers),
    });
    if (Object.keys(config).length) body.diarization_config = config;
  }
  if (form.translation) {
    body.translation = true;
    body.translation_config = { target_languages: form.targetLanguages, model: form.translationModel };
  }
  if (form.summarization) {
    body.summarization = true;
    body.summarization_config = { type: form.summaryType };
  }
  if (form.namedEntityRecognition) body.named_entity_recognition = true;
  if (form.sentimentAnalysis) body.sentiment_analysis = true;
  if (form.sentences) body.sentences = true;
  if (form.piiRedaction) {
    body.pii_redaction = true;
    body.pii_redaction_config = compact({
      entity_types: form.piiEntityTypes.length ? form.piiEntityTypes : undefined,
      processed_text_type: form.piiTextType,
    });
  }
  if (form.customVocabulary) {
    body.custom_vocabulary = true;
    body.custom_vocabulary_config = compact({
      vocabulary: lines(form.vocabulary),
      default_intensity: numberField(form.vocabularyIntensity),
    });
  }
  if (form.customSpelling) {
    body.custom_spelling = true;
    body.custom_spelling_config = { spelling_dictionary: parseSpelling(form.spelling) };
  }
  if (form.audioToLlm) {
    body.audio_to_llm = true;
    body.audio_to_llm_config = { prompts: lines(form.prompts) };
  }
  if (form.customMetadata.trim()) {
    try {
      body.custom_metadata = JSON.parse(form.customMetadata) as unknown;
    } catch {
      throw new MetadataSyntaxError('Custom metadata must be a JSON object, e.g. {"project": "interviews"}');
    }
  }
  return body;
}
