import { memoisedPerWord } from './memo';

/**
 * The word lists behind the sentiment scorer, written for how AI answers describe products and
 * companies. Weights: 1 for ordinary evaluative words, 2 for strong ones. Words whose sense flips
 * with context in such answers ("top" in "top 10 tools", "worth" in "worth noting", "complex" for
 * capable software, "premium", "free") are left out on purpose.
 */
const POSITIVE: Record<string, number> = {
  best: 2, excellent: 2, outstanding: 2, exceptional: 2, superb: 2, amazing: 2, fantastic: 2,
  perfect: 2, love: 2, loved: 2, loves: 2,
  great: 1.5,
  good: 1, better: 1, reliable: 1, robust: 1, powerful: 1, intuitive: 1, easy: 1, 'user-friendly': 1,
  affordable: 1, 'cost-effective': 1, recommended: 1, recommend: 1, trusted: 1, secure: 1,
  fast: 1, efficient: 1, flexible: 1, seamless: 1, seamlessly: 1, comprehensive: 1, innovative: 1,
  favorite: 1, favourite: 1, solid: 1, strong: 1, impressive: 1, valuable: 1, helpful: 1,
  responsive: 1, scalable: 1, versatile: 1, polished: 1, praised: 1, 'award-winning': 1, standout: 1,
  ideal: 1, excels: 1, excel: 1, superior: 1, convenient: 1, elegant: 1, generous: 1, streamlined: 1,
  smooth: 1, stable: 1, accurate: 1, 'high-quality': 1, 'top-rated': 1, 'go-to': 1, leader: 1,
  leading: 1, 'well-designed': 1, 'easy-to-use': 1, transparent: 1, pleased: 1, satisfied: 1,
  // Said of products in comparisons: "cheaper than", "the simplest", "more thorough".
  cheaper: 1, cheapest: 1, simple: 1, clean: 1, thorough: 1, capable: 1, safe: 1, outperforms: 1,
  outperform: 1, beats: 1, ahead: 1, winner: 1, wins: 1, unmatched: 1, unbeatable: 1,
  comfortable: 1, durable: 1, accessible: 1, modern: 1, rich: 1, 'feature-rich': 1, loyal: 1,
  competitive: 1, consistent: 1, excellently: 2, praise: 1, strongest: 1.5, wide: 1,
  beautiful: 1, practical: 1, fun: 1, motivating: 1, friendly: 1, reasonable: 1, effective: 1, roomy: 1,
  topped: 1, deep: 1,
  beat: 1, flexibility: 1, customisable: 1, customizable: 1, largest: 1, lightweight: 1,
};

const NEGATIVE: Record<string, number> = {
  worst: 2, terrible: 2, awful: 2, horrible: 2, overpriced: 2, scam: 2, fraud: 2, useless: 2,
  bad: 1, poor: 1, poorly: 1, expensive: 1, pricey: 1, costly: 1, buggy: 1, glitchy: 1, slow: 1,
  unreliable: 1, complicated: 1, confusing: 1, difficult: 1, limited: 1, lacking: 1, lacks: 1,
  lack: 1, outdated: 1, clunky: 1, cumbersome: 1, frustrating: 1, disappointing: 1, disappointed: 1,
  issues: 1, problems: 1, problem: 1, complaints: 1, complaint: 1, criticized: 1, criticised: 1,
  controversial: 1, controversy: 1, scandal: 1, lawsuit: 1, breach: 1, insecure: 1, vulnerable: 1,
  downtime: 1, outage: 1, outages: 1, crashes: 1, unstable: 1, weak: 1, worse: 1, inferior: 1,
  mediocre: 1, lackluster: 1, lacklustre: 1, steep: 1, drawback: 1, drawbacks: 1, downside: 1,
  downsides: 1, fails: 1, failed: 1, failure: 1, unresponsive: 1, avoid: 1, concerns: 1, concern: 1,
  pricier: 1, pricer: 1, costlier: 1, dated: 1, cluttered: 1, overwhelming: 1, overkill: 1, weakness: 1,
  weaknesses: 1, mess: 1, messy: 1, criticism: 1, notorious: 2, lags: 1, clumsy: 1,
  fragile: 1, flimsy: 1, noisy: 1, annoying: 1, restrictive: 1, harder: 1, sluggish: 1, unclear: 1,
  surcharge: 1, harsh: 1, declined: 1, recalls: 1, recalled: 1, fined: 1,
  scrutiny: 1, waste: 1, overwhelms: 1, wrong: 1, loose: 1, stale: 1,
  priciest: 1, lost: 1, glitches: 1,
};

/**
 * General review vocabulary, for what AI answers say of any kind of business (restaurants, hotels,
 * airlines, clinics, banks, schools, trades), not only software and gadgets: common evaluative
 * adjectives of customer reviews, each at an ordinary word's weight. Words whose sense in such
 * answers is often descriptive ("cheap", "heavy", "premium", "fresh", "missing") are left out.
 */
const GENERAL_POSITIVE: Record<string, number> = {
  delicious: 1, tasty: 1, flavorful: 1, flavourful: 1, cozy: 1, cosy: 1, spacious: 1,
  knowledgeable: 1, courteous: 1, attentive: 1, prompt: 1, punctual: 1, dependable: 1,
  trustworthy: 1, reputable: 1, acclaimed: 1, beloved: 1, renowned: 1, sturdy: 1, vibrant: 1,
  stunning: 1, gorgeous: 1, pleasant: 1, enjoyable: 1, delightful: 1, wonderful: 2, brilliant: 2,
  terrific: 2, phenomenal: 2, exemplary: 1, 'top-notch': 2, 'world-class': 2, 'first-class': 1,
  'hassle-free': 1, painless: 1, effortless: 1, straightforward: 1, honest: 1, welcoming: 1,
  supportive: 1, quick: 1, quiet: 1, spotless: 1, immaculate: 1, 'well-made': 1, professional: 1,
  authentic: 1, charming: 1, sleek: 1, stylish: 1, luxurious: 1, snappy: 1, speedy: 1, timely: 1,
  precise: 1, thoughtful: 1, rewarding: 1, engaging: 1, satisfying: 1, worthwhile: 1, bargain: 1,
  inexpensive: 1, 'budget-friendly': 1, 'low-cost': 1, economical: 1, advantage: 1, advantages: 1,
  strength: 1, strengths: 1, improved: 1, enjoy: 1, enjoys: 1, appreciated: 1, praises: 1,
  successful: 1, 'well-reviewed': 1, 'highly-rated': 1, positive: 1, favorable: 1, favourable: 1,
  healthy: 1, nutritious: 1, wholesome: 1, caring: 1, compassionate: 1, organized: 1, organised: 1,
  'well-organized': 1, 'well-organised': 1, rave: 1, raves: 1, perks: 1,
  // A list's label, as "drawbacks" and "downsides" are: "**Pros:** …", "**Cons:** …".
  pros: 1,
  // A recommendation: "pick Xero", "the safer pick", "most startups choose Stripe".
  choose: 1, chooses: 1, pick: 1, picks: 1,
};

const GENERAL_NEGATIVE: Record<string, number> = {
  rude: 1, dirty: 1, filthy: 2, cramped: 1, crowded: 1, overcrowded: 1, bland: 1, greasy: 1,
  soggy: 1, tasteless: 1, unhelpful: 1, unprofessional: 1, inconsistent: 1, delays: 1, delayed: 1,
  broken: 1, defective: 1, faulty: 1, flawed: 1, flaws: 1, leaks: 1, leaky: 1, loud: 1,
  uncomfortable: 1, inconvenient: 1, unpleasant: 1, subpar: 1, 'sub-par': 1, shoddy: 1, overrated: 1,
  overhyped: 1, misleading: 1, deceptive: 1, predatory: 2, exorbitant: 2, unaffordable: 1,
  penalties: 1, sued: 1, fines: 1, hacked: 1, struggles: 1, struggling: 1, laggy: 1, crashing: 1,
  bugs: 1, unusable: 1, tedious: 1, bulky: 1, declining: 1, regret: 1, hate: 1, dislike: 1,
  unhappy: 1, dissatisfied: 1, frustrated: 1, hassle: 1, headache: 1, nightmare: 2, disaster: 2,
  dreadful: 2, abysmal: 2, unacceptable: 1, unsafe: 1, dangerous: 1, risky: 1, toxic: 1,
  unhealthy: 1, obsolete: 1, 'rip-off': 2, intrusive: 1, invasive: 1, spammy: 1, bloated: 1,
  convoluted: 1, opaque: 1, shady: 1, questionable: 1, dubious: 1, complained: 1, complain: 1,
  complains: 1, backlash: 1, bankruptcy: 1, negative: 1, unfavorable: 1, unfavourable: 1,
  cons: 1, disorganized: 1, disorganised: 1, chaotic: 1, unsanitary: 1, understaffed: 1, overbooked: 1,
  cancellations: 1, denied: 1, denials: 1, violations: 1, pushy: 1, impersonal: 1, 'low-quality': 1,
};

/**
 * Multi-word expressions, scored as one token so that negation and intensity apply to them whole.
 * The zero-weight ones are there to stop a negator from reaching past them: "not only good" is not
 * "not good", and "no doubt the best" is not "not the best".
 */
const PHRASES: Record<string, number> = {
  'learning curve': -1,
  'free to start': 1,
  'low price': 1,
  'low prices': 1,
  'lower price': 1,
  'lower prices': 1,
  'lower fees': 1,
  'no fees': 1,
  'higher fees': -1,
  'high fees': -1,
  'fees are high': -1,
  'prices are high': -1,
  'high prices': -1,
  'higher price': -1,
  'higher prices': -1,
  'falls behind': -1,
  'better value': 1,
  'best value': 1,
  'safe bet': 1,
  'go for': 0,
  'high quality': 1,
  'low quality': -1,
  'long wait': -1,
  'long waits': -1,
  'long lines': -1,
  'breaks down': -1,
  'broke down': -1,
  'go with': 1,
  'opt for': 1,
  'hard to use': -1,
  'hard to learn': -1,
  'falls short': -1,
  'fall short': -1,
  'hidden fees': -1,
  'stands out': 1,
  'stand out': 1,
  'value for money': 1,
  'worth it': 1,
  'worth the price': 1,
  'worth the money': 1,
  'worth its price': 1,
  'worth the cost': 1,
  'top choice': 1,
  'long warranty': 1,
  'longest warranty': 1,
  'last longer': 1,
  'lasts longer': 1,
  'leads on': 1,
  'more features': 1,
  'most features': 1,
  'fewer features': -1,
  'costs more': -1,
  'cost more': -1,
  'twice as much': -1,
  'pays more': 1,
  'hard to beat': 1,
  'scores highest': 1,
  'rated highest': 1,
  'fees are higher': -1,
  'prices are higher': -1,
  'price is higher': -1,
  'fees are lower': 1,
  'prices are lower': 1,
  'price is lower': 1,
  'raised prices': -1,
  'raising prices': -1,
  'raises prices': -1,
  'price rises': -1,
  'price hikes': -1,
  'hard to recommend': -1,
  'works well': 1,
  'work well': 1,
  'no free plan': -1,
  'no free tier': -1,
  'well built': 1,
  'well-built': 1,
  'costs less': 1,
  'cost less': 1,
  'prices rise': -1,
  'takes time': -1,
  'take time': -1,
  'not for everyone': -1,
  'better suited': 0,
  'best suited': 0,
  'not only': 0,
  'not just': 0,
  'no doubt': 0,
  'no wonder': 0,
  'at least': 0,
  'pros and cons': 0,
};

const WEIGHTS = new Map<string, number>([
  ...Object.entries(POSITIVE),
  ...Object.entries(GENERAL_POSITIVE),
  ...Object.entries(NEGATIVE).map(([word, weight]): [string, number] => [word, -weight]),
  ...Object.entries(GENERAL_NEGATIVE).map(([word, weight]): [string, number] => [word, -weight]),
  ...Object.entries(PHRASES),
]);

/** Adverbs that do not carry their adjective's sense: "widely available", "deeply discounted". */
const NOT_DERIVED = new Set(['widely', 'deeply', 'hugely', 'richly']);
/** The longest word whose derived forms are looked up. */
const MAX_DERIVED = 30;
/** Adverb endings and what the adjective ends in instead: `easily` easy, `reliably` reliable, `beautifully` beautiful. */
const ADVERB_ENDINGS: readonly (readonly [string, readonly string[]])[] = [
  ['ily', ['y']],
  ['ably', ['able']],
  ['ibly', ['ible']],
  ['ly', ['', 'e']],
];

/** The weight of the adjective an adverb is made from (`beautifully` as `beautiful`); undefined when none is listed. */
function adverbBase(token: string): number | undefined {
  if (token in INTENSITY || NOT_DERIVED.has(token)) return undefined;
  const [ending, replacements] = ADVERB_ENDINGS.find(([end]) => token.endsWith(end) && token.length >= end.length + 3) ?? ['', []];
  for (const replacement of replacements) {
    const weight = WEIGHTS.get(token.slice(0, token.length - ending.length) + replacement);
    if (weight !== undefined) return weight;
  }
  return undefined;
}

/** Plurals that name something else than their singular's sense: "goods" are wares. */
const NOT_PLURAL = new Set(['goods', 'bests', 'betters']);

/** The weight of a noun's or verb's singular (`breaches` as `breach`, `controversies` as `controversy`); undefined when none is listed. */
function pluralBase(token: string): number | undefined {
  if (!token.endsWith('s') || token.length < 5 || NOT_PLURAL.has(token)) return undefined;
  const bases = token.endsWith('ies') ? [`${token.slice(0, -3)}y`] : token.endsWith('es') ? [token.slice(0, -2), token.slice(0, -1)] : [token.slice(0, -1)];
  for (const base of bases) {
    const weight = WEIGHTS.get(base);
    if (weight !== undefined) return weight;
  }
  return undefined;
}

/**
 * Signed weight of a word or phrase, 0 when it carries no sentiment. A comparative or superlative
 * not listed weighs as its base word: `faster`, `fastest` as `fast`, `easier` as `easy`, `safest` as `safe`.
 */
export function polarity(token: string): number {
  const listed = WEIGHTS.get(token);
  if (listed !== undefined) return listed;
  // Derived forms are read on words of ordinary length only: a long run of letters is no word.
  if (token.length > MAX_DERIVED) return 0;
  return derived(token);
}

/** Words not listed, by the weight derived from a listed word: each derived once, answers repeating their words. */
const derived = memoisedPerWord(derivedPolarity, 50_000);

function derivedPolarity(token: string): number {
  // `best-sounding`, `better-tasting`: the comparison decides.
  const first = /^(best|worst|better|worse)-/.exec(token)?.[1];
  if (first) return WEIGHTS.get(first)!;
  // `ultra-fast`, `super-smooth`: the word intensified decides.
  const intensified = /^(?:ultra|super|extra|hyper)-(\p{L}+)$/u.exec(token)?.[1];
  if (intensified) return polarity(intensified);
  const adverb = adverbBase(token);
  if (adverb !== undefined) return adverb;
  const plural = pluralBase(token);
  if (plural !== undefined) return plural;
  const degree = /^(\p{L}{3,}?)(i?)(est|er)$/u.exec(token);
  if (!degree) return 0;
  const base = degree[1]!;
  const candidates = degree[2] ? [`${base}y`] : [base, `${base}e`];
  for (const word of candidates) {
    const weight = WEIGHTS.get(word);
    if (weight !== undefined) return weight;
  }
  return 0;
}

const NEGATORS = new Set(['less', 'least', 'fewer', 'not', 'no', 'never', 'none', 'nothing', 'neither', 'nor', 'without', 'hardly', 'barely', 'cannot', 'cant', 'dont', 'doesnt', 'isnt', 'wont', 'arent', 'wasnt']);

/** Words that reverse the sentiment of the next few words ("not good", "isn't the best", "no issues"). */
export function isNegator(token: string): boolean {
  return NEGATORS.has(token) || token.endsWith("n't");
}

/** The multi-word expressions by their first word, longest first so that the longest match wins. */
export const PHRASES_BY_FIRST_WORD: ReadonlyMap<string, readonly (readonly string[])[]> = Object.keys(PHRASES)
  .map((phrase) => phrase.split(' '))
  .sort((a, b) => b.length - a.length)
  .reduce((byFirst, words) => byFirst.set(words[0]!, [...(byFirst.get(words[0]!) ?? []), words]), new Map<string, (readonly string[])[]>());

/** Factors by which a word scales the sentiment word that follows it. */
export const INTENSITY: Record<string, number> = {
  very: 1.5, extremely: 1.5, highly: 1.5, really: 1.5, incredibly: 1.5, exceptionally: 1.5,
  particularly: 1.5, remarkably: 1.5, truly: 1.5, especially: 1.5, super: 1.5, so: 1.5, most: 1.5,
  absolutely: 1.5, consistently: 1.5,
  somewhat: 0.5, slightly: 0.5, fairly: 0.5, rather: 0.5, relatively: 0.5, bit: 0.5, little: 0.5,
  mildly: 0.5, occasionally: 0.5, sometimes: 0.5, can: 0.5, may: 0.5, might: 0.5, could: 0.5,
};

/** Words after which the sentence's weight shifts: what follows "but" is what the writer means. */
export const CONTRAST = new Set(['but', 'however']);
