// Codes of spec §2.7 that are not today's ISO 639 codes, mapped to the ones Intl knows.
const ALIASES: Record<string, string> = { jw: 'jv' };

let names: Intl.DisplayNames | undefined;

/** The English name of a language code for prompts ("French (fr)"); the bare code when the runtime lacks it. */
export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const name = names.of(ALIASES[code] ?? code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Languages written without spaces between words: their translated words are cut by Intl.Segmenter. */
const UNSPACED = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my', 'bo']);

export const isUnspaced = (code: string): boolean => UNSPACED.has(code);
