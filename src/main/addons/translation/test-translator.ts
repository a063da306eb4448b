// Test helper: a stand-in translation model for the loopback endpoint. It answers the add-on's batch prompt the
// way a model should (every id back, translated word by word from a small table), deterministically.
import { userText, type ChatRequest } from '../llm/test-endpoint';

const TABLES: Record<string, Record<string, string>> = {
  fr: {
    good: 'bon',
    morning: 'matin',
    thanks: 'merci',
    for: 'pour',
    the: 'le',
    call: 'appel',
    yes: 'oui',
    budget: 'budget',
    is: 'est',
    first: 'premier',
    then: 'puis',
    i: 'je',
    will: 'vais',
    share: 'partager',
    numbers: 'chiffres',
    from: 'de',
    last: 'dernier',
    quarter: 'trimestre',
    launch: 'lancement',
    second: 'deuxième',
    week: 'semaine',
    of: 'de',
    march: 'mars',
    item: 'point',
    agenda: 'ordre du jour',
    and: 'et',
    we: 'nous',
    today: "aujourd'hui",
  },
  de: {
    good: 'guten',
    morning: 'Morgen',
    yes: 'ja',
    the: 'das',
    budget: 'Budget',
    item: 'Punkt',
    and: 'und',
  },
};

/** Translates a line word by word, keeping punctuation; unknown words stay as they are. */
export function tableTranslate(text: string, target: string): string {
  if (target === 'ja') return 'これはテストの翻訳です。';
  const table = TABLES[target];
  if (!table) return `[${target}] ${text}`;
  return text
    .split(/\s+/)
    .map((word) => {
      const [, core = '', trail = ''] = /^(.*?)([.,!?;:]*)$/.exec(word) ?? [];
      const translated = table[core.toLowerCase()];
      if (translated === undefined) return `${core}${trail}`;
      // Capitals carry over, so translated sentences still start with one.
      const capital = /^\p{Lu}/u.test(core)
        ? translated.charAt(0).toUpperCase() + translated.slice(1)
        : translated;
      return `${capital}${trail}`;
    })
    .join(' ');
}

/** The target code and the lines of a batch prompt. */
export function batchOf(request: ChatRequest): { target: string; lines: { id: number; text: string }[] } {
  const text = userText(request);
  const target = /into [^\n]*?\((\w+)\)\./.exec(text)?.[1] ?? '';
  const { lines } = JSON.parse(/Lines:\n(.*)$/s.exec(text)?.[1] ?? '{"lines":[]}') as {
    lines: { id: number; text: string }[];
  };
  return { target, lines };
}

export function translatorModel(request: ChatRequest): string {
  const { target, lines } = batchOf(request);
  return JSON.stringify({
    translations: lines.map(({ id, text }) => ({ id, text: tableTranslate(text, target) })),
  });
}

/**
 * A model that serves the translation add-on and the others at once: translation batches get `translatorModel`'s
 * answer, every other prompt `other` (a fixed text, or an answer worked out from the request).
 */
export const translatingModel =
  (other: string | ((request: ChatRequest) => string)) =>
  (request: ChatRequest): string => {
    if (userText(request).includes('Translate each line')) return translatorModel(request);
    return typeof other === 'string' ? other : other(request);
  };
