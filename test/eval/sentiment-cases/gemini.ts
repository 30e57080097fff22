import type { SentimentEvalCase } from '../types';
import { neg, neu, pos, surfaceCase } from './label';

const gemini = surfaceCase('gemini');

/** Gemini's style: short bold-headed bullets, `**Name:** text` lines, tables with a verdict column, an "In short" close. */
export const GEMINI: SentimentEvalCase[] = [
  gemini('01', 'crm', `Here's a quick look at CRMs for a small sales team:

* **HubSpot:** The easiest to start with; the free CRM is genuinely useful.
* **Pipedrive:** Cheaper than HubSpot's paid tiers, though its reporting is more basic.
* **Salesforce:** Very powerful, but too complex for most teams under 20 people.
* **Zoho CRM:** Part of a wider suite of more than 40 business apps.

In short: HubSpot if you want free, Pipedrive if you want a focused pipeline.`, [pos('HubSpot'), pos('Pipedrive', 'multi'), neg('Salesforce'), neu('Zoho CRM')]),
  gemini('02', 'vpn', `Here is how the three most popular VPNs compare:

| VPN | Speed | Price (2-year plan) | Verdict |
|---|---|---|---|
| NordVPN | Very fast | ~$3.40/mo | Best all-rounder |
| Surfshark | Fast | ~$2.20/mo | Best budget pick |
| ExpressVPN | Fast | ~$4.99/mo | Overpriced for what you get |

**Key differences:**

* **Devices:** Surfshark allows unlimited devices, unlike NordVPN's limit of 10.
* **Privacy:** All three have passed independent no-logs audits.

In short, NordVPN is the safest choice, while ExpressVPN is hard to justify at its price.`, [pos('NordVPN', 'multi'), pos('Surfshark', 'multi'), neg('ExpressVPN', 'multi')]),
  gemini('03', 'banking', `Choosing a bank account for travel? Here's the rundown:

* **Wise:** The best exchange rates and fully transparent fees. It isn't a full bank in most countries, though.
* **Revolut:** A handy multi-currency app, but weekend exchange markups and frequent support complaints make it less dependable.
* **Monzo:** A UK app bank; it adds no fees of its own abroad and passes on Mastercard's rate.
* **HSBC:** Its Global Money account works, but the fees are higher than Wise's.

In short: Wise is the one to open first.`, [pos('Wise'), neg('Revolut'), neu('Monzo'), neg('HSBC', 'multi')]),
  gemini('04', 'running shoes', `**Best max-cushion running shoes**

* **Hoka Bondi 8:** Plush and stable; the go-to for recovery runs.
* **New Balance Fresh Foam X More v4:** Just as soft as the Hoka, but heavier and a little sluggish.
* **On Cloudmonster:** A bouncy ride; some runners find it firmer than advertised.
* **Brooks Glycerin 21:** Smooth and durable, and it fits wider feet better than the Hoka.

| Shoe | Weight | Verdict |
|---|---|---|
| Hoka Bondi 8 | 308 g | Top pick |
| Brooks Glycerin 21 | 289 g | Best for wide feet |
| New Balance More v4 | 320 g | Skip unless on sale |

In short: Hoka for cushioning, Brooks for fit.`, [pos('Hoka'), neg('New Balance', 'multi'), neu('On'), pos('Brooks', 'multi')]),
  gemini('05', 'seo', `Here are the top SEO tools, summarized:

| Tool | Best for | Starting price | Verdict |
|---|---|---|---|
| Semrush | Agencies, all-in-one | $139.95/mo | Best overall |
| Ahrefs | Backlink research | $129/mo | Best for links |
| Moz Pro | Beginners | $99/mo | Falling behind |
| Mangools | Small budgets | $29/mo | Great value |

* **Data:** Ahrefs has a bigger backlink index than Moz Pro, whose metrics also update more slowly.
* **Ease of use:** Mangools is simpler than Semrush, though much less thorough.

In short, Semrush is the best all-in-one, and Mangools is the smart budget choice.`, [pos('Semrush'), pos('Ahrefs', 'multi'), neg('Moz', 'multi'), pos('Mangools', 'multi')]),
  gemini('06', 'accounting', `Good accounting software depends on how you bill:

* **QuickBooks Online:** The US standard, but repeated price rises have made it hard to recommend for solo users.
* **Xero:** Unlimited users on every plan and a cleaner design than QuickBooks.
* **FreshBooks:** Built around invoicing; great for freelancers.
* **Wave:** Offers free accounting software; payments and payroll are paid add-ons.

**Verdict:** Xero wins for small teams. FreshBooks is the better fit if you mostly send invoices.

In short, pick Xero unless your accountant insists on QuickBooks.`, [neg('QuickBooks'), pos('Xero', 'multi'), pos('FreshBooks'), neu('Wave')]),
  gemini('07', 'payments', `Here's how Stripe, Square and PayPal compare for a small online shop:

* **Stripe:** The most flexible for developers; the dashboard is excellent.
* **Square:** Better than Stripe for in-person sales, thanks to its free POS app.
* **PayPal:** Customers trust it, but holds on funds and frozen accounts are common complaints.
* **Adyen:** Aimed at enterprises processing high volumes.

| Provider | Online card fee (US) | Verdict |
|---|---|---|
| Stripe | 2.9% + 30¢ | Best for online |
| Square | 2.9% + 30¢ | Best for shops |
| PayPal | 3.49% + 49¢ | Most expensive |

In short, Stripe is the default choice online.`, [pos('Stripe'), pos('Square', 'multi'), neg('PayPal'), neu('Adyen')]),
  gemini('08', 'project management', `**Best project management tools for startups**

* **Linear:** Fast, keyboard-driven and loved by engineers.
* **Jira:** Powerful, but slower and heavier than Linear for a small team.
* **Notion:** Combines docs, wikis and task databases in one workspace.
* **monday.com:** Colourful and easy to learn, while ClickUp, though cheaper, overwhelms new users with its cluttered interface.

In short: Linear for product teams, monday.com for business teams.`, [pos('Linear'), neg('Jira', 'multi'), neu('Notion'), pos('monday.com', 'multi'), neg('ClickUp', 'multi')]),
  gemini('09', 'hosting', `Here are reliable web hosts for a WordPress site:

* **SiteGround:** Excellent support and fast servers, though renewal prices jump sharply.
* **Bluehost:** Cheap to start, but slower than SiteGround and its support is hit-and-miss.
* **Kinsta:** Premium managed hosting on Google Cloud, with superb performance.
* **Hostinger:** The cheapest of the lot, but renewal prices triple and support is slow.

In short, Kinsta if the budget allows, otherwise SiteGround.`, [pos('SiteGround'), neg('Bluehost', 'multi'), pos('Kinsta'), neg('Hostinger')]),
  gemini('10', 'airlines', `Here's how the main European low-cost airlines compare:

| Airline | Legroom | Fees | Verdict |
|---|---|---|---|
| easyJet | Standard | Moderate | Good balance |
| Ryanair | Tight | Many add-ons | Cheapest, least comfortable |
| Wizz Air | Tight | Many add-ons | Frequent delays |
| Vueling | Standard | Moderate | Mostly Spanish routes |

* **Punctuality:** easyJet is generally more punctual than Wizz Air.
* **Baggage:** Ryanair's cabin bag rules are stricter than easyJet's.

In short: easyJet is the most comfortable budget option.`, [pos('easyJet', 'multi'), neg('Ryanair', 'multi'), neg('Wizz Air', 'multi'), neu('Vueling')]),
  gemini('11', 'coffee', `Looking for a home espresso machine? These are the standouts:

* **Breville Barista Express:** The best all-in-one for beginners, with a built-in grinder.
* **De'Longhi Dedica:** Compact and cheap, but the steam wand is weak.
* **Gaggia Classic Pro:** Pulls better espresso than the Breville; you will need a separate grinder.
* **Nespresso Vertuo:** Not a real espresso machine; the pods are expensive and the coffee tastes flat.

In short: Breville for most people, Gaggia if you like to tinker.`, [pos('Breville'), neg("De'Longhi"), pos('Gaggia', 'multi'), neg('Nespresso')]),
  gemini('12', 'mattresses', `**Top mattresses in a box**

* **Purple:** Great pressure relief and cooling; the grid feel takes a few nights to get used to.
* **Casper:** Comfortable for most sleepers, but it sleeps warmer than Purple.
* **Nectar:** The best value, with a 365-night trial.
* **Emma:** Sold mainly in Europe; a medium-firm foam mattress.

| Mattress | Firmness | Verdict |
|---|---|---|
| Purple | Medium | Best for hot sleepers |
| Casper | Medium | Solid but pricey |
| Nectar | Medium-firm | Best value |

In short: Nectar offers the most for the money.`, [pos('Purple'), neg('Casper', 'multi'), pos('Nectar'), neu('Emma')]),
  gemini('13', 'streaming', `Which streaming services are worth it this year?

* **Netflix:** The biggest library of originals, but it keeps raising prices and cracking down on password sharing.
* **Disney+:** Great value for families; its catalogue is smaller than Netflix's.
* **Max:** HBO's prestige series make it the best service for drama.
* **Apple TV+:** A smaller catalogue, also included in Apple One bundles.

In short, rotate subscriptions rather than keeping them all.`, [neg('Netflix'), pos('Disney+', 'multi'), pos('Max'), neu('Apple TV+')]),
  gemini('14', 'meal kits', `Here's a comparison of popular meal kits:

| Service | Price per serving | Verdict |
|---|---|---|
| HelloFresh | from $8.99 | Frequent upsells |
| Home Chef | from $9.99 | Most flexible |
| Green Chef | from $11.99 | Best for special diets |
| Blue Apron | from $9.99 | Menu has shrunk |

* **Packaging:** Green Chef uses more recyclable packaging than HelloFresh.
* **Cancelling:** HelloFresh makes it harder to cancel than Home Chef does.

In short, Home Chef is the easiest to live with.`, [neg('HelloFresh', 'multi'), pos('Home Chef', 'multi'), pos('Green Chef', 'multi'), neg('Blue Apron')]),
  gemini('15', 'meditation', `Headspace and Calm are both excellent, but they suit different people:

* **Headspace:** Structured courses and a friendly tone make it better than Calm for learning to meditate.
* **Calm:** Its sleep stories and soundscapes beat Headspace's for bedtime.
* **Insight Timer:** Free, funded by an optional membership.
* **Balance:** Builds a personalised plan from a short questionnaire.

In short: Headspace to learn, Calm to sleep.`, [pos('Headspace', 'multi'), pos('Calm', 'multi'), neu('Insight Timer'), neu('Balance')]),
  gemini('16', 'email marketing', `For an online store, here is how the leading email platforms stack up:

* **Klaviyo:** The most powerful ecommerce segmentation, though it gets expensive as your list grows.
* **Mailchimp:** Easier to learn than Klaviyo, but its ecommerce automations are far weaker.
* **Omnisend:** Cheaper than Klaviyo and includes SMS; a strong value pick.
* **Brevo:** Charges by emails sent rather than by contacts.

In short: Klaviyo if email drives most of your revenue, Omnisend if you're watching costs.`, [pos('Klaviyo'), neg('Mailchimp', 'multi'), pos('Omnisend', 'multi'), neu('Brevo')]),
  gemini('17', 'cars', `Here's how popular compact hybrid SUVs compare:

| Model | Fuel economy | Reliability | Verdict |
|---|---|---|---|
| Toyota RAV4 Hybrid | 40 mpg | Excellent | Best overall |
| Honda CR-V Hybrid | 40 mpg | Very good | Roomiest |
| Ford Escape Hybrid | 39 mpg | Below average | Cheap, but less reliable |
| Kia Sportage Hybrid | 43 mpg | Good | Redesigned for 2023 |

* **Interior:** The Honda feels more upscale inside than the Toyota.
* **Price:** The Ford undercuts the others, but its resale value is weak.

In short: the Toyota for peace of mind.`, [pos('Toyota'), pos('Honda', 'multi'), neg('Ford'), neu('Kia')]),
  gemini('18', 'devices', `**Best noise-cancelling headphones**

* **Sony WH-1000XM5:** The best noise cancelling you can buy, and comfortable on long flights.
* **Bose QuietComfort Ultra:** Even more comfortable than the Sony, with slightly shorter battery life.
* **Apple AirPods Max:** Excellent sound, but heavy and overpriced unless you live in Apple's ecosystem.
* **Sennheiser Momentum 4:** Its noise cancelling clearly trails Sony's and Bose's, and the fit feels loose.

In short, Sony or Bose, depending on which fits your head better.`, [pos('Sony'), pos('Bose', 'multi'), neg('AirPods'), neg('Sennheiser', 'multi')]),
  gemini('19', 'crm', `Here's a quick comparison of CRMs for startups:

| CRM | Free plan | Ease of use | Verdict |
|---|---|---|---|
| HubSpot | Yes | Easy | Best free option |
| Attio | Yes | Easy | Modern and flexible |
| Salesforce | No | Hard | Overkill for startups |
| Close | No | Moderate | Best for cold calling |

* **Attio vs HubSpot:** Attio's data model is more flexible, whereas HubSpot's free tier is more complete.
* **Close:** It includes a built-in dialer, which Salesforce charges extra for.

In short, most startups should try HubSpot or Attio first.`, [pos('HubSpot', 'multi'), pos('Attio', 'multi'), neg('Salesforce', 'multi'), pos('Close', 'multi')]),
  gemini('20', 'vpn', `**Free VPNs that are actually safe**

* **Proton VPN:** Unlimited data on the free plan and a strict no-logs policy; the best free VPN by far.
* **Windscribe:** 10 GB a month free, more generous than TunnelBear's 2 GB.
* **TunnelBear:** Friendly apps, but 2 GB a month runs out fast.
* **Hola:** Avoid it: it routes other users' traffic through your connection.

In short, Proton VPN is the one to install.`, [pos('Proton VPN'), pos('Windscribe', 'multi'), neg('TunnelBear'), neg('Hola')]),
  gemini('21', 'banking', `Here are high-yield savings accounts worth considering:

* **Ally:** A competitive rate, no fees and a well-rated app.
* **SoFi:** Pays more than Ally if you set up direct deposit.
* **Capital One 360:** Its rate is lower than Ally's, though it has physical cafés.
* **Marcus by Goldman Sachs:** Savings and CDs only; there is no checking account.
* **Chase:** Its standard savings rate is tiny, so it is not a good place for cash.

In short, Ally or SoFi for most savers.`, [pos('Ally'), pos('SoFi', 'multi'), neg('Capital One', 'multi'), neu('Marcus'), neg('Chase')]),
  gemini('22', 'project management', `**Asana vs monday.com vs Trello**

* **Asana:** Best for complex projects with dependencies; its timeline view is excellent.
* **monday.com:** Pricier than Asana per seat, and seat bundles of three push costs up for odd-sized teams.
* **Trello:** Free and simple, though it is quickly outgrown once projects get complex.

| Tool | Free plan | Verdict |
|---|---|---|
| Asana | Up to 10 users | Best for structure |
| monday.com | 2 seats | Overpriced for small teams |
| Trello | Unlimited cards | Best for small teams |

In short, Asana for structure, Trello for simplicity.`, [pos('Asana'), neg('monday.com', 'multi'), pos('Trello')]),
  gemini('23', 'hosting', `Comparing cloud hosting for a small SaaS:

* **DigitalOcean:** Simple pricing and clear docs; the best starting point for small teams.
* **AWS:** The most services by far, but billing is confusing and easy to get wrong.
* **Hetzner:** Much cheaper than DigitalOcean for the same hardware, with data centres in Germany and Finland.
* **Vercel:** Built by the team behind Next.js; usage is billed on bandwidth and function time.

In short, start on DigitalOcean or Hetzner and move to AWS only when you need its services.`, [pos('DigitalOcean'), neg('AWS'), pos('Hetzner', 'multi'), neu('Vercel')]),
  gemini('24', 'coffee', `Here's how the big coffee chains compare:

* **Starbucks:** The widest menu, but drinks are pricey and often too sweet.
* **Dunkin':** Cheaper than Starbucks, but the coffee is thin and bitter.
* **Costa Coffee:** Smoother espresso than Starbucks, according to many UK drinkers.
* **Pret A Manger:** Its subscription covers up to five drinks a day.

In short, Costa is the chain to choose for espresso.`, [neg('Starbucks'), neg("Dunkin'", 'multi'), pos('Costa', 'multi'), neu('Pret')]),
  gemini('25', 'airlines', `**Best US airlines for economy travel**

* **Delta:** The best on-time record of the big carriers and a good app.
* **United:** A large network, but its basic economy fares are restrictive.
* **Southwest:** Friendlier staff and fewer surprise fees than American Airlines and United.
* **American Airlines:** More delays than Delta last year and a stingy loyalty program.

In short, Delta is the one to book when prices are close.`, [pos('Delta'), neg('United'), pos('Southwest', 'multi'), neg('American Airlines', 'multi')]),
  gemini('26', 'cars', `Here are family estates worth a test drive:

* **Škoda Octavia Estate:** A huge boot, a sensible price and a comfortable ride; the best all-rounder.
* **Volkswagen Golf Estate:** Shares its platform with the Škoda but costs noticeably more.
* **Peugeot 308 SW:** Also offered as a plug-in hybrid.
* **Dacia Jogger:** Cheaper than all of them, and it seats seven.

In short: the Škoda is the smart choice.`, [pos('Škoda'), neg('Volkswagen', 'multi'), neu('Peugeot'), pos('Dacia')]),
];
