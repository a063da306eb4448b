// Test transcripts for the text add-ons: the shared audio's reference texts, the dialog's speaker turns, and a
// written five-minute meeting (about 800 words at 160 words a minute).
import { readFileSync } from 'node:fs';
import { audio } from '../../../../test/helpers/paths';
import type { Transcription, Utterance } from '../../../shared/transcript';

export type Turn = [speaker: number, text: string];

export interface TimingSpec {
  /** Seconds of the first word. */
  at?: number;
  /** Words per second while speaking (160 a minute by default). */
  rate?: number;
  /** Silence between turns. */
  gap?: number;
  language?: string;
  /** Leave `speaker` off the utterances, as without diarization. */
  noSpeakers?: boolean;
}

/** One utterance per turn, each word timed evenly at the given speaking rate. */
export function transcriptOf(turns: Turn[], spec: TimingSpec = {}): Transcription {
  const { rate = 160 / 60, gap = 0.6, language = 'en' } = spec;
  let at = spec.at ?? 0.4;
  const utterances: Utterance[] = turns.map(([speaker, text]) => {
    const step = 1 / rate;
    const words = text
      .split(/\s+/)
      .filter(Boolean)
      .map((word, i) => ({
        word: ` ${word}`,
        start: Math.round((at + i * step) * 1000) / 1000,
        end: Math.round((at + i * step + step * 0.85) * 1000) / 1000,
        confidence: 0.92,
      }));
    const utterance: Utterance = {
      start: words[0]?.start ?? at,
      end: words[words.length - 1]?.end ?? at,
      confidence: 0.92,
      channel: 0,
      ...(spec.noSpeakers ? {} : { speaker }),
      words,
      text: text.trim(),
      language,
    };
    at = utterance.end + gap;
    return utterance;
  });
  return {
    full_transcript: utterances.map((u) => u.text).join(' '),
    languages: [language],
    utterances,
  };
}

export const EMPTY: Transcription = { full_transcript: '', languages: ['en'], utterances: [] };

/** shared/audio/refs.tsv: what the four recordings say, one utterance each, files one after another. */
export function refsTranscript(): Transcription {
  const rows = readFileSync(audio('refs.tsv'), 'utf8').trim().split('\n');
  return transcriptOf(
    rows.map((row): Turn => [0, row.split('\t')[2]!]),
    { gap: 1.2, noSpeakers: true },
  );
}

/** shared/audio/dialog_dev.json: three speakers, one sentence each turn, at the turns' real times. */
export function dialogTranscript(): Transcription {
  const dialog = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as {
    segments: Array<{ start: number; end: number; speaker: number; text: string }>;
  };
  const utterances = dialog.segments.map((segment): Utterance => {
    const list = segment.text.split(' ');
    const step = (segment.end - segment.start) / list.length;
    const words = list.map((word, i) => ({
      word: ` ${word}`,
      start: segment.start + i * step,
      end: segment.start + (i + 0.85) * step,
      confidence: 0.9,
    }));
    return {
      start: segment.start,
      end: segment.end,
      confidence: 0.9,
      channel: 0,
      speaker: segment.speaker,
      words,
      text: segment.text,
      language: 'en',
    };
  });
  return { full_transcript: utterances.map((u) => u.text).join(' '), languages: ['en'], utterances };
}

/** A product meeting: a budget overrun, a launch date, hiring, Android crashes, and who does what next. */
export const MEETING: Turn[] = [
  [
    0,
    'Okay, good morning everyone, thanks for joining. We have four things on the agenda today: the marketing budget, the launch date, hiring, and the crash reports from Android users.',
  ],
  [1, 'Morning. Before we start, should I share my screen with the numbers?'],
  [0, 'Yes, please go ahead and share the budget numbers.'],
  [
    1,
    'So the marketing budget for the third quarter was two hundred thousand dollars, and we have already spent one hundred and eighty thousand. The trade show in Berlin cost much more than we planned, mostly because of the booth and the travel.',
  ],
  [2, 'That is a big overrun on the budget. What happens to the campaign we planned for the launch?'],
  [
    1,
    'If we keep spending at this rate, the launch campaign will run out of budget in the first week. I suggest we cut the paid social ads and keep the email campaign, which costs almost nothing.',
  ],
  [
    0,
    'I agree with cutting the paid ads. The email campaign performed well last time, and the paid ads brought very few signups. Let us move the remaining marketing budget to the email campaign and the launch video.',
  ],
  [2, 'Fine with me. Can we also ask finance for a small extra budget for the video?'],
  [1, 'I can ask finance on Thursday, but I would not count on it.'],
  [
    2,
    'Also, the trade show was not a waste. We collected more than three hundred leads in Berlin, and about forty of them asked for a demo of the new release.',
  ],
  [
    1,
    'True, and those leads are a good reason to have the launch video ready early. I will send the list of leads to the sales team.',
  ],
  [
    0,
    'Good. The second item is the launch date. The plan was the first week of March, but the release is not ready.',
  ],
  [
    2,
    'Right, the release is not ready. We still have the payment integration to finish, and the security review has not started yet. I think the first week of March is not realistic.',
  ],
  [0, 'What date would be realistic for the launch?'],
  [
    2,
    'The second week of March, if the security review starts next Monday and takes five days. That gives us a few days of buffer for fixes before the launch.',
  ],
  [
    1,
    'Marketing can live with the second week of March. The email campaign can move by a week without any cost.',
  ],
  [
    0,
    'Then we move the launch to the second week of March. I will tell the sales team and update the public roadmap today.',
  ],
  [2, 'Great, thank you. That takes a lot of pressure off the team.'],
  [1, 'Honestly, I am a bit worried about the timeline, but I think we can make it if nothing else breaks.'],
  [
    0,
    'Third item, hiring. We have budget for two engineers this year, and we have interviewed six candidates so far.',
  ],
  [
    2,
    'Two of the candidates were excellent. Maria has a strong background in mobile development, and she could help with the Android problems right away. The other one, David, knows payment systems very well.',
  ],
  [1, 'Can we afford both engineers now, with the budget the way it is?'],
  [
    0,
    'The hiring budget is separate from the marketing budget, so yes. Let us make offers to both Maria and David this week.',
  ],
  [2, 'I will send the offers to Maria and David tomorrow morning.'],
  [
    1,
    'Should we also plan the onboarding for the two new engineers? Last time it took almost a month before new people could ship anything.',
  ],
  [
    0,
    'Good point. I will write an onboarding plan and pair each of them with a senior engineer for the first two weeks.',
  ],
  [
    0,
    'The last item is the crash reports. Support says the number of Android crash reports doubled since the last update.',
  ],
  [
    2,
    'Yes, and it is frustrating. The crashes happen when users upload a photo on older Android phones. We think the new image library uses too much memory on those phones.',
  ],
  [
    1,
    'Customers are really angry about the crashes. We got several terrible reviews this week, and one customer wrote that the app is useless.',
  ],
  [
    2,
    'We can roll back the image library in a small update. It would take about two days, and then we can fix the memory problem properly before the launch.',
  ],
  [
    0,
    'Please do the rollback first. Fixing the Android crashes is more important than any new feature right now.',
  ],
  [2, 'Agreed. I will ship the rollback of the image library on Wednesday and report back on Friday.'],
  [1, 'And I will answer the angry reviews once the update is out, so customers know the crashes are fixed.'],
  [
    0,
    'Perfect. To sum up: we cut the paid ads and move the marketing budget to the email campaign, the launch moves to the second week of March, we make offers to Maria and David, and we roll back the image library to stop the Android crashes.',
  ],
  [1, 'Sounds good. I will also send the updated budget numbers to everyone after the call.'],
  [0, 'Thanks everyone, great meeting. See you on Friday.'],
];
