// Word lists for events, products and the corporate entity types of spec §2.7. Lower case, "|"-separated.

export const EVENTS =
  'olympics|olympic games|winter olympics|summer olympics|paralympics|world cup|' +
  'super bowl|world series|stanley cup|nba finals|wimbledon|us open|french open|' +
  'australian open|tour de france|grand prix|champions league|euro cup|march madness|' +
  'boston marathon|new york marathon|london marathon|comic con|comic-con|ces|sxsw|south by southwest|' +
  'burning man|coachella|glastonbury|oktoberfest|mardi gras|eurovision|oscars|' +
  'academy awards|grammys|golden globes|emmys|met gala|black friday|cyber monday|' +
  "prime day|christmas|christmas eve|christmas day|new year's eve|new year's day|new year|thanksgiving|" +
  'easter|good friday|passover|hanukkah|chanukah|yom kippur|rosh hashanah|ramadan|eid|eid al-fitr|' +
  "eid al-adha|diwali|holi|lunar new year|chinese new year|halloween|valentine's day|mother's day|" +
  "father's day|independence day|fourth of july|labor day|labour day|memorial day|veterans day|" +
  "remembrance day|boxing day|st patrick's day|saint patrick's day|canada day|bastille day|" +
  'martin luther king day|presidents day|juneteenth|kwanzaa|world war one|world war two|world war i|' +
  'world war ii|cold war|great depression|9/11|brexit';

export const PRODUCTS =
  'iphone|ipad|ipod|imac|macbook|macbook pro|macbook air|apple watch|airpods|apple tv|vision pro|' +
  'samsung galaxy|galaxy s|google pixel|chromebook|android|windows ten|windows eleven|' +
  'microsoft office|office 365|microsoft teams|powerpoint|xbox|playstation|ps5|' +
  'ps4|nintendo switch|kindle|fire tv|ring doorbell|surface pro|thinkpad|' +
  'photoshop|salesforce|chatgpt|gpt-4|' +
  'google maps|gmail|youtube|instagram|whatsapp|tiktok|spotify|netflix|snapchat|linkedin|facebook|' +
  'model s|model 3|model x|model y|cybertruck|toyota camry|camry|corolla|prius|rav4|honda civic|' +
  'cr-v|ford f-150|f-150|mustang|jeep wrangler|wrangler|chevy silverado|silverado|volkswagen golf|golf gti|' +
  'bmw x5|range rover|big mac|whopper|coca-cola|pepsi|red bull|starbucks latte|frappuccino|lego|' +
  'barbie|monopoly|minecraft|fortnite|call of duty|grand theft auto|roblox|tylenol pm';

export const CORPORATE_ACTIONS =
  'merger|mergers|merged|acquisition|acquisitions|acquired|takeover|hostile takeover|buyout|' +
  'leveraged buyout|stock split|reverse stock split|share buyback|stock buyback|buyback|share repurchase|' +
  'dividend|dividends|special dividend|dividend cut|spin-off|spinoff|spun off|ipo|initial public offering|' +
  'went public|going public|delisting|delisted|layoffs|laid off|restructuring|reorganization|bankruptcy|' +
  'chapter eleven|chapter 11|filed for bankruptcy|rebranding|rebranded|renamed|divestiture|divested|' +
  'joint venture|rights issue|tender offer|recapitalization|liquidation|consolidation|downsizing|' +
  'store closures|plant closure';

export const FINANCIAL_METRICS =
  'earnings per share|eps|adjusted earnings per share|revenue|revenues|net revenue|gross revenue|' +
  'operating income|net income|net profit|gross profit|gross margin|operating margin|profit margin|' +
  'net margin|ebitda|ebit|free cash flow|cash flow|operating cash flow|return on equity|roe|' +
  'return on investment|roi|return on assets|price to earnings|p/e ratio|pe ratio|debt to equity|' +
  'market cap|market capitalization|book value|same store sales|comparable sales|like-for-like sales|' +
  'online sales|sales growth|revenue growth|year over year growth|quarterly earnings|' +
  'operating expenses|opex|capex|capital expenditure|burn rate|annual recurring revenue|arr|' +
  'monthly recurring revenue|mrr|customer acquisition cost|churn rate|gross merchandise value|gmv';

/** Directions of change: with a financial word after them they are a trend ("rising costs"). */
export const TREND_WORDS =
  'rising|falling|declining|growing|increasing|decreasing|shrinking|accelerating|slowing|slowed|slumping|' +
  'soaring|surging|plunging|plummeting|recovering|stagnating|weakening|strengthening|improving|worsening|' +
  'record|higher|lower|tighter|widening|narrowing';
export const TREND_OBJECTS =
  'costs|prices|profits|margins|sales|demand|revenue|revenues|earnings|spending|inflation|interest rates|' +
  'rates|wages|unemployment|growth|market share|shift|volumes|orders|returns|valuations|yields|debt';

/** Verbs of effect on a result: "weighed on earnings", "boosted sales". */
export const EFFECT_VERBS =
  'boosted|boosts|boost|hurt|hurts|weighed on|weighs on|weigh on|dragged down|drags down|drag down|lifted|' +
  'lifts|lift|offset|offsets|hit|hits|impacted|impacts|dented|dents|squeezed|squeezes|eroded|erodes|' +
  'pressured|pressures|fueled|fuelled|drove|drives|drive|cut into|cuts into|reduced|reduces|increased|increases';
export const EFFECT_OBJECTS =
  'earnings|sales|revenue|revenues|profits|profit|margins|margin|results|growth|demand|performance|' +
  'the bottom line|bottom line|returns|cash flow|share price|the share price|stock price|the stock';
