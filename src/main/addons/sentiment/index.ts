import type { Transcription, Utterance } from '../../../shared/transcript';
import { locateWords, timeOfChars } from './align';
import { classifySentence, type Sentiment } from './classify';
import type { Emotion } from './emotions';
import { readText } from './nlp';

export type { Sentiment } from './classify';
export { EMOTIONS, EMOTION_GROUPS, type Emotion } from './emotions';

/**
 * One sentence's sentiment (Gladia docs, sentiment analysis: one entry per sentence, with speaker when
 * diarization gave one). The live `sentiment_analysis` message carries the same entries (PROTOCOL §5.4).
 */
export interface SentimentResult {
  sentiment: Sentiment;
  emotion: Emotion;
  text: string;
  start: number;
  end: number;
  channel: number;
  speaker?: number;
  /** 0.5 … 1: the lexicon score's margin from the decision boundary; 0 when the language is not covered. */
  confidence: number;
}

/** The lexicons are English; other languages are reported as `unknown` rather than guessed at. */
const isEnglish = (language: string): boolean => language === '' || /^en(\b|[-_])/i.test(language);

const speakerOf = (utterance: Utterance) =>
  typeof utterance.speaker === 'number' ? { speaker: utterance.speaker } : {};

/** The sentiment of each sentence of one utterance (sentences never span utterances). */
export function analyzeUtterance(utterance: Utterance): SentimentResult[] {
  const text = utterance.text.trim();
  if (text === '') return [];
  const where = { channel: utterance.channel, ...speakerOf(utterance) };
  if (!isEnglish(utterance.language ?? '')) {
    return [
      {
        sentiment: 'unknown',
        emotion: 'neutral',
        text,
        start: utterance.start,
        end: utterance.end,
        ...where,
        confidence: 0,
      },
    ];
  }
  const spans = locateWords(utterance);
  return readText(utterance.text)
    .filter((sentence) => sentence.tokens.some((token) => token.type !== 'punctuation'))
    .map((sentence) => {
      const { sentiment, emotion, confidence } = classifySentence(sentence);
      const { start, end } = timeOfChars(utterance, spans, sentence.start, sentence.end);
      return { sentiment, emotion, text: sentence.text, start, end, ...where, confidence };
    });
}

/** The sentiment_analysis add-on: every sentence of every utterance, in transcript order. */
export function analyzeSentiment(t: Transcription): SentimentResult[] {
  return (t.utterances ?? []).flatMap(analyzeUtterance);
}
