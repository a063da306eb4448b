// Gladia's emotion labels and the word cues that point at each of them.
//
// No maintained emotion lexicon is published on npm (NRC EmoLex, the usual one, is licensed for research only
// and is not packaged), so the cues are a short hand-made list: words and phrases that name or plainly show an
// emotion. Polarity itself comes from wink-nlp's lexicon; a cue only picks which emotion of that polarity fits.

/** The emotions Gladia documents, grouped by the sentiment they go with (docs: sentiment analysis page). */
export const EMOTION_GROUPS = {
  positive: [
    'adoration',
    'amusement',
    'awe',
    'contentment',
    'desire',
    'ecstatic',
    'elation',
    'interest',
    'positive_surprise',
    'relief',
    'sympathy',
    'triumph',
  ],
  negative: [
    'anger',
    'confusion',
    'contempt',
    'disappointment',
    'disgust',
    'distress',
    'embarrassment',
    'fear',
    'pain',
    'sadness',
    'negative_surprise',
  ],
  neutral: ['realization', 'neutral'],
} as const;

export type Emotion = (typeof EMOTION_GROUPS)[keyof typeof EMOTION_GROUPS][number];
export type Valence = keyof typeof EMOTION_GROUPS;

export const EMOTIONS: readonly Emotion[] = Object.values(EMOTION_GROUPS).flat();

export function valenceOf(emotion: Emotion): Valence {
  for (const [valence, list] of Object.entries(EMOTION_GROUPS) as Array<[Valence, readonly Emotion[]]>) {
    if (list.includes(emotion)) return valence;
  }
  return 'neutral';
}

// Single words are matched on the token's lemma or its lower-cased form; phrases on lower-cased token sequences.
const CUES: Record<Exclude<Emotion, 'neutral'>, string[]> = {
  adoration: [
    'love',
    'adore',
    'cherish',
    'darling',
    'sweetheart',
    'beloved',
    'lovely',
    'precious',
    'affection',
  ],
  amusement: ['funny', 'hilarious', 'haha', 'hahaha', 'lol', 'laugh', 'joke', 'amusing', 'fun', 'kidding'],
  awe: [
    'awesome',
    'amazing',
    'incredible',
    'magnificent',
    'breathtaking',
    'astonishing',
    'stunning',
    'spectacular',
    'extraordinary',
    'remarkable',
    'marvelous',
    'marvellous',
  ],
  contentment: [
    'glad',
    'pleased',
    'satisfied',
    'comfortable',
    'calm',
    'peaceful',
    'content',
    'happy',
    'thank',
    'thanks',
    'grateful',
    'appreciate',
    'enjoy',
  ],
  desire: ['want', 'wish', 'crave', 'yearn', 'hope', 'eager', 'desire', 'longing', 'dream'],
  ecstatic: ['ecstatic', 'thrilled', 'overjoyed', 'euphoric', 'exhilarated'],
  elation: [
    'excited',
    'exciting',
    'delighted',
    'joy',
    'joyful',
    'wonderful',
    'fantastic',
    'yay',
    'hooray',
    'elated',
  ],
  interest: ['interesting', 'curious', 'fascinating', 'fascinated', 'intrigued', 'intriguing'],
  positive_surprise: ['wow', 'whoa', 'surprised', 'surprising', 'surprise', 'unexpected', 'amazed'],
  relief: ['relief', 'relieved', 'phew', 'whew', 'finally', 'safe'],
  sympathy: ['sympathy', 'condolence', 'condolences', 'compassion', 'sorry'],
  triumph: [
    'win',
    'won',
    'victory',
    'triumph',
    'succeed',
    'success',
    'champion',
    'proud',
    'achieve',
    'accomplish',
  ],
  anger: [
    'angry',
    'furious',
    'mad',
    'rage',
    'hate',
    'outraged',
    'annoyed',
    'irritated',
    'pissed',
    'livid',
    'frustrated',
    'frustrating',
  ],
  confusion: ['confused', 'confusing', 'puzzled', 'unclear', 'baffled', 'huh', 'weird', 'strange'],
  contempt: [
    'pathetic',
    'despise',
    'disgraceful',
    'worthless',
    'useless',
    'idiot',
    'stupid',
    'ridiculous',
    'shameful',
  ],
  disappointment: [
    'disappointed',
    'disappointing',
    'unfortunately',
    'letdown',
    'shame',
    'pity',
    'regret',
    'fail',
    'mediocre',
  ],
  disgust: ['disgusting', 'disgusted', 'gross', 'nasty', 'revolting', 'yuck', 'eww', 'vile', 'repulsive'],
  distress: [
    'worried',
    'anxious',
    'stress',
    'stressed',
    'upset',
    'panic',
    'desperate',
    'overwhelmed',
    'crisis',
  ],
  embarrassment: ['embarrassed', 'embarrassing', 'awkward', 'ashamed', 'humiliated', 'oops'],
  fear: [
    'afraid',
    'scared',
    'fear',
    'terrified',
    'frightened',
    'horror',
    'dread',
    'nervous',
    'danger',
    'dangerous',
  ],
  pain: ['pain', 'hurt', 'ache', 'painful', 'suffer', 'injury', 'agony', 'sore'],
  sadness: [
    'sad',
    'cry',
    'tears',
    'grief',
    'mourn',
    'lonely',
    'unhappy',
    'depressed',
    'heartbroken',
    'sorrow',
  ],
  negative_surprise: ['shocked', 'shocking', 'unbelievable', 'appalled', 'stunned'],
  realization: ['realize', 'realise', 'realization', 'aha', 'understand', 'notice'],
};

const PHRASES: Array<[string[], Exclude<Emotion, 'neutral'>]> = [
  [['thank', 'god'], 'relief'],
  [['thank', 'goodness'], 'relief'],
  [['oh', 'no'], 'negative_surprise'],
  [['no', 'way'], 'positive_surprise'],
  [['oh', 'my', 'god'], 'positive_surprise'],
  [['fed', 'up'], 'anger'],
  [['i', 'see'], 'realization'],
  [['turns', 'out'], 'realization'],
  [['makes', 'sense'], 'realization'],
  [['miss', 'you'], 'sadness'],
];

const WORD_CUES = new Map<string, Exclude<Emotion, 'neutral'>>();
for (const [emotion, words] of Object.entries(CUES) as Array<[Exclude<Emotion, 'neutral'>, string[]]>) {
  for (const word of words) WORD_CUES.set(word, emotion);
}

/** The token fields the cue matcher reads. */
export interface CueToken {
  normal: string;
  lemma: string;
  negated: boolean;
}

/**
 * Emotion cues found in a sentence, in order. A negated cue ("not happy") says nothing about the emotion felt,
 * so it is skipped; the sentence's polarity, which already accounts for the negation, decides the fallback.
 */
export function emotionCues(tokens: CueToken[]): Emotion[] {
  const found: Emotion[] = [];
  const words = tokens.map((token) => token.normal.toLowerCase());
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.negated) continue;
    const phrase = PHRASES.find(([parts]) => parts.every((part, k) => words[i + k] === part));
    if (phrase) {
      found.push(phrase[1]);
      i += phrase[0].length - 1;
      continue;
    }
    const cue = WORD_CUES.get(words[i]!) ?? WORD_CUES.get(token.lemma.toLowerCase());
    if (cue) found.push(cue);
  }
  return found;
}
