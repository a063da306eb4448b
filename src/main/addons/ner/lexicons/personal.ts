// Word lists for personal attributes (spec §2.7). Phrases are lower case, separated by "|".

export const RELIGIONS =
  'christian|christians|christianity|catholic|catholics|roman catholic|catholicism|protestant|protestants|' +
  'presbyterian|methodist|baptist|lutheran|anglican|episcopalian|evangelical|pentecostal|mormon|latter-day saint|' +
  "jehovah's witness|orthodox christian|greek orthodox|russian orthodox|quaker|amish|mennonite|adventist|" +
  'muslim|muslims|islam|islamic|sunni|shia|shiite|sufi|jewish|jew|jews|judaism|orthodox jewish|hasidic|' +
  'hindu|hindus|hinduism|buddhist|buddhists|buddhism|sikh|sikhs|sikhism|jain|jainism|taoist|taoism|shinto|' +
  "zoroastrian|bahai|baha'i|rastafarian|wiccan|pagan|atheist|atheists|atheism|agnostic|agnostics|scientologist";

export const POLITICAL =
  'democrat|democrats|democratic party|republican|republicans|republican party|gop|liberal|liberals|' +
  'conservative|conservatives|tory|tories|labour party|labor party|green party|libertarian|libertarians|' +
  'socialist|socialists|socialism|communist|communists|communism|marxist|marxism|fascist|fascism|nationalist|' +
  'far right|far left|alt right|alt-right|centrist|progressive|progressives|maga|independent voter|' +
  'social democrat|christian democrat|liberal democrat|lib dem|whig|anarchist|anarchism|populist';

export const GENDERS =
  'male|female|non-binary|nonbinary|non binary|transgender|trans woman|trans man|trans|cisgender|cis|' +
  'genderqueer|genderfluid|gender fluid|agender|intersex|two-spirit';

export const SEXUALITIES =
  'gay|lesbian|bisexual|heterosexual|homosexual|queer|asexual|pansexual|lgbt|lgbtq|lgbtqia|demisexual';

export const MARITAL_STATUSES =
  'married|divorced|widowed|widow|widower|ex-wife|ex wife|ex-husband|ex husband|common-law|common law|' +
  'common-law partner|domestic partner|fiance|fiancé|fiancee|fiancée|remarried|newlywed|newlyweds';
/** Statuses that are marital only after "I'm / is / am": "single", "separated". */
export const MARITAL_AFTER_COPULA = 'single|separated|engaged';

export const ZODIAC_SIGNS = 'aries|taurus|gemini|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces';
/** Signs that are also other words: only beside "sign", "zodiac", "horoscope" or "I'm a". */
export const AMBIGUOUS_SIGNS = 'cancer|leo';

export const ORIGINS =
  'african american|african-american|latino|latina|latinx|hispanic|asian american|native american|' +
  'indigenous|aboriginal|first nations|inuit|métis|metis|pacific islander|caucasian|arab|arabs|romani|' +
  'sri lankan|new zealander|kiwi|south african|south korean|north korean|puerto rican|dominican|salvadoran|' +
  'guatemalan|honduran|cuban|haitian|jamaican|nigerian|kenyan|ghanaian|ethiopian|somali|sudanese|egyptian|' +
  'moroccan|algerian|tunisian|lebanese|syrian|iraqi|iranian|persian|afghan|pakistani|bangladeshi|nepali|' +
  'vietnamese|filipino|filipina|thai|indonesian|malaysian|singaporean|taiwanese|kurdish|turkish|armenian|' +
  'ukrainian|polish|czech|slovak|hungarian|romanian|bulgarian|serbian|croatian|bosnian|albanian|greek|' +
  'irish|scottish|welsh|british|english|dutch|flemish|belgian|swiss|austrian|danish|swedish|norwegian|finnish|' +
  'icelandic|portuguese|brazilian|argentinian|argentine|chilean|peruvian|colombian|venezuelan|mexican|' +
  'canadian|american|australian|french|german|italian|spanish|russian|chinese|japanese|korean|indian|' +
  'quebecois|québécois|basque|catalan|sicilian|bavarian|cajun|creole|tamil|punjabi|gujarati|bengali';

/** Physical attributes that are phrases; heights and weights are read as numbers elsewhere. */
export const PHYSICAL =
  'blue eyes|brown eyes|green eyes|hazel eyes|grey eyes|gray eyes|dark eyes|blonde hair|blond hair|brown hair|' +
  'black hair|red hair|grey hair|gray hair|white hair|curly hair|straight hair|dark hair|long hair|short hair|' +
  'bald|balding|redhead|freckles|tattoo|tattoos|birthmark|scar|scars|beard|mustache|moustache|overweight|' +
  'underweight|obese|skinny|petite|muscular|pale skin|dark skin|fair skin|olive skin|wheelchair user|' +
  'in a wheelchair|amputee|hard of hearing|black man|black woman|black person|black people|' +
  'white man|white woman|white person|white people|person of color|people of color|biracial|mixed race|' +
  'black community|black students';

export const OCCUPATIONS =
  'doctor|physician|surgeon|nurse|registered nurse|nurse practitioner|paramedic|pharmacist|dentist|therapist|' +
  'psychologist|psychiatrist|counselor|social worker|teacher|professor|lecturer|principal|tutor|student|' +
  'engineer|software engineer|software developer|developer|programmer|data scientist|architect|designer|' +
  'graphic designer|lawyer|attorney|solicitor|barrister|judge|paralegal|accountant|cpa|auditor|bookkeeper|' +
  'banker|financial advisor|financial analyst|analyst|consultant|economist|actuary|broker|stockbroker|' +
  'real estate agent|realtor|salesman|saleswoman|sales rep|sales representative|cashier|receptionist|secretary|' +
  'administrative assistant|manager|project manager|product manager|ceo|cfo|cto|coo|executive|' +
  'director|entrepreneur|business owner|chef|baker|waiter|waitress|bartender|barista|butcher|farmer|' +
  'fisherman|carpenter|plumber|electrician|mechanic|welder|construction worker|builder|painter|janitor|' +
  'housekeeper|nanny|babysitter|truck driver|taxi driver|bus driver|pilot|flight attendant|' +
  'police officer|policeman|policewoman|detective|firefighter|fireman|soldier|sailor|veteran|' +
  'security guard|journalist|reporter|editor|writer|author|novelist|poet|photographer|artist|musician|singer|' +
  'actor|actress|dancer|comedian|athlete|coach|scientist|researcher|biologist|chemist|physicist|' +
  'mathematician|librarian|pastor|priest|rabbi|imam|minister|politician|mayor|senator|governor|' +
  'civil servant|veterinarian|optometrist|dietitian|nutritionist|midwife|caregiver|hairdresser|barber|' +
  'stylist|tailor|translator|interpreter|programme manager|recruiter|hr manager|marketing manager|' +
  'web developer|it technician|technician|lab technician|machinist|miner|logger|gardener|landscaper|' +
  'postman|mail carrier|courier|delivery driver|warehouse worker|retail worker|store manager|clerk';
