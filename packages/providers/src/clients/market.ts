/**
 * How a market (an ISO 3166-1 alpha-2 country code, any case: trackers and briefs store it lower
 * case) is named in the parameters of the providers that localise. A client reports `localised`
 * from the parameter it actually sent, so the label and the request cannot disagree.
 */

/**
 * The `user_location` of OpenAI's and Anthropic's web search tools: the country alone, upper case
 * as both documents write it. A city or region would pin the answer to one place in the market.
 */
export function approximateLocation(country: string): { type: 'approximate'; country: string } {
  return { type: 'approximate', country: country.toUpperCase() };
}

/** The language of Google's interface (SerpApi's `hl`) for a country whose code is not below. */
const DEFAULT_GOOGLE_LANGUAGE = 'en';

/**
 * Google's interface language (`hl`, codes from Google's language list: `pt-br`, `zh-tw`, `iw`)
 * in the countries where most searches are made in a language other than English. Every other
 * country gets English: the English-speaking markets, and those with no clear majority language
 * of search. A Map, not an object, so that no code can reach an inherited property.
 */
const GOOGLE_LANGUAGES = new Map(
  Object.entries({
    ar: 'es', at: 'de', be: 'nl', bg: 'bg', bo: 'es', br: 'pt-br', ch: 'de', cl: 'es', cn: 'zh-cn', co: 'es',
    cr: 'es', cz: 'cs', de: 'de', dk: 'da', do: 'es', ec: 'es', ee: 'et', eg: 'ar', es: 'es', fi: 'fi',
    fr: 'fr', gr: 'el', gt: 'es', hk: 'zh-tw', hr: 'hr', hu: 'hu', id: 'id', il: 'iw', ir: 'fa', is: 'is',
    it: 'it', jp: 'ja', kr: 'ko', li: 'de', lt: 'lt', lu: 'fr', lv: 'lv', mc: 'fr', md: 'ro', mx: 'es',
    nl: 'nl', no: 'no', pa: 'es', pe: 'es', pl: 'pl', pt: 'pt-pt', py: 'es', ro: 'ro', rs: 'sr', ru: 'ru',
    sa: 'ar', se: 'sv', si: 'sl', sk: 'sk', th: 'th', tr: 'tr', tw: 'zh-tw', ua: 'uk', uy: 'es', ve: 'es',
    vn: 'vi',
  }),
);

/** `de` → `de`, `BR` → `pt-br`, `gb` → `en`. */
export function googleLanguage(country: string): string {
  return GOOGLE_LANGUAGES.get(country.toLowerCase()) ?? DEFAULT_GOOGLE_LANGUAGE;
}
