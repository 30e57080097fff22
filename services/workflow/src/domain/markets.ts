/**
 * Where keyword data and search questions are localised. DataForSEO takes
 * Google Ads location codes, which for a country are 2000 + its ISO 3166-1
 * numeric code (2840 = United States), and a language code. The markets below
 * are those DataForSEO Labs and Google Ads keyword data cover well; the
 * language is the one most searches in the country are made in.
 */
export interface Market {
  country: string;
  locationCode: number;
  languageCode: string;
}

const MARKETS: Record<string, [isoNumeric: number, language: string]> = {
  ae: [784, 'en'],
  ar: [32, 'es'],
  at: [40, 'de'],
  au: [36, 'en'],
  be: [56, 'nl'],
  br: [76, 'pt'],
  ca: [124, 'en'],
  ch: [756, 'de'],
  cl: [152, 'es'],
  co: [170, 'es'],
  cz: [203, 'cs'],
  de: [276, 'de'],
  dk: [208, 'da'],
  eg: [818, 'ar'],
  es: [724, 'es'],
  fi: [246, 'fi'],
  fr: [250, 'fr'],
  gb: [826, 'en'],
  gr: [300, 'el'],
  hk: [344, 'zh-TW'],
  hu: [348, 'hu'],
  id: [360, 'id'],
  ie: [372, 'en'],
  in: [356, 'en'],
  it: [380, 'it'],
  jp: [392, 'ja'],
  ke: [404, 'en'],
  kr: [410, 'ko'],
  mx: [484, 'es'],
  my: [458, 'en'],
  ng: [566, 'en'],
  nl: [528, 'nl'],
  no: [578, 'no'],
  nz: [554, 'en'],
  pe: [604, 'es'],
  ph: [608, 'en'],
  pl: [616, 'pl'],
  pt: [620, 'pt'],
  ro: [642, 'ro'],
  sa: [682, 'ar'],
  se: [752, 'sv'],
  sg: [702, 'en'],
  th: [764, 'th'],
  tr: [792, 'tr'],
  tw: [158, 'zh-TW'],
  ua: [804, 'uk'],
  us: [840, 'en'],
  vn: [704, 'vi'],
  za: [710, 'en'],
};

/** The market of a lower-case country code, or null when keyword data is not offered there. */
export function marketOf(country: string): Market | null {
  const entry = MARKETS[country];
  return entry ? { country, locationCode: 2000 + entry[0], languageCode: entry[1] } : null;
}

export const SUPPORTED_MARKETS = Object.keys(MARKETS);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** `us` → `United States`, for people to read. */
export function countryName(country: string): string {
  return regionNames.of(country.toUpperCase()) ?? country.toUpperCase();
}

/** `de` → `German`. */
export function languageName(languageCode: string): string {
  return languageNames.of(languageCode) ?? languageCode;
}
