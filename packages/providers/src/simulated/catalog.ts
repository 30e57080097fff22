/**
 * What the simulation knows about a few markets: plausible products, what
 * reviewers praise and criticise, and where such answers find their sources.
 * A prompt about none of them gets invented product names (see brands.ts).
 */
export type Product = { name: string; domain: string };

export type Market = {
  /** As used in a sentence: "the best {label}". */
  label: string;
  /** Listed roughly by market standing: earlier names tend to rank higher. */
  products: Product[];
  strengths: string[];
  weaknesses: string[];
  sources: SourceKey[];
  subreddit: string;
};

/** `Name` alone derives the domain from its first word (`Zoho CRM` → zoho.com). */
function products(...entries: Array<string | [string, string]>): Product[] {
  return entries.map((e) => (Array.isArray(e) ? { name: e[0], domain: e[1] } : { name: e, domain: domainOf(e) }));
}

export function domainOf(name: string): string {
  const firstWord = name.split(/\s+/)[0] ?? name;
  return `${firstWord.toLowerCase().replace(/[^a-z0-9]/g, '') || 'example'}.com`;
}

const SOFTWARE_SOURCES: SourceKey[] = ['g2', 'capterra', 'forbes', 'techradar', 'pcmag', 'zapier', 'reddit', 'youtube'];
const SOFTWARE_WEAKNESSES = [
  'pricing that climbs quickly as you add seats',
  'a steep learning curve',
  'limited reporting on the cheaper plans',
  'support that users describe as slow',
  'an interface that feels cluttered',
  'key features locked behind the top tier',
];

/** Each market with the pattern that recognises a prompt about it. */
export const MARKETS: Array<Market & { pattern: RegExp }> = [
  {
    pattern: /\bcrm\b|customer relationship|sales pipeline/i,
    label: 'CRM software',
    products: products('Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Freshsales', ['Monday Sales CRM', 'monday.com'], ['Close', 'close.com'], 'Copper', 'Insightly', 'Attio', 'Keap', 'Nutshell'),
    strengths: ['a generous free plan', 'deep customisation', 'a clear visual pipeline', 'strong email integration', 'powerful workflow automation', 'robust reporting', 'a large app marketplace'],
    weaknesses: SOFTWARE_WEAKNESSES,
    sources: SOFTWARE_SOURCES,
    subreddit: 'sales',
  },
  {
    pattern: /project management|task management|\bkanban\b|team collaboration/i,
    label: 'project management tool',
    products: products('Asana', 'Trello', ['Monday.com', 'monday.com'], 'ClickUp', ['Jira', 'atlassian.com'], 'Notion', 'Wrike', 'Basecamp', 'Smartsheet', ['Linear', 'linear.app'], 'Teamwork'),
    strengths: ['flexible board, list and timeline views', 'polished collaboration features', 'solid automations', 'a gentle learning curve', 'good resource planning', 'fast, keyboard-friendly design'],
    weaknesses: SOFTWARE_WEAKNESSES,
    sources: SOFTWARE_SOURCES,
    subreddit: 'projectmanagement',
  },
  {
    pattern: /e-?mail marketing|newsletter|email campaign/i,
    label: 'email marketing platform',
    products: products('Mailchimp', 'Klaviyo', 'Brevo', ['Kit', 'kit.com'], 'ActiveCampaign', 'Constant Contact', 'MailerLite', 'Beehiiv', 'Omnisend'),
    strengths: ['excellent deliverability', 'easy drag-and-drop templates', 'advanced segmentation', 'strong e-commerce integrations', 'a free tier for small lists'],
    weaknesses: ['costs that rise steeply with list size', 'limited automation on the free plan', 'dated templates', 'a confusing billing model'],
    sources: SOFTWARE_SOURCES,
    subreddit: 'emailmarketing',
  },
  {
    pattern: /accounting|bookkeeping|invoic/i,
    label: 'accounting software',
    products: products(['QuickBooks', 'intuit.com'], 'Xero', 'FreshBooks', ['Wave', 'waveapps.com'], 'Zoho Books', 'Sage', ['NetSuite', 'oracle.com'], ['Bench', 'bench.co']),
    strengths: ['easy invoicing', 'reliable bank feeds', 'accountant-friendly reports', 'solid multi-currency support', 'a free starter plan'],
    weaknesses: ['frequent price increases', 'limited payroll features', 'slow customer support', 'a clunky mobile app'],
    sources: SOFTWARE_SOURCES,
    subreddit: 'smallbusiness',
  },
  {
    pattern: /vpn/i,
    label: 'VPN',
    products: products('NordVPN', 'ExpressVPN', 'Surfshark', ['Proton VPN', 'protonvpn.com'], ['Mullvad', 'mullvad.net'], 'CyberGhost', ['Private Internet Access', 'privateinternetaccess.com'], 'IPVanish'),
    strengths: ['fast connection speeds', 'an audited no-logs policy', 'reliable streaming unblocking', 'unlimited simultaneous devices', 'strong privacy features'],
    weaknesses: ['aggressive renewal pricing', 'inconsistent speeds on distant servers', 'a dated desktop app', 'limited server locations'],
    sources: ['cnet', 'techradar', 'pcmag', 'security', 'reddit', 'youtube'],
    subreddit: 'VPN',
  },
  {
    pattern: /running shoe|sneaker|\btrainers\b|marathon/i,
    label: 'running shoes',
    products: products(['Nike Pegasus', 'nike.com'], ['Brooks Ghost', 'brooksrunning.com'], ['Hoka Clifton', 'hoka.com'], ['Asics Gel-Nimbus', 'asics.com'], ['New Balance Fresh Foam 1080', 'newbalance.com'], ['Saucony Endorphin Speed', 'saucony.com'], ['On Cloudmonster', 'on.com'], ['Adidas Adizero Boston', 'adidas.com']),
    strengths: ['plush, well-balanced cushioning', 'a smooth heel-to-toe transition', 'excellent durability', 'a responsive, bouncy ride', 'a roomy toe box'],
    weaknesses: ['a narrow fit', 'a price that is hard to justify', 'outsoles that wear quickly', 'a firm feel on long runs'],
    sources: ['runrepeat', 'runnersworld', 'outdoorgearlab', 'reddit', 'youtube'],
    subreddit: 'RunningShoeGeeks',
  },
  {
    pattern: /laptop|notebook computer|ultrabook/i,
    label: 'laptop',
    products: products(['MacBook Air', 'apple.com'], ['Dell XPS 13', 'dell.com'], ['Lenovo ThinkPad X1 Carbon', 'lenovo.com'], ['HP Spectre x360', 'hp.com'], ['ASUS Zenbook 14', 'asus.com'], ['Framework Laptop 13', 'frame.work'], ['Microsoft Surface Laptop', 'microsoft.com'], ['Acer Swift Go', 'acer.com']),
    strengths: ['outstanding battery life', 'a bright, sharp display', 'a superb keyboard', 'a light, sturdy build', 'strong performance for the price'],
    weaknesses: ['too few ports', 'a price that climbs fast with upgrades', 'fans that get loud under load', 'a dim screen outdoors'],
    sources: ['theverge', 'rtings', 'notebookcheck', 'pcmag', 'techradar', 'reddit', 'youtube'],
    subreddit: 'SuggestALaptop',
  },
  {
    pattern: /\bseo\b|keyword research|backlink/i,
    label: 'SEO tool',
    products: products('Semrush', 'Ahrefs', ['Moz Pro', 'moz.com'], 'SE Ranking', ['Screaming Frog', 'screamingfrog.co.uk'], 'Similarweb', ['Ubersuggest', 'neilpatel.com'], 'Mangools'),
    strengths: ['a huge keyword database', 'accurate backlink data', 'thorough site audits', 'easy rank tracking', 'good value for small teams'],
    weaknesses: SOFTWARE_WEAKNESSES,
    sources: SOFTWARE_SOURCES,
    subreddit: 'SEO',
  },
  {
    pattern: /note[- ]taking|notes app|second brain/i,
    label: 'note-taking app',
    products: products('Notion', ['Obsidian', 'obsidian.md'], 'Evernote', ['Microsoft OneNote', 'microsoft.com'], ['Bear', 'bear.app'], ['Apple Notes', 'apple.com'], 'Logseq', ['Craft', 'craft.do']),
    strengths: ['fast, reliable sync', 'powerful linking between notes', 'offline-first local files', 'clean writing experience', 'flexible databases'],
    weaknesses: ['a subscription that feels expensive', 'a slow mobile app', 'weak export options', 'too many features for simple notes'],
    sources: SOFTWARE_SOURCES,
    subreddit: 'productivity',
  },
  {
    pattern: /website builder|e-?commerce|online store/i,
    label: 'website builder',
    products: products('Shopify', 'Wix', 'Squarespace', ['WordPress.com', 'wordpress.com'], ['Webflow', 'webflow.com'], 'BigCommerce', ['Framer', 'framer.com'], ['Hostinger Website Builder', 'hostinger.com']),
    strengths: ['beautiful templates', 'built-in payments', 'strong SEO tools', 'an easy visual editor', 'a large app ecosystem'],
    weaknesses: ['transaction fees on cheaper plans', 'limited design freedom', 'slow page loads', 'costly add-ons'],
    sources: SOFTWARE_SOURCES,
    subreddit: 'smallbusiness',
  },
  {
    pattern: /password manager/i,
    label: 'password manager',
    products: products('1Password', 'Bitwarden', 'Dashlane', 'LastPass', ['Keeper', 'keepersecurity.com'], ['Proton Pass', 'proton.me'], 'NordPass'),
    strengths: ['a clean cross-platform app', 'an open-source, audited codebase', 'excellent family sharing', 'built-in breach monitoring', 'a capable free plan'],
    weaknesses: ['past security incidents', 'a limited free tier', 'clunky browser autofill', 'a pricey family plan'],
    sources: ['cnet', 'pcmag', 'techradar', 'security', 'reddit', 'youtube'],
    subreddit: 'Passwords',
  },
  {
    pattern: /help ?desk|customer support software|customer service software|ticketing/i,
    label: 'help desk software',
    products: products('Zendesk', 'Freshdesk', 'Intercom', 'Help Scout', ['Front', 'front.com'], 'Gorgias', 'Zoho Desk'),
    strengths: ['a fast shared inbox', 'good AI-assisted replies', 'strong self-service knowledge bases', 'clear SLA reporting', 'simple setup'],
    weaknesses: SOFTWARE_WEAKNESSES,
    sources: SOFTWARE_SOURCES,
    subreddit: 'CustomerSuccess',
  },
];

/** For prompts outside the markets above. */
export const GENERIC_MARKET: Omit<Market, 'label' | 'products'> = {
  strengths: ['great value for money', 'consistent build quality', 'responsive customer support', 'ease of use', 'strong reliability'],
  weaknesses: ['a higher price than rivals', 'mixed reviews on durability', 'limited availability', 'slow shipping and support'],
  sources: ['wirecutter', 'consumerreports', 'forbes', 'techradar', 'reddit', 'youtube'],
  subreddit: 'BuyItForLife',
};

/** Name parts for invented products, when a prompt names no known market. */
export const NAME_STEMS = ['Bright', 'Nova', 'Clear', 'Summit', 'Swift', 'True', 'Open', 'Prime', 'North', 'Silver', 'Blue', 'Terra'];
export const NAME_ENDINGS = ['path', 'ly', 'stack', 'base', 'wave', 'forge', 'hub', 'mint', 'scope', 'loop', 'field', 'nest'];

/**
 * Editorial sources. `{slug}` is the market label in kebab case, `{Label}` in
 * title case, `{id}` a random id; reddit and youtube get their own paths.
 */
export const SOURCES = {
  g2: { host: 'www.g2.com', path: '/categories/{slug}', title: 'Best {Label}: User Reviews | G2' },
  capterra: { host: 'www.capterra.com', path: '/{slug}/', title: '{Label}: Reviews, Pricing & Comparisons | Capterra' },
  forbes: { host: 'www.forbes.com', path: '/advisor/business/best-{slug}/', title: 'The Best {Label} Options, Ranked – Forbes Advisor' },
  techradar: { host: 'www.techradar.com', path: '/best/best-{slug}', title: 'Best {Label}: tested and rated | TechRadar' },
  pcmag: { host: 'www.pcmag.com', path: '/picks/the-best-{slug}', title: "The Best {Label} We've Tested | PCMag" },
  zapier: { host: 'zapier.com', path: '/blog/best-{slug}/', title: 'The best {Label} apps | Zapier' },
  cnet: { host: 'www.cnet.com', path: '/tech/services-and-software/best-{slug}/', title: 'Best {Label}: Expert Picks | CNET' },
  security: { host: 'www.security.org', path: '/{slug}/best/', title: 'Best {Label} Reviewed by Experts | Security.org' },
  runrepeat: { host: 'runrepeat.com', path: '/guides/best-{slug}', title: 'Best {Label}: lab-tested | RunRepeat' },
  runnersworld: { host: 'www.runnersworld.com', path: '/gear/a{id}/best-{slug}/', title: "The Best {Label}, Tested by Runner's World" },
  outdoorgearlab: { host: 'www.outdoorgearlab.com', path: '/topics/shoes-and-boots/best-{slug}', title: 'The Best {Label} | OutdoorGearLab' },
  theverge: { host: 'www.theverge.com', path: '/{id}/best-{slug}', title: 'The best {Label} to buy | The Verge' },
  rtings: { host: 'www.rtings.com', path: '/{slug}/reviews/best', title: 'The Best {Label} - RTINGS.com' },
  notebookcheck: { host: 'www.notebookcheck.net', path: '/Top-10-{Label}.{id}.0.html', title: 'Top 10 {Label} - Notebookcheck.net' },
  wirecutter: { host: 'www.nytimes.com', path: '/wirecutter/reviews/best-{slug}/', title: 'The Best {Label} | Reviews by Wirecutter' },
  consumerreports: { host: 'www.consumerreports.org', path: '/{slug}/best-{slug}-a{id}/', title: 'Best {Label} of the Year - Consumer Reports' },
  reddit: { host: 'www.reddit.com', path: '/r/{subreddit}/comments/{rid}/{question}/', title: '{Question} : r/{subreddit}' },
  youtube: { host: 'www.youtube.com', path: '/watch?v={vid}', title: '{Label} Buying Guide: Which One Should You Pick?' },
} as const;
type SourceKey = keyof typeof SOURCES;

/**
 * Pages surfaces read while answering and seldom cite: a Q&A thread and a blog round-up about the
 * prompt (customer reviews of each product are made in research.ts). Filled in as SOURCES are.
 */
export const READ_SOURCES = {
  quora: { host: 'www.quora.com', path: '/{question}', title: '{Question} - Quora' },
  medium: { host: 'medium.com', path: '/@{subreddit}-notes/best-{slug}-{rid}', title: 'Best {Label}: An Honest Comparison | Medium' },
} as const;
