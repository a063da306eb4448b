import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
  type EnglishProfaneWord,
} from 'obscenity';

// What each term found is: Gladia's moderation shows `INSULT` and `VULGARITY` (docs: content moderation page);
// the other names are ours, in the same style.
export type Classification = 'SLUR' | 'INSULT' | 'VULGARITY' | 'SEXUAL' | 'THREAT';

// obscenity's English list (from the `cuss` project) with a class for every word. Anatomical and clinical words
// get none and are dropped from the matcher: a doctor saying "penis" is not content to moderate.
const ENGLISH: Record<EnglishProfaneWord, Classification[]> = {
  abeed: ['SLUR'],
  abo: ['SLUR'],
  africoon: ['SLUR'],
  anal: ['SEXUAL'],
  anus: [],
  arabush: ['SLUR'],
  arse: ['VULGARITY'],
  ass: ['VULGARITY'],
  bastard: ['INSULT'],
  bestiality: ['SEXUAL'],
  bitch: ['INSULT', 'VULGARITY'],
  blowjob: ['SEXUAL'],
  bollocks: ['VULGARITY'],
  boob: ['VULGARITY'],
  boonga: ['SLUR'],
  buttplug: ['SEXUAL'],
  chingchong: ['SLUR'],
  chink: ['SLUR'],
  cock: ['VULGARITY', 'SEXUAL'],
  cuck: ['INSULT'],
  cum: ['SEXUAL'],
  cunt: ['INSULT', 'VULGARITY'],
  deepthroat: ['SEXUAL'],
  dick: ['INSULT', 'VULGARITY'],
  dildo: ['SEXUAL'],
  doggystyle: ['SEXUAL'],
  'double penetration': ['SEXUAL'],
  dyke: ['SLUR'],
  ejaculate: ['SEXUAL'],
  fag: ['SLUR'],
  felch: ['SEXUAL'],
  fellatio: ['SEXUAL'],
  'finger bang': ['SEXUAL'],
  fisting: ['SEXUAL'],
  fuck: ['VULGARITY'],
  gangbang: ['SEXUAL'],
  handjob: ['SEXUAL'],
  hentai: ['SEXUAL'],
  hooker: ['SEXUAL'],
  incest: ['SEXUAL'],
  'jerk off': ['VULGARITY', 'SEXUAL'],
  jizz: ['VULGARITY', 'SEXUAL'],
  kike: ['SLUR'],
  lubejob: ['SEXUAL'],
  masturbate: ['SEXUAL'],
  negro: ['SLUR'],
  nigger: ['SLUR'],
  orgasm: ['SEXUAL'],
  orgy: ['SEXUAL'],
  penis: [],
  piss: ['VULGARITY'],
  porn: ['SEXUAL'],
  prick: ['INSULT', 'VULGARITY'],
  pussy: ['VULGARITY', 'SEXUAL'],
  rape: ['SEXUAL'],
  retard: ['SLUR'],
  scat: ['SEXUAL'],
  semen: [],
  sex: [],
  shit: ['VULGARITY'],
  slut: ['INSULT', 'SEXUAL'],
  spastic: ['SLUR'],
  tit: ['VULGARITY'],
  tranny: ['SLUR'],
  turd: ['VULGARITY'],
  twat: ['INSULT', 'VULGARITY'],
  vagina: [],
  wank: ['VULGARITY', 'SEXUAL'],
  whore: ['INSULT', 'SEXUAL'],
};

// Terms the list lacks: plain insults, mild swearing and threats aimed at the listener. The matcher folds runs of
// a repeated letter into one before matching, except b, e, o, l, s and g (obscenity's English preset), so
// patterns spell "gonna" as "gona" and "crappy" as "crapy" but keep "kill".
const EXTRA: Array<{ term: string; patterns: string[]; classes: Classification[] }> = [
  { term: 'idiot', patterns: ['|idiot'], classes: ['INSULT'] },
  { term: 'moron', patterns: ['|moron'], classes: ['INSULT'] },
  { term: 'imbecile', patterns: ['|imbecile'], classes: ['INSULT'] },
  { term: 'scumbag', patterns: ['|scumbag'], classes: ['INSULT'] },
  { term: 'douchebag', patterns: ['|douche'], classes: ['INSULT'] },
  { term: 'crap', patterns: ['|crap|', '|crapy|', '|craped|'], classes: ['VULGARITY'] },
  { term: 'damn', patterns: ['damn|', 'damned|', 'damnit|'], classes: ['VULGARITY'] },
  {
    term: 'kill you',
    patterns: [
      "|i'll kill you|",
      '|i will kill you|',
      '|gona kill you|',
      '|going to kill you|',
      '|kill yourself|',
    ],
    classes: ['THREAT'],
  },
  {
    term: 'hurt you',
    patterns: [
      "|i'll hurt you|",
      '|i will hurt you|',
      '|beat you up|',
      "|i'll shoot you|",
      '|i will shoot you|',
    ],
    classes: ['THREAT'],
  },
  {
    term: 'die',
    patterns: ['|hope you die|', '|go die|', "|you're dead|", '|you are dead|'],
    classes: ['THREAT'],
  },
];

const CLASSES = new Map<string, Classification[]>([
  ...(Object.entries(ENGLISH) as Array<[string, Classification[]]>),
  ...EXTRA.map(({ term, classes }): [string, Classification[]] => [term, classes]),
]);

/** The classes of a term the matcher reported (by its `originalWord`). */
export function classesOf(term: string): Classification[] {
  return CLASSES.get(term) ?? [];
}

function buildDataset(): DataSet<{ originalWord: string }> {
  const dataset = new DataSet<{ originalWord: string }>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => classesOf(phrase.metadata?.originalWord ?? '').length === 0);
  for (const { term, patterns } of EXTRA) {
    dataset.addPhrase((phrase) =>
      patterns.reduce(
        (builder, source) => builder.addPattern(parseRawPattern(source)),
        phrase.setMetadata({ originalWord: term }),
      ),
    );
  }
  return dataset;
}

export interface Lexicon {
  dataset: DataSet<{ originalWord: string }>;
  matcher: RegExpMatcher;
}

let lexicon: Lexicon | null = null;

/** The dataset and its matcher, built on first use (compiling the patterns takes a few milliseconds). */
export function moderationLexicon(): Lexicon {
  if (!lexicon) {
    const dataset = buildDataset();
    lexicon = {
      dataset,
      matcher: new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers }),
    };
  }
  return lexicon;
}
