import { fold, wordParts, type Replacement } from './word-edit';

// Finds the dictionary's variants in a sequence of words: whole words only (so "cat" never matches inside
// "category"), case-insensitive, punctuation around a word ignored, a variant of several words matching as
// many consecutive words. At each position the longest variant wins; matches never overlap and replaced text
// is never matched again.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

interface VariantToken {
  /** Folded word, punctuation around it removed. */
  key: string;
  lead: string;
  trail: string;
}

interface Rule {
  correct: string;
  tokens: VariantToken[];
  /** Dictionary order, to break ties between variants of the same length. */
  order: number;
}

/** Splits a phrase into word tokens the way the engine splits a transcript: at spaces, and per CJK character. */
export function phraseTokens(phrase: string): string[] {
  return phrase
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .flatMap((token) => {
      if (!CJK.test(token)) return [token];
      // "北京站" is three words in a CJK transcript; non-CJK runs inside stay whole.
      return (
        token.match(
          /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu,
        ) ?? []
      );
    });
}

function variantTokens(variant: string): VariantToken[] {
  return phraseTokens(variant)
    .map((token) => {
      const parts = wordParts(token);
      return { key: fold(parts.core), lead: parts.lead.trim(), trail: parts.trail };
    })
    .filter((t) => t.key !== '');
}

export class SpellingMatcher {
  private readonly byFirst = new Map<string, Rule[]>();

  /** `dictionary` maps the correct spelling to the variants to replace with it (spec §2.3). */
  constructor(dictionary: Record<string, string[]>) {
    let order = 0;
    for (const [correct, variants] of Object.entries(dictionary)) {
      if (correct.trim() === '' || !Array.isArray(variants)) continue;
      for (const variant of variants) {
        if (typeof variant !== 'string') continue;
        const tokens = variantTokens(variant);
        if (tokens.length === 0) continue;
        const rule = { correct: correct.trim(), tokens, order: order++ };
        const list = this.byFirst.get(tokens[0]!.key) ?? [];
        list.push(rule);
        this.byFirst.set(tokens[0]!.key, list);
      }
    }
    for (const list of this.byFirst.values()) {
      list.sort((a, b) => b.tokens.length - a.tokens.length || a.order - b.order);
    }
  }

  get empty(): boolean {
    return this.byFirst.size === 0;
  }

  /** Non-overlapping replacements for a sequence of words (their texts), leftmost-longest. */
  match(words: string[]): Replacement[] {
    if (this.empty) return [];
    const keys = words.map((w) => fold(wordParts(w).core));
    const found: Replacement[] = [];
    let i = 0;
    while (i < keys.length) {
      const rule = (this.byFirst.get(keys[i]!) ?? []).find((r) =>
        r.tokens.every((t, k) => keys[i + k] === t.key),
      );
      if (!rule) {
        i += 1;
        continue;
      }
      const count = rule.tokens.length;
      const replacement: Replacement = {
        index: i,
        count,
        text: rule.correct,
        consumedLead: rule.tokens[0]!.lead,
        consumedTrail: rule.tokens[count - 1]!.trail,
      };
      if (!this.unchanged(words, replacement)) found.push(replacement);
      i += count;
    }
    return found;
  }

  /** A match that would write the same words again is left alone. */
  private unchanged(words: string[], r: Replacement): boolean {
    const span = words.slice(r.index, r.index + r.count).map((w) => wordParts(w).core);
    return span.join(' ') === r.text.replace(/\s+/gu, ' ');
  }
}
