// Test sentences for every entity type of spec §2.7: each as a speech recogniser writes it (sentence case,
// no punctuation, numbers as words) and, where people write it differently, as written text.
import type { Transcription, Utterance, Word } from '../../../shared/transcript';
import type { EntityType } from './types';

export interface EntityFixture {
  type: EntityType;
  sentence: string;
  /** The entity's text as found in the sentence. */
  entity: string;
}

const f = (type: EntityType, sentence: string, entity: string): EntityFixture => ({ type, sentence, entity });

export const ENTITY_FIXTURES: EntityFixture[] = [
  f('NAME', 'And mr john dashwood had then leisure to consider', 'john dashwood'),
  f('NAME', 'My name is ganzon kowalczyk and I need help', 'ganzon kowalczyk'),
  f('NAME', 'I spoke with Sarah Connor yesterday.', 'Sarah Connor'),
  f('NAME_GIVEN', 'Can I speak to michael please', 'michael'),
  f('NAME_GIVEN', 'My first name is anneliese', 'anneliese'),
  f('NAME_FAMILY', 'My last name is k o w a l s k i', 'k o w a l s k i'),
  f('NAME_MEDICAL_PROFESSIONAL', 'Hi this is doctor emily watson calling', 'doctor emily watson'),
  f('NAME_MEDICAL_PROFESSIONAL', 'Your appointment is with Dr. Kay Martinez.', 'Dr. Kay Martinez'),
  f('EMAIL_ADDRESS', 'My email is john dot smith at gmail dot com', 'john dot smith at gmail dot com'),
  f('EMAIL_ADDRESS', 'Write to privacy@gladia.io for details.', 'privacy@gladia.io'),
  f(
    'PHONE_NUMBER',
    'My phone number is four one five five five five zero one three two',
    'four one five five five five zero one three two',
  ),
  f('PHONE_NUMBER', 'Call me on (415) 555-0132 tomorrow.', '(415) 555-0132'),
  f(
    'PHONE_NUMBER',
    'You can reach me at plus four nine one seven six four three four seven six zero five zero',
    'plus four nine one seven six four three four seven six zero five zero',
  ),
  f('URL', 'Go to w w w dot example dot com slash pricing', 'w w w dot example dot com slash pricing'),
  f('URL', 'The docs are at https://docs.gladia.io/api today.', 'https://docs.gladia.io/api'),
  f(
    'IP_ADDRESS',
    'The server is at one nine two dot one six eight dot zero dot one',
    'one nine two dot one six eight dot zero dot one',
  ),
  f('IP_ADDRESS', 'Ping 2001:db8::8a2e:370:7334 and 10.0.0.254 now.', '2001:db8::8a2e:370:7334'),
  f('FILENAME', 'The file is called budget dot x l s x', 'budget dot x l s x'),
  f('FILENAME', 'See Taxes/2012/brad-tax-returns.pdf for that.', 'Taxes/2012/brad-tax-returns.pdf'),
  f('USERNAME', 'My username is cool cat ninety nine', 'cool cat ninety nine'),
  f('USERNAME', 'Follow @_PrivateAI for news.', '@_PrivateAI'),
  f('PASSWORD', 'The password is tiger one two three', 'tiger one two three'),
  f(
    'SSN',
    'My social security number is zero seven eight zero five one one two zero',
    'zero seven eight zero five one one two zero',
  ),
  f('SSN', 'SSN: 078-05-1120.', '078-05-1120'),
  f(
    'CREDIT_CARD',
    'The card number is four one one one one one one one one one one one one one one one',
    'four one one one one one one one one one one one one one one one',
  ),
  f('CREDIT_CARD', 'Charge 4111 1111 1111 1111 please.', '4111 1111 1111 1111'),
  f('CREDIT_CARD_EXPIRATION', 'It expires oh four twenty six', 'oh four twenty six'),
  f('CREDIT_CARD_EXPIRATION', 'Expiration date: 02/28.', '02/28'),
  f('CVV', 'And the security code is one two three', 'one two three'),
  f(
    'BANK_ACCOUNT',
    'My iban is g b two nine n w b k six zero one six one three three one nine two six eight one nine',
    'g b two nine n w b k six zero one six one three three one nine two six eight one nine',
  ),
  f('BANK_ACCOUNT', 'Pay to FR14 2004 1010 0505 0001 3M02 606 today.', 'FR14 2004 1010 0505 0001 3M02 606'),
  f(
    'BANK_ACCOUNT',
    'My checking account number is one two three four five six seven eight',
    'one two three four five six seven eight',
  ),
  f(
    'ROUTING_NUMBER',
    'The routing number is zero two one zero zero zero zero two one',
    'zero two one zero zero zero zero two one',
  ),
  f(
    'ACCOUNT_NUMBER',
    'My account number is one zero zero four two nine nine two',
    'one zero zero four two nine nine two',
  ),
  f('ACCOUNT_NUMBER', 'Member ID: HZ-5235-001.', 'HZ-5235-001'),
  f(
    'HEALTHCARE_NUMBER',
    'My medical record number is five five eight four four eight six',
    'five five eight four four eight six',
  ),
  f(
    'PASSPORT_NUMBER',
    'My passport number is p a four five six eight three three two',
    'p a four five six eight three three two',
  ),
  f(
    'DRIVER_LICENSE',
    "My driver's license number is d one two three four five six seven",
    'd one two three four five six seven',
  ),
  f('VEHICLE_ID', 'The license plate is b i f seven five four seven', 'b i f seven five four seven'),
  f('VEHICLE_ID', 'The VIN is 1HGCM82633A004352.', '1HGCM82633A004352'),
  f('NUMERICAL_PII', 'Your order number is a b one two three four five', 'a b one two three four five'),
  f(
    'ORGANIZATION_ID',
    'Our employer identification number is one two three four five six seven eight nine',
    'one two three four five six seven eight nine',
  ),
  f('MEDICAL_CODE', 'The ICD-10 code is R74.8 for that.', 'R74.8'),
  f(
    'LOCATION_ADDRESS',
    'I live at one four five windsor street apartment two',
    'one four five windsor street apartment two',
  ),
  f('LOCATION_ADDRESS', 'Send it to 221B Baker Street, London.', '221B Baker Street, London'),
  f('LOCATION_ADDRESS_STREET', 'The shop on main street is closed', 'main street'),
  f('LOCATION_CITY', 'I flew from berlin on friday', 'berlin'),
  f('LOCATION_COUNTRY', 'She moved to germany last year', 'germany'),
  f('LOCATION_STATE', 'They live in ontario now', 'ontario'),
  f('LOCATION_ZIP', 'My zip code is nine oh two one oh', 'nine oh two one oh'),
  f('LOCATION_COORDINATE', "We're at 40.748440, -73.984559 right now.", '40.748440, -73.984559'),
  f('LOCATION', 'We walked around the city of london all day', 'city of london'),
  f('ORGANIZATION', 'I work at microsoft as a tester', 'microsoft'),
  f('ORGANIZATION', 'We met the world health organization team', 'world health organization'),
  f('ORGANIZATION_MEDICAL_FACILITY', 'He was taken to saint mary hospital last night', 'saint mary hospital'),
  f('DATE', 'The hearing is on march seventh twenty twenty five', 'march seventh twenty twenty five'),
  f('DATE', 'Friday, Dec 18, 2002 was the day.', 'Friday, Dec 18, 2002'),
  f('DATE', 'Dated 02/03/97 at the top.', '02/03/97'),
  f('DATE_INTERVAL', 'The launch is planned for the second week of march', 'second week of march'),
  f('DATE_INTERVAL', 'I moved there in January 1984.', 'January 1984'),
  f('DOB', 'I was born on the fourth of july nineteen eighty two', 'fourth of july nineteen eighty two'),
  f('DOB', 'Date of birth: March 7, 1961.', 'March 7, 1961'),
  f('TIME', 'Let us meet at three thirty pm', 'three thirty pm'),
  f('TIME', 'The alarm went off at 19:37 sharp.', '19:37'),
  f('DURATION', 'The surgery took two and a half hours', 'two and a half hours'),
  f('DURATION', 'I lived there for 8 months.', '8 months'),
  f('AGE', 'She is twenty seven years old', 'twenty seven years old'),
  f('AGE', 'A 45-year-old man was admitted.', '45-year-old'),
  f('MONEY', 'It cost me five hundred dollars', 'five hundred dollars'),
  f('MONEY', 'The total is $94.50 today.', '$94.50'),
  f('STATISTICS', 'About eighteen percent of patients improved', 'eighteen percent'),
  f('FINANCIAL_METRIC', 'Earnings per share fell this quarter', 'Earnings per share'),
  f('FINANCIAL_METRIC', 'Revenue grew 12% year over year.', '12%'),
  f('TREND', 'We saw rising costs and shrinking margins', 'rising costs'),
  f('EFFECT', 'The strike weighed on earnings', 'weighed on earnings'),
  f('CORPORATE_ACTION', 'The board approved the merger yesterday', 'merger'),
  f('PRODUCT', 'I bought a new iphone and a toyota camry', 'toyota camry'),
  f('PROJECT', 'Project phoenix is behind schedule', 'Project phoenix'),
  f('EVENT', 'We watched the olympics together', 'olympics'),
  f('EVENT', 'See you at christmas eve dinner', 'christmas eve'),
  f('OCCUPATION', 'My wife is a software engineer', 'software engineer'),
  f('ORIGIN', 'And so my fellow american', 'american'),
  f('ORIGIN', 'He is sri lankan by birth', 'sri lankan'),
  f('LANGUAGE', 'I speak french and spanish at home', 'spanish'),
  f('LANGUAGE', 'She speaks mandarin fluently', 'mandarin'),
  f('RELIGION', 'She was raised catholic in boston', 'catholic'),
  f('POLITICAL_AFFILIATION', 'He has always been a republican voter', 'republican'),
  f('GENDER', 'The patient is female and stable', 'female'),
  f('SEXUALITY', 'My brother is gay and very happy', 'gay'),
  f('MARITAL_STATUS', 'I am divorced with two kids', 'divorced'),
  f('MARITAL_STATUS', "I'm single at the moment", 'single'),
  f('ZODIAC_SIGN', 'She is a virgo obviously', 'virgo'),
  f('PHYSICAL_ATTRIBUTE', 'I am six foot two tall with blue eyes', 'six foot two tall'),
  f('PHYSICAL_ATTRIBUTE', "I'm 190 cm tall.", '190 cm tall'),
  f('BLOOD_TYPE', 'My blood type is o negative', 'o negative'),
  f('CONDITION', 'I was diagnosed with type two diabetes last year', 'type two diabetes'),
  f('DRUG', 'I take ibuprofen for the pain', 'ibuprofen'),
  f('DOSE', 'Take five hundred milligrams twice a day', 'five hundred milligrams twice a day'),
  f('DOSE', 'Limit intake to 700 mg/day.', '700 mg/day'),
  f('INJURY', 'I broke my arm skiing', 'broke my arm'),
  f('MEDICAL_PROCESS', 'He needs heart surgery next month', 'heart surgery'),
];

/** Types found only inside another entity (a date's day, month and year): sentence, entity, inner text. */
export const PART_FIXTURES: Array<{ type: EntityType; sentence: string; part: string }> = [
  { type: 'DAY', sentence: 'I was born on the fourth of july nineteen eighty two', part: 'fourth' },
  { type: 'MONTH', sentence: 'I was born on the fourth of july nineteen eighty two', part: 'july' },
  {
    type: 'YEAR',
    sentence: 'I was born on the fourth of july nineteen eighty two',
    part: 'nineteen eighty two',
  },
  { type: 'NAME_GIVEN', sentence: 'I spoke with Sarah Connor yesterday.', part: 'Sarah' },
  { type: 'NAME_FAMILY', sentence: 'I spoke with Sarah Connor yesterday.', part: 'Connor' },
  { type: 'LOCATION_CITY', sentence: 'Send it to 221B Baker Street, London.', part: 'London' },
];

/** Sentences with nothing personal in them. */
export const CLEAN_SENTENCES = [
  'Good morning thanks for joining the planning call',
  'Happy to be here should we start with the budget',
  'Then I will share the numbers from last quarter',
  'He was not an ill disposed young man',
  'Unless to be rather cold hearted and rather selfish is to be ill disposed',
  'Look at the chart and tell me what you think',
  'We can do it one day when the weather is better',
];

/** An utterance with one word every 0.4 s from `at`, each 0.3 s long; `spaced` gives Gladia's leading spaces. */
export function utteranceOf(text: string, at = 0, spaced = false): Utterance {
  const words: Word[] = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({
      word: spaced && i > 0 ? ` ${word}` : word,
      start: Math.round((at + i * 0.4) * 1000) / 1000,
      end: Math.round((at + i * 0.4 + 0.3) * 1000) / 1000,
      confidence: 0.9,
    }));
  return {
    start: words[0]?.start ?? at,
    end: words[words.length - 1]?.end ?? at,
    confidence: 0.9,
    channel: 0,
    words,
    text: spaced ? words.map((w) => w.word).join('') : words.map((w) => w.word).join(' '),
    language: 'en',
  };
}

/** A transcription of the sentences, one utterance each, five seconds apart. */
export function transcriptionOf(sentences: string[], spaced = false): Transcription {
  const utterances = sentences.map((s, i) => utteranceOf(s, i * 5, spaced));
  return { full_transcript: utterances.map((u) => u.text.trim()).join(' '), languages: ['en'], utterances };
}
