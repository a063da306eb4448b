import { describe, expect, it } from 'vitest';
import type { Transcription, Utterance } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import { dialogTranscript, EMPTY, MEETING, refsTranscript, transcriptOf } from '../summarization/fixtures';
import { analyzeSentiment, analyzeUtterance, EMOTION_GROUPS, EMOTIONS, type SentimentResult } from './index';

const one = (text: string, extra: Partial<Utterance> = {}): Utterance => ({
  ...transcriptOf([[0, text]], { noSpeakers: true }).utterances[0]!,
  ...extra,
});
const feel = (text: string): Array<[string, string]> =>
  analyzeUtterance(one(text)).map((r) => [r.sentiment, r.emotion]);

function expectWellFormed(results: SentimentResult[], t: Transcription): void {
  const keys = ['channel', 'confidence', 'emotion', 'end', 'sentiment', 'start', 'text'];
  for (const r of results) {
    const owner = t.utterances.find((u) => u.text.includes(r.text));
    expect(owner, r.text).toBeDefined();
    expect(Object.keys(r).sort()).toEqual(
      typeof owner!.speaker === 'number' ? [...keys, 'speaker'].sort() : keys,
    );
    expect(['positive', 'negative', 'neutral', 'mixed']).toContain(r.sentiment);
    expect(EMOTIONS).toContain(r.emotion);
    expect(r.confidence).toBeGreaterThanOrEqual(0.5);
    expect(r.confidence).toBeLessThanOrEqual(1);
    expect(r.start).toBeLessThanOrEqual(r.end);
    expect(r.start).toBeGreaterThanOrEqual(owner!.start);
    expect(r.end).toBeLessThanOrEqual(owner!.end);
    expect(r.channel).toBe(owner!.channel);
    if (typeof owner!.speaker === 'number') expect(r.speaker).toBe(owner!.speaker);
  }
}

describe('analyzeUtterance on clear sentences', () => {
  it('reads plain praise as positive with a positive emotion', () => {
    const [[sentiment, emotion]] = feel('I love this product, it is absolutely wonderful!') as [
      [string, string],
    ];
    expect(sentiment).toBe('positive');
    expect(EMOTION_GROUPS.positive).toContain(emotion);
  });

  it('reads complaints as negative, one result per sentence, and names anger', () => {
    expect(feel('This is terrible. I hate it and I am so angry.')).toEqual([
      ['negative', 'distress'],
      ['negative', 'anger'],
    ]);
  });

  it('calls praise and complaint in one sentence mixed', () => {
    expect(feel('The food was great but the service was awful.')[0]![0]).toBe('mixed');
    expect(feel('I love the design, and I hate the price.')[0]![0]).toBe('mixed');
  });

  it('calls factual statements and questions neutral', () => {
    expect(feel('The launch is planned for the second week of March.')).toEqual([['neutral', 'neutral']]);
    expect(feel('Should we start with the budget?')).toEqual([['neutral', 'neutral']]);
  });

  it('follows negation both ways', () => {
    expect(feel("I'm not happy with this at all.")[0]![0]).toBe('negative');
    expect(feel('This is not bad at all.')[0]![0]).toBe('positive');
  });

  it('does not take discourse markers ("okay", "right", "as well") for praise', () => {
    expect(feel("Okay, so let's start with the budget.")).toEqual([['neutral', 'neutral']]);
    expect(feel('We need the numbers right now.')).toEqual([['neutral', 'neutral']]);
    expect(feel('Send the slides as well.')).toEqual([['neutral', 'neutral']]);
    expect(feel('It went well.')[0]![0]).toBe('positive');
    // Scored again without the marker, the contraction must still negate.
    expect(feel("Okay, I don't like it.")[0]![0]).toBe('negative');
  });

  it('names the emotion a sentence shows', () => {
    expect(feel('I am so scared of the dark.')).toEqual([['negative', 'fear']]);
    expect(feel('That is disgusting.')).toEqual([['negative', 'disgust']]);
    expect(feel('This is really funny haha')).toEqual([['positive', 'amusement']]);
    expect(feel('Oh I see, now I understand.')).toEqual([['neutral', 'realization']]);
    expect(feel('Wow, that is amazing!')[0]![0]).toBe('positive');
  });

  it('lets a telling cue carry a sentence the polarity lexicon has no word for', () => {
    const [result] = analyzeUtterance(one('Phew, what a relief.'));
    expect(result).toMatchObject({ sentiment: 'positive', emotion: 'relief', confidence: 0.55 });
  });

  it('ignores a negated emotion word', () => {
    const [[, emotion]] = feel('I am not angry about it.') as [[string, string]];
    expect(emotion).not.toBe('anger');
  });

  it('is more confident about strong wording than about faint wording', () => {
    const [strong] = analyzeUtterance(one('This is absolutely wonderful.'));
    const [faint] = analyzeUtterance(one('The frame is a bit sad.'));
    expect(strong!.sentiment).toBe('positive');
    expect(faint!.sentiment).toBe('negative');
    expect(strong!.confidence).toBeGreaterThan(faint!.confidence);
  });
});

describe('analyzeUtterance timing and shape', () => {
  it('times each sentence from its own words', () => {
    const utterance = one('Happy to be here. Should we start with the budget?');
    const [first, second] = analyzeUtterance(utterance);
    expect(first!.text).toBe('Happy to be here.');
    expect(second!.text).toBe('Should we start with the budget?');
    expect(first!.start).toBe(utterance.words[0]!.start);
    expect(first!.end).toBe(utterance.words[3]!.end);
    expect(second!.start).toBe(utterance.words[4]!.start);
    expect(second!.end).toBe(utterance.end);
  });

  it('shares the utterance span out by characters when the words do not match the text', () => {
    const utterance = one('First part here. Second part there.', {
      words: [{ word: ' zzz', start: 10, end: 11, confidence: 1 }],
      start: 10,
      end: 14,
    });
    const [first, second] = analyzeUtterance(utterance);
    expect(first!.start).toBe(10);
    expect(first!.end).toBeGreaterThan(10);
    expect(first!.end).toBeLessThanOrEqual(second!.start);
    expect(second!.end).toBeLessThanOrEqual(14);
  });

  it('reports languages it has no lexicon for as unknown instead of guessing', () => {
    const [result] = analyzeUtterance(one("C'est absolument magnifique, j'adore.", { language: 'fr' }));
    expect(result).toMatchObject({ sentiment: 'unknown', emotion: 'neutral', confidence: 0 });
  });

  it('skips empty and punctuation-only utterances', () => {
    expect(analyzeUtterance(one(''))).toEqual([]);
    expect(analyzeUtterance(one('...'))).toEqual([]);
  });
});

describe('analyzeSentiment on the shared audio transcripts', () => {
  it('gives one result per reference utterance, without speakers, and reads libri_0890 as negative', () => {
    const t = refsTranscript();
    const results = analyzeSentiment(t);
    expectWellFormed(results, t);
    expect(results.map((r) => r.text)).toEqual(t.utterances.map((u) => u.text));
    // "unless to be rather cold hearted and rather selfish is to be ill disposed"
    expect(results[3]!.sentiment).toBe('negative');
    // "he was not an ill disposed young man": negated criticism
    expect(results[2]!.sentiment).toBe('positive');
  });

  it('follows the dialog sentence by sentence with its speakers', () => {
    const t = dialogTranscript();
    const results = analyzeSentiment(t);
    expectWellFormed(results, t);
    expect(results).toHaveLength(7);
    expect(results[0]).toMatchObject({ sentiment: 'positive', emotion: 'contentment', speaker: 0 });
    expect(results[1]).toMatchObject({ text: 'Happy to be here.', sentiment: 'positive', speaker: 1 });
    expect(results[2]).toMatchObject({
      text: 'Should we start with the budget?',
      sentiment: 'neutral',
      speaker: 1,
    });
    expect(results[6]).toMatchObject({ sentiment: 'neutral', speaker: 0 });
  });

  it('covers every sentence of the meeting and finds both moods in it', () => {
    const t = transcriptOf(MEETING);
    const results = analyzeSentiment(t);
    expectWellFormed(results, t);
    expect(results.length).toBeGreaterThan(MEETING.length);
    const angry = results.find((r) => r.text === 'Customers are really angry about the crashes.');
    expect(angry).toMatchObject({ sentiment: 'negative', emotion: 'anger', speaker: 1 });
    const excellent = results.find((r) => r.text === 'Two of the candidates were excellent.');
    expect(excellent).toMatchObject({ sentiment: 'positive' });
    // Transcript order: starts never go back.
    for (let i = 1; i < results.length; i++)
      expect(results[i]!.start).toBeGreaterThanOrEqual(results[i - 1]!.start);
  });

  it('is empty for an empty transcript, and the runner says so', async () => {
    expect(analyzeSentiment(EMPTY)).toEqual([]);
    const wrapped = await runAddon('sentiment_analysis', () => analyzeSentiment(EMPTY));
    expect(wrapped).toMatchObject({ success: true, is_empty: true, error: null, results: [] });
  });
});
