// Place names compromise splits or misses in lower-case text: countries of several words, US states,
// Canadian provinces and territories. Lower case, "|"-separated.

export const COUNTRIES =
  'united states|united states of america|the united states|usa|u s a|united kingdom|the united kingdom|' +
  'great britain|northern ireland|united arab emirates|south africa|new zealand|sri lanka|saudi arabia|' +
  'south korea|north korea|costa rica|puerto rico|el salvador|hong kong|czech republic|dominican republic|' +
  'ivory coast|sierra leone|burkina faso|papua new guinea|trinidad and tobago|bosnia and herzegovina|' +
  'north macedonia|east timor|south sudan|the netherlands|the philippines|the bahamas|the gambia|vatican city';

export const STATES =
  'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|' +
  'illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|' +
  'mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|north carolina|' +
  'north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|' +
  'utah|vermont|virginia|west virginia|wisconsin|wyoming|district of columbia|ontario|quebec|british columbia|' +
  'alberta|manitoba|saskatchewan|nova scotia|new brunswick|newfoundland|prince edward island|yukon|nunavut|' +
  'northwest territories|bavaria|catalonia|andalusia|tuscany|sicily|brittany|normandy|provence|' +
  'queensland|new south wales|tasmania';

export const CITIES =
  'new york city|los angeles|san francisco|san diego|san jose|san antonio|las vegas|new orleans|salt lake city|' +
  'kansas city|oklahoma city|mexico city|rio de janeiro|sao paulo|são paulo|buenos aires|hong kong|tel aviv|' +
  'abu dhabi|kuala lumpur|cape town|st louis|saint louis|st petersburg|saint petersburg|ho chi minh city|' +
  'new delhi|washington dc|washington d c|quebec city|frankfurt am main';
