import winkNLP, { type Document, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

// One wink-nlp instance shared by the text add-ons (sentiment, summarization). Loading the English model takes
// about 0.2 s and some 30 MB, so it happens on first use, not when the module is imported.
// NER and custom entities are left out of the pipe: nothing here reads them and they cost a third of the time.
const PIPE = ['sbd', 'negation', 'sentiment', 'pos'];

let instance: WinkMethods | null = null;

export function englishNlp(): WinkMethods {
  instance ??= winkNLP(model, PIPE);
  return instance;
}

/** One token as the text add-ons read it. */
export interface NlpToken {
  value: string;
  normal: string;
  lemma: string;
  /** `word`, `punctuation`, `number`, `emoji`, `emoticon`, … */
  type: string;
  pos: string;
  stopWord: boolean;
  /** Inside the scope of a negation ("not *happy*"). */
  negated: boolean;
  /** Character offsets of the token in the text given to `readText`. */
  start: number;
  end: number;
}

export interface NlpSentence {
  text: string;
  start: number;
  end: number;
  /** wink-nlp's lexicon score, -1 (negative) … +1 (positive), negations taken into account. */
  score: number;
  tokens: NlpToken[];
}

// wink-nlp types `out(its.x)` as `T[] | string[]`, and `its.lemma` with a signature its own `ItsFunction` does
// not accept; the helpers used here always give `T[]`.
function column<T>(doc: Document, its: (...args: never[]) => T): T[] {
  return doc.tokens().out(its as unknown as ItsFunction<T>) as T[];
}

/** Splits text into sentences and tokens with character offsets, lemmas, negation flags and sentiment. */
export function readText(text: string): NlpSentence[] {
  const nlp = englishNlp();
  const { its } = nlp;
  const doc = nlp.readDoc(text);
  const values = column(doc, its.value);
  const spaces = column(doc, its.precedingSpaces);
  const normals = column(doc, its.normal);
  const lemmas = column(doc, its.lemma);
  const types = column(doc, its.type);
  const pos = column(doc, its.pos);
  const stop = column(doc, its.stopWordFlag);
  const negated = column(doc, its.negationFlag);

  const tokens: NlpToken[] = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    // wink keeps the text recoverable from spaces + values; search defensively in case it ever normalises.
    const found = text.indexOf(value, at + spaces[i]!.length);
    const start = found >= 0 ? found : at + spaces[i]!.length;
    at = start + value.length;
    tokens.push({
      value,
      normal: normals[i]!,
      lemma: lemmas[i]!,
      type: types[i]!,
      pos: pos[i]!,
      stopWord: stop[i]!,
      negated: negated[i]!,
      start,
      end: at,
    });
  }

  const spans = doc.sentences().out(its.span) as unknown as Array<[number, number]>;
  const scores = doc.sentences().out(its.sentiment) as number[];
  return spans.map(([first, last], i) => {
    const own = tokens.slice(first, last + 1);
    const start = own[0]?.start ?? 0;
    const end = own[own.length - 1]?.end ?? start;
    return { text: text.slice(start, end), start, end, score: scores[i] ?? 0, tokens: own };
  });
}

/** wink-nlp's sentiment of a piece of text taken as one document (the mean over its sentences). */
export function textScore(text: string): number {
  const nlp = englishNlp();
  return nlp.readDoc(text).out(nlp.its.sentiment) as number;
}
