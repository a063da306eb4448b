import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PUNCTUATION_CATALOG, type PunctuationCatalogModel } from '../../engine/catalog';
import { fold, wordParts } from '../custom-spelling/word-edit';

// Punctuation models of the catalog (sherpa-onnx OnlinePunctuation / OfflinePunctuation), used when installed in
// the models dir. A model rewrites a whole text; alignOutput maps its output back onto the words so that times
// and confidences stay with them.

export interface TextPunctuator {
  id: string;
  languages: string[];
  /** Whether the model restores casing (otherwise the rules' sentence casing is applied). */
  casing: boolean;
  addPunct(text: string): string;
}

function installed(modelsDir: string, model: PunctuationCatalogModel): boolean {
  return model.files.every((f) => {
    const path = join(modelsDir, model.folder, f.name);
    try {
      return existsSync(path) && statSync(path).size > 0;
    } catch {
      return false;
    }
  });
}

/** Catalog punctuation models installed in `modelsDir`, best first (casing models before the others). */
export function installedPunctuationModels(modelsDir: string): PunctuationCatalogModel[] {
  return PUNCTUATION_CATALOG.filter((m) => installed(modelsDir, m)).sort(
    (a, b) => Number(b.casing) - Number(a.casing),
  );
}

const loaded = new Map<string, TextPunctuator>();

/** Loads (once per process) a catalog punctuation model from `modelsDir`. */
export async function loadPunctuator(
  modelsDir: string,
  model: PunctuationCatalogModel,
): Promise<TextPunctuator> {
  const dir = join(modelsDir, model.folder);
  const cached = loaded.get(dir);
  if (cached) return cached;
  const sherpa = await import('sherpa-onnx-node');
  const file = (name: string) => join(dir, name);
  const engine =
    model.runtime === 'online-cnn-bilstm'
      ? new sherpa.OnlinePunctuation({
          model: { cnnBilstm: file('model.int8.onnx'), bpeVocab: file('bpe.vocab'), numThreads: 1 },
        })
      : new sherpa.OfflinePunctuation({ model: { ctTransformer: file('model.int8.onnx'), numThreads: 1 } });
  const punctuator: TextPunctuator = {
    id: model.id,
    languages: model.languages,
    casing: model.casing,
    addPunct: (text) => engine.addPunct(text),
  };
  loaded.set(dir, punctuator);
  return punctuator;
}

const SKIPPABLE = /[\s\p{P}\p{S}]/u;

/**
 * Maps a model's punctuated text back onto the words it was given: each word gets the output's spelling of its
 * letters (for casing) and the punctuation that follows it. Returns null when the output does not contain the
 * words in order (the model changed a word), so the caller can fall back to the rules.
 */
export function alignOutput(cores: string[], output: string): { core: string; trail: string }[] | null {
  const chars = [...output];
  let p = 0;
  const result: { core: string; trail: string }[] = [];
  for (const core of cores) {
    const target = [...core];
    while (p < chars.length && SKIPPABLE.test(chars[p]!) && fold(chars[p]!) !== fold(target[0] ?? '')) p += 1;
    let written = '';
    for (const ch of target) {
      if (p >= chars.length || fold(chars[p]!) !== fold(ch)) return null;
      written += chars[p]!;
      p += 1;
    }
    let trail = '';
    while (p < chars.length && /[\p{P}]/u.test(chars[p]!) && !/\s/u.test(chars[p]!)) {
      trail += chars[p]!;
      p += 1;
    }
    result.push({ core: written, trail });
  }
  return result;
}

/** The words' cores (letters without the punctuation around them), as a model is given them. */
export function coresOf(words: string[]): string[] {
  return words.map((w) => wordParts(w).core);
}
