import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { audio, MODELS_DIR } from '../../../../test/helpers/paths';
import { fold, wordParts } from '../custom-spelling/word-edit';
import {
  asTranscription,
  plainUtterance,
  SHARED_AUDIO_FILES,
  sharedAudioTranscript,
  utteranceOf,
} from '../custom-vocabulary/fixtures';
import { runAddon } from '../run-addon';
import { expectConsistent } from '../test-consistency';
import {
  alignOutput,
  hasPunctuation,
  installedPunctuationModels,
  punctuate,
  punctuateUtterance,
} from './index';

/** '.', '?', ',' or '' after each word ('!' and '…' count as '.'). */
function markOf(word: string): string {
  const trail = wordParts(word).trail;
  if (/[?？]/u.test(trail)) return '?';
  if (/[.!…。！]/u.test(trail)) return '.';
  if (/[,;:，]/u.test(trail)) return ',';
  return '';
}

/**
 * Aligns hypothesis words with reference words (edit distance over their letters) and counts, per mark, how
 * often the hypothesis puts it after an aligned word, the reference does, and both do.
 */
function markCounts(reference: string[], hypothesis: string[]) {
  const key = (w: string) => fold(wordParts(w).core);
  const n = reference.length;
  const m = hypothesis.length;
  const d = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (key(reference[i - 1]!) === key(hypothesis[j - 1]!) ? 0 : 1),
      );
  const counts: Record<string, { hyp: number; ref: number; both: number }> = {};
  const bump = (mark: string, field: 'hyp' | 'ref' | 'both') => {
    if (mark === '') return;
    counts[mark] ??= { hyp: 0, ref: 0, both: 0 };
    counts[mark]![field] += 1;
  };
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const sub =
      i > 0 && j > 0
        ? d[i - 1]![j - 1]! + (key(reference[i - 1]!) === key(hypothesis[j - 1]!) ? 0 : 1)
        : Infinity;
    if (i > 0 && j > 0 && d[i]![j] === sub) {
      const r = markOf(reference[i - 1]!);
      const h = markOf(hypothesis[j - 1]!);
      bump(r, 'ref');
      bump(h, 'hyp');
      if (r !== '' && r === h) bump(r, 'both');
      // A sentence end where the reference has one, whatever its kind.
      if (isEnd(r)) bump('end', 'ref');
      if (isEnd(h)) bump('end', 'hyp');
      if (isEnd(r) && isEnd(h)) bump('end', 'both');
      i -= 1;
      j -= 1;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      const r = markOf(reference[i - 1]!);
      bump(r, 'ref');
      if (isEnd(r)) bump('end', 'ref');
      i -= 1;
    } else {
      const h = markOf(hypothesis[j - 1]!);
      bump(h, 'hyp');
      if (isEnd(h)) bump('end', 'hyp');
      j -= 1;
    }
  }
  return counts;
}

const isEnd = (mark: string): boolean => mark === '.' || mark === '?';

const f1 = (c: { hyp: number; ref: number; both: number } | undefined) =>
  c && c.hyp + c.ref > 0 ? (2 * c.both) / (c.hyp + c.ref) : 0;

describe('punctuate on real transcripts', () => {
  it('restores the sentence ends, the question and the commas of the dialog', async () => {
    const dialog = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as {
      segments: { text: string }[];
    };
    const reference = dialog.segments.flatMap((s) => s.text.split(/\s+/));
    const before = sharedAudioTranscript('dialog_dev.wav');
    const after = await punctuate(before);
    const hypothesis = after.utterances.flatMap((u) => u.words.map((w) => w.word.trim()));
    const counts = markCounts(reference, hypothesis);
    const ends = counts.end;
    console.log(`dialog_dev punctuation: ${after.full_transcript}`);
    console.log(
      `sentence-end F1 ${f1(ends).toFixed(2)}, '?' F1 ${f1(counts['?']).toFixed(2)}, ',' F1 ${f1(counts[',']).toFixed(2)}` +
        ` (${JSON.stringify(counts)})`,
    );
    expect(f1(ends)).toBeGreaterThanOrEqual(0.9);
    expect(f1(counts['?'])).toBeGreaterThanOrEqual(0.5);
    expect(f1(counts[','])).toBeGreaterThanOrEqual(0.5);
    expect(after.full_transcript).toContain('Happy to be here. Should we start with a budget?');
    expect(after.full_transcript).toContain('Good morning, thanks');
    expect(after.full_transcript).toContain('Yes, the budget');
    expect(after.full_transcript).toContain('week of March.');
    expectConsistent(after);
    // Words keep their times and confidences.
    after.utterances.forEach((u, i) =>
      u.words.forEach((w, k) => {
        const old = before.utterances[i]!.words[k]!;
        expect([w.start, w.end, w.confidence]).toEqual([old.start, old.end, old.confidence]);
      }),
    );
  });

  it('ends every utterance of every recording with a sentence mark and capitalises its first word', async () => {
    for (const file of SHARED_AUDIO_FILES) {
      const after = await punctuate(sharedAudioTranscript(file), { modelsDir: MODELS_DIR });
      for (const u of after.utterances) {
        expect(u.text, file).toMatch(/^[A-Z].*[.?]$/);
      }
      expectConsistent(after);
    }
    const libri = await punctuate(sharedAudioTranscript('libri_0870.wav'));
    expect(libri.full_transcript).toMatch(
      /^And Mr\. John dashwood had then leisure to consider how much there/,
    );
  });

  it('is idempotent and leaves punctuated utterances alone', async () => {
    const once = await punctuate(sharedAudioTranscript('dialog_dev.wav'));
    expect(await punctuate(once)).toBe(once);
    const cased = asTranscription([plainUtterance('Hello there. How are you')]);
    expect(hasPunctuation(cased.utterances[0]!)).toBe(true);
    expect(await punctuate(cased)).toBe(cased);
    expect(hasPunctuation(plainUtterance('well, maybe'))).toBe(true);
    expect(hasPunctuation(plainUtterance('ask Mr. Smith'))).toBe(false);
  });
});

describe('punctuation rules', () => {
  const rules = (items: string, language = 'en') => punctuateUtterance(utteranceOf(items, { language })).text;

  it('ends a sentence at a long pause, but not after a word that cannot end one', () => {
    expect(rules('we@0-0.3 left@0.3-0.6 then@1.3-1.6 it@1.6-1.8 rained@1.8-2.1')).toBe(
      'We left. Then it rained.',
    );
    expect(rules('we@0-0.3 saw@0.3-0.6 the@0.6-0.8 cat@1.5-1.8')).toBe('We saw the cat.');
  });

  it('turns an inverted auxiliary or a wh-word with one into a question', () => {
    expect(rules('are@0-0.2 you@0.2-0.4 ready@0.4-0.8')).toBe('Are you ready?');
    expect(rules('so@0-0.2 what@0.2-0.4 is@0.4-0.5 it@0.5-0.7')).toBe('So what is it?');
    expect(rules('what@0-0.2 your@0.2-0.4 country@0.4-0.8 can@0.8-1.0 do@1.0-1.2')).toBe(
      'What your country can do.',
    );
    expect(rules('selfish@0-0.4 is@0.55-0.7 to@0.7-0.8 be@0.8-0.9 ill@0.9-1.1')).toBe(
      'Selfish is to be ill.',
    );
  });

  it('needs a pause to split before a question opening', () => {
    expect(rules('fine@0-0.3 thanks@0.3-0.6 can@0.6-0.8 we@0.8-0.9 go@0.9-1.2')).toBe(
      'Fine thanks can we go.',
    );
    expect(rules('fine@0-0.3 thanks@0.3-0.6 can@0.8-1.0 we@1.0-1.1 go@1.1-1.4')).toBe(
      'Fine thanks. Can we go?',
    );
  });

  it('writes commas after openers, before "but" and "please", and at clear pauses', () => {
    expect(rules('okay@0-0.3 let@0.3-0.5 us@0.5-0.6 go@0.6-0.8')).toBe('Okay, let us go.');
    expect(rules('no@0-0.2 we@0.2-0.3 did@0.3-0.5 not@0.5-0.7')).toBe('No, we did not.');
    expect(rules('no@0-0.2 one@0.2-0.3 came@0.3-0.5')).toBe('No one came.');
    expect(rules('i@0-0.1 tried@0.1-0.4 but@0.4-0.5 it@0.5-0.6 failed@0.6-0.9')).toBe(
      'I tried, but it failed.',
    );
    expect(rules('nothing@0-0.3 but@0.3-0.4 trouble@0.4-0.8 here@0.8-1.0')).toBe('Nothing but trouble here.');
    expect(rules('send@0-0.3 it@0.3-0.4 now@0.4-0.6 please@0.6-0.9')).toBe('Send it now, please.');
    expect(rules('after@0-0.3 lunch@0.3-0.6 we@1.0-1.1 met@1.1-1.3')).toBe('After lunch, we met.');
  });

  it('capitalises titles, names after them, weekdays and months in a date', () => {
    expect(rules('ask@0-0.2 dr@0.2-0.4 smith@0.4-0.6 on@0.6-0.7 monday@0.7-1.0')).toBe(
      'Ask Dr. Smith on Monday.',
    );
    expect(rules('in@0-0.1 march@0.1-0.4 we@0.4-0.5 march@0.5-0.8')).toBe('In March we march.');
    expect(rules('it@0-0.1 may@0.1-0.3 rain@0.3-0.5 on@0.5-0.6 may@0.6-0.8 5@0.8-1.0')).toBe(
      'It may rain on May 5.',
    );
  });

  it('uses full stops only in other languages, and CJK marks for Chinese and Japanese', () => {
    expect(rules('bonjour@0-0.4 à@0.4-0.5 tous@0.5-0.8 merci@1.5-1.9', 'fr')).toBe('Bonjour à tous. Merci.');
    expect(rules('你@0-0.2 好@0.2-0.4', 'zh')).toBe('你 好。');
  });

  it('punctuates around abbreviations a spelling dictionary wrote', () => {
    expect(rules('ask@0-0.2 Mr.@0.2-0.4 smith@0.4-0.6')).toBe('Ask Mr. Smith.');
    expect(rules('is@0-0.2 Dr.@0.2-0.4 jones@0.4-0.6 in@0.6-0.8')).toBe('Is Dr. Jones in?');
    // A sentence period before a capital is the text's own punctuation.
    expect(rules('Fine.@0-0.2 Thanks@0.2-0.4 you@0.4-0.6')).toBe('Fine. Thanks you');
  });

  it('leaves empty transcripts and word-less utterances alone', async () => {
    const empty: Transcription = { full_transcript: '', languages: [], utterances: [] };
    expect(await punctuate(empty)).toBe(empty);
    const hollow = { ...plainUtterance('x'), words: [], text: '' };
    expect(punctuateUtterance(hollow)).toBe(hollow);
  });

  it('runs inside the add-on wrapper', async () => {
    const block = await runAddon('punctuation_enhanced', () => punctuate(sharedAudioTranscript('jfk.wav')));
    expect(block.success).toBe(true);
    expect(block.results!.full_transcript).toMatch(/\.$/);
  });
});

describe('punctuation models', () => {
  it('maps a model output back onto the words', () => {
    // What the English CNN-BiLSTM writes for "how are you i am fine thank you" (sherpa-onnx's example).
    expect(
      alignOutput(
        ['how', 'are', 'you', 'i', 'am', 'fine', 'thank', 'you'],
        'How are you? I am fine, thank you.',
      ),
    ).toEqual([
      { core: 'How', trail: '' },
      { core: 'are', trail: '' },
      { core: 'you', trail: '?' },
      { core: 'I', trail: '' },
      { core: 'am', trail: '' },
      { core: 'fine', trail: ',' },
      { core: 'thank', trail: '' },
      { core: 'you', trail: '.' },
    ]);
    // The CT-Transformer punctuates Chinese without spaces.
    expect(
      alignOutput(['你', '好', '吗', '我', '很', '好'], '你好吗？我很好。')!.map((a) => a.trail),
    ).toEqual(['', '', '？', '', '', '。']);
    expect(alignOutput(["don't", 'go'], "Don't go!")).toEqual([
      { core: "Don't", trail: '' },
      { core: 'go', trail: '!' },
    ]);
    // A model that changed a word cannot be mapped.
    expect(alignOutput(['gonna', 'go'], 'Going to go.')).toBeNull();
  });

  it('finds no punctuation model in the shared test models, so the rules are used', async () => {
    expect(installedPunctuationModels(MODELS_DIR)).toEqual([]);
    const t = sharedAudioTranscript('libri_0880.wav');
    expect((await punctuate(t, { modelsDir: MODELS_DIR })).full_transcript).toBe(
      (await punctuate(t)).full_transcript,
    );
  });

  const modelsDir = process.env.PUNCTUATION_MODELS_DIR ?? MODELS_DIR;
  it.skipIf(installedPunctuationModels(modelsDir).length === 0)(
    'punctuates with an installed catalog model (set PUNCTUATION_MODELS_DIR)',
    async () => {
      const after = await punctuate(sharedAudioTranscript('dialog_dev.wav'), { modelsDir });
      console.log(`model punctuation: ${after.full_transcript}`);
      expect(after.full_transcript).toMatch(/[.?]$/);
      expect(after.full_transcript).toContain(',');
      expectConsistent(after);
    },
  );
});
