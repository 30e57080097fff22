/**
 * Places and people: proper nouns an answer puts in bold or in a list that are not brands
 * (`**Paris** – Le Marais…`, `teachers such as **Tara Brach**`). Countries come from the runtime's
 * CLDR data (`Intl.DisplayNames`); cities and given names are short lists of the most common, since
 * an answer about products names few others.
 */
import { foldKey } from './fold';

/** Large and often-visited cities, as answers about shopping, travel and markets name them. */
const CITIES = [
  ...('amsterdam athens atlanta austin bangkok barcelona beijing berlin boston brussels budapest cairo chicago copenhagen dallas ' +
    'delhi denver dubai dublin edinburgh frankfurt geneva glasgow hamburg helsinki houston istanbul jakarta johannesburg kyoto ' +
    'lagos lisbon london madrid manchester manila melbourne miami milan montreal moscow mumbai munich nairobi oslo osaka paris ' +
    'philadelphia prague rome santiago seattle seoul shanghai singapore stockholm sydney taipei tokyo toronto vancouver vienna ' +
    'warsaw washington zurich'
  ).split(' '),
  'buenos aires', 'cape town', 'new delhi', 'hong kong', 'las vegas', 'los angeles', 'mexico city', 'new york', 'new york city',
  'rio de janeiro', 'san diego', 'san francisco', 'sao paulo', 'tel aviv',
];

/**
 * Common given names (English-speaking countries' most frequent, both sexes): the first word of
 * `Tim Ferriss` or `Casey Newton`, when a bold span in prose is a person.
 */
const GIVEN_NAMES = new Set(
  (
    'aaron adam adrian alan alex alexander alice alison amanda amy andrea andrew angela anna anne anthony arthur ashley ' +
    'barbara ben benjamin beth betty bill bob brad brandon brenda brian bruce carl carol caroline casey catherine charles charlie ' +
    'chris christina christine christopher claire craig cynthia dan daniel david deborah dennis diana diane donald donna doug ' +
    'dylan ed edward elizabeth ellen emily emma eric erin ethan eva frank gary george gordon grace greg gregory hannah harry ' +
    'heather helen henry ian jack jacob james jamie jane janet jason jeff jeffrey jennifer jeremy jerry jessica jim joan joe ' +
    'john jonathan jordan jose joseph josh joshua joyce judith julia julie justin karen kate katherine kathleen kathy keith kelly ' +
    'ken kenneth kevin kim kyle larry laura lauren lenny linda lisa liz louise lucy luke margaret maria marie mark martha ' +
    'mary matt matthew megan melissa michael michelle mike nancy natalie nathan neil nicholas nick nicole noah olivia pamela ' +
    'patricia patrick paul peter rachel ralph raymond rebecca richard rob robert roger ronald rose russell ruth ryan sam samantha ' +
    'samuel sandra sara sarah scott sean seth sharon simon sophie stephanie stephen steve steven susan tara taylor teresa ' +
    'thomas tim timothy tina todd tom tony tyler victoria vincent walter wayne william zach'
  ).split(' '),
);

let places: Set<string> | undefined;

/** Every country name the runtime knows in English, from all two-letter region codes, and the cities above. */
function placeNames(): Set<string> {
  if (places) return places;
  const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
  const countries = letters.flatMap((a) => letters.map((b) => regions.of(a + b))).filter((name): name is string => name !== undefined);
  places = new Set([...countries, ...CITIES].map((name) => foldKey(name)));
  return places;
}

/** Whether `name` is a country or one of the cities above (`Ghana`, `Paris`, `New York`). */
export function isPlaceName(name: string): boolean {
  return placeNames().has(foldKey(name));
}

/** `Tara Brach`: two capitalised words, the first a common given name. */
export function looksLikePerson(name: string): boolean {
  const words = name.split(' ');
  return words.length === 2 && words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)) && GIVEN_NAMES.has(foldKey(words[0]!));
}
