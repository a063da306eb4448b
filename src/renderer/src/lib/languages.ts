import { TRANSCRIPTION_LANGUAGES, TRANSLATION_LANGUAGES } from '../../../shared/schemas/languages';

export interface Option {
  value: string;
  label: string;
}

let names: Intl.DisplayNames | undefined;

/** `fr` → `French (fr)`; falls back to the code where the browser has no name for it. */
export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' });
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

export const TRANSCRIPTION_LANGUAGE_OPTIONS: Option[] = TRANSCRIPTION_LANGUAGES.map((code) => ({
  value: code,
  label: languageName(code),
})).sort(byLabel);

export const TRANSLATION_LANGUAGE_OPTIONS: Option[] = TRANSLATION_LANGUAGES.map((code) => ({
  value: code,
  label: languageName(code),
})).sort(byLabel);

/**
 * The API's model names (what the SDK sends). The engines behind them are the installed models (Settings); the
 * spec's neutral aliases (`alpha-*`) are accepted by the API but not offered twice here.
 */
export const API_MODELS: Option[] = [
  { value: 'solaria-1', label: 'solaria-1 (default)' },
  { value: 'solaria-3', label: 'solaria-3' },
  { value: 'solaria-fusion', label: 'solaria-fusion' },
];
