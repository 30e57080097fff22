import type { SentimentEvalCase } from '../types';
import { neg, neu, pos, surfaceCase } from './label';

const overview = surfaceCase('google_ai_overview');

/** Google AI Overviews' style: one intro sentence, plain `Name: text` bullets, sometimes a table or a two-level list. */
export const GOOGLE_AI_OVERVIEW: SentimentEvalCase[] = [
  overview('01', 'crm', `The best CRM for a small business depends on budget and how complex your sales process is.

- HubSpot: Free to start and easy to use, with marketing tools built in.
- Pipedrive: A visual pipeline that is simpler than HubSpot and popular with small sales teams.
- Zoho CRM: Cheap, but setup is time-consuming and support is slow to respond.
- Freshsales: Includes built-in phone and email.`, [pos('HubSpot'), pos('Pipedrive', 'multi'), neg('Zoho CRM'), neu('Freshsales')]),
  overview('02', 'vpn', `NordVPN and ExpressVPN are both fast, secure VPNs, but NordVPN is usually the better value.

- Speed: NordVPN was faster than ExpressVPN in most recent independent tests.
- Price: ExpressVPN costs roughly twice as much on long-term plans.
- Privacy: Both have independently audited no-logs policies.
- Streaming: Both unblock the major streaming services.
- Surfshark: Part of Nord Security, NordVPN's parent group, since 2022.`, [pos('NordVPN', 'multi'), neg('ExpressVPN', 'multi'), neu('Surfshark', 'multi')]),
  overview('03', 'banking', `Monzo, Starling and Revolut are the most popular app-based banks in the UK.

- Monzo: Known for its budgeting tools and savings pots, and widely praised for its app.
- Starling: Better than Monzo for sole traders, with a free business account.
- Revolut: Strong for travel, but its customer support is widely criticised and accounts can be frozen without warning.
- Chase UK: Launched in 2021 by JPMorgan Chase; savings sit in a separate account.`, [pos('Monzo'), pos('Starling', 'multi'), neg('Revolut'), neu('Chase UK')]),
  overview('04', 'running shoes', `Popular carbon-plated racing shoes include models from Nike, Adidas, Saucony and Puma.

- Top picks:
  - Nike Vaporfly 3: Light and very bouncy; the benchmark for marathon racing.
  - Adidas Adizero Adios Pro 3: More stable than the Nike, which suits heavier runners.
- Budget options:
  - Saucony Endorphin Pro 4: Cheaper than the Adidas but just as fast for many runners.
  - Puma Fast-R Nitro Elite: The fit is narrow and the heel slips for many runners.`, [pos('Nike'), pos('Adidas', 'multi'), pos('Saucony', 'multi'), neg('Puma')]),
  overview('05', 'seo', `Semrush and Ahrefs are the two leading SEO platforms, with Moz Pro and SE Ranking as cheaper alternatives.

| Feature | Semrush | Ahrefs |
|---|---|---|
| Backlink index | Large | Largest |
| Keyword database | Largest | Large |
| Entry price | $139.95/mo | $129/mo |

- Semrush: Better for PPC and content marketing.
- Ahrefs: Better for link building.
- Moz Pro: Its tools have fallen behind both leaders.
- SE Ranking: Much cheaper than Semrush, with slightly less data.`, [pos('Semrush'), pos('Ahrefs'), neg('Moz'), pos('SE Ranking', 'multi')]),
  overview('06', 'accounting', `Xero and QuickBooks Online are the leading small-business accounting platforms, and each has strengths.

- Xero: Unlimited users on all plans and strong multi-currency support; its US payroll is limited.
- QuickBooks Online: The most widely used in the US, but it charges per user and has raised prices repeatedly.
- FreeAgent: Free for NatWest, RBS and Ulster Bank business customers.
- KashFlow: Owned by IRIS Software Group and aimed at UK sole traders.`, [pos('Xero'), neg('QuickBooks'), neu('FreeAgent'), neu('KashFlow')]),
  overview('07', 'payments', `Stripe, PayPal and Square all process online payments, but they suit different businesses.

- Stripe: Best for developers and subscriptions, with a very flexible API.
- PayPal: Widely trusted by shoppers, but its fees are higher than Stripe's and disputes tend to favour buyers.
- Square: Designed for businesses that also sell in person.
- Adyen: Used by large enterprises such as Uber and Spotify.`, [pos('Stripe'), neg('PayPal', 'multi'), neu('Square'), neu('Adyen')]),
  overview('08', 'project management', `Notion and ClickUp both combine docs and tasks, but they differ in focus.

- Notion: Clean and flexible, and far easier to learn than ClickUp.
- ClickUp: More features, but it is slow and its interface feels cluttered.
- Coda: A docs-first alternative to Notion, led by former YouTube CEO Shishir Mehrotra.
- Asana: A task-first tool that connects to both through integrations.`, [pos('Notion', 'multi'), neg('ClickUp'), neu('Coda'), neu('Asana')]),
  overview('09', 'hosting', `Popular WordPress hosts include Bluehost, SiteGround, Hostinger and WP Engine.

- Hostinger: The cheapest plans, with good speed for the price.
- SiteGround: Faster and better supported than Bluehost, and its servers run on Google Cloud.
- Bluehost: Cheap first-year pricing, but support is slow and sites load slowly under traffic.
- WP Engine: Managed WordPress hosting for larger sites, with daily backups and staging.`, [pos('Hostinger'), pos('SiteGround', 'multi'), neg('Bluehost'), neu('WP Engine')]),
  overview('10', 'airlines', `Emirates, Qatar Airways and Singapore Airlines are consistently rated among the world's best airlines.

- Qatar Airways: Its Qsuite business class is widely considered the best in the sky.
- Singapore Airlines: Excellent service, and its economy seats are roomier than Emirates'.
- Emirates: A huge entertainment library, but economy on its 777s is cramped at ten seats across.
- Turkish Airlines: Flies to more countries than any other airline.`, [pos('Qatar Airways'), pos('Singapore Airlines', 'multi'), neg('Emirates'), neu('Turkish Airlines')]),
  overview('11', 'coffee', `Coffee subscriptions deliver freshly roasted beans on a schedule you choose.

- Trade Coffee: Matches you with beans from dozens of roasters, and its taste quiz works well.
- Blue Bottle: Excellent single origins, though pricier than Trade.
- Atlas Coffee Club: Sends beans from a different country each month.
- Starbucks: Its subscription beans are often stale compared with a specialty roaster's.`, [pos('Trade Coffee'), pos('Blue Bottle', 'multi'), neu('Atlas Coffee Club'), neg('Starbucks')]),
  overview('12', 'mattresses', `The best mattress depends on your sleeping position and budget.

| Mattress | Type | Best for |
|---|---|---|
| Saatva Classic | Innerspring | Back pain |
| Tempur-Pedic | Memory foam | Side sleepers |
| Casper Original | Foam | Tight budgets |

- Saatva: Free white-glove delivery and a luxury feel.
- Tempur-Pedic: Excellent pressure relief, but much more expensive than Saatva, and it sleeps hot.
- Casper: An all-foam mattress sold online and at Target.
- Nectar: Owned by Resident, which also makes DreamCloud.`, [pos('Saatva'), neg('Tempur-Pedic', 'multi'), neu('Casper'), neu('Nectar')]),
  overview('13', 'streaming', `Netflix, Disney+ and Max are the most popular streaming services in the US.

- Netflix: The largest library of original series; the plan with ads is the cheapest way in.
- Disney+: Home to Pixar, Marvel and Star Wars.
- Max: Home of HBO's prestige series, the strongest drama catalogue of any service.
- Peacock: Cheaper than Max, but its library is thin outside NBC shows and live sport.
- Paramount+: Includes CBS shows and Paramount films.`, [pos('Netflix'), neu('Disney+'), pos('Max'), neg('Peacock', 'multi'), neu('Paramount+')]),
  overview('14', 'meal kits', `HelloFresh is the largest meal kit service, while Factor delivers prepared meals rather than kits.

- HelloFresh: A wide menu and frequent discounts, but prices jump after the introductory offer.
- Factor: Sends ready-to-eat meals instead of kits; owned by HelloFresh since 2020.
- EveryPlate: The cheapest kit, from HelloFresh's parent company, with simpler recipes.
- Gousto: Operates in the UK only.`, [neg('HelloFresh'), neu('Factor', 'multi'), pos('EveryPlate', 'multi'), neu('Gousto')]),
  overview('15', 'meditation', `Headspace and Calm are the best-known meditation apps, and free options such as Insight Timer exist.

- Headspace: Structured courses that are ideal for beginners.
- Calm: Better known for sleep stories; its meditation library is less organized than Headspace's.
- Insight Timer: Free, with optional paid courses.
- Waking Up: Created by Sam Harris, with a more philosophical approach.`, [pos('Headspace'), neg('Calm', 'multi'), neu('Insight Timer'), neu('Waking Up')]),
  overview('16', 'email marketing', `For small businesses, Mailchimp, MailerLite and Brevo are common email marketing choices.

- MailerLite: Cheaper than Mailchimp, with a cleaner editor and a free plan for up to 1,000 subscribers.
- Mailchimp: The best-known option, but its free plan now allows only 500 contacts and paid plans are steep.
- Brevo: Charges by email volume rather than by contacts.
- Constant Contact: Has no free plan and is among the priciest for small lists.`, [pos('MailerLite', 'multi'), neg('Mailchimp'), neu('Brevo'), neg('Constant Contact')]),
  overview('17', 'cars', `The Tesla Model 3 remains the best-selling electric sedan, but rivals have narrowed the gap.

- Tesla Model 3: Long range and access to the Supercharger network.
- Hyundai Ioniq 6: Charges faster than the Tesla and has a smoother ride.
- Polestar 2: Well built, but its range is shorter than both the Tesla's and the Hyundai's.
- BMW i4: Better interior quality than the Tesla, though it costs more.`, [pos('Tesla'), pos('Hyundai', 'multi'), neg('Polestar', 'multi'), pos('BMW', 'multi')]),
  overview('18', 'devices', `The best laptops for students balance price, battery life and weight, and most students need little more than a browser and office apps.

- MacBook Air M3: All-day battery life and a silent, fanless design.
- Dell XPS 13: A sharp display, but its battery life falls short of the MacBook's.
- Lenovo ThinkPad E14: Available with AMD or Intel processors.
- Acer Chromebook Plus: Runs ChromeOS and costs under $500.`, [pos('MacBook'), neg('Dell', 'multi'), neu('Lenovo'), neu('Acer')]),
  overview('19', 'crm', `Salesforce and HubSpot lead the CRM market, but they serve different buyers.

- Salesforce:
  - Highly customizable for large enterprises.
  - Expensive, and most companies need a dedicated admin.
- HubSpot:
  - Easier to set up than Salesforce, with a generous free plan.
- Microsoft Dynamics 365: Integrates with Outlook and Teams.
- Pipedrive: Sold on per-seat plans aimed at small sales teams.`, [neu('Salesforce'), pos('HubSpot', 'multi'), neu('Dynamics 365'), neu('Pipedrive')]),
  overview('20', 'vpn', `Mullvad and Proton VPN are often recommended for privacy, while CyberGhost and Surfshark focus on price and streaming.

- Mullvad: No email needed to sign up, cash accepted, and a flat €5 a month.
- Proton VPN: Swiss-based, with audited no-logs and, unlike Mullvad, a free plan.
- CyberGhost: Owned by Kape Technologies, which once distributed adware, so privacy advocates are wary of it.
- Surfshark: Merged with Nord Security in 2022.`, [pos('Mullvad'), pos('Proton VPN', 'multi'), neg('CyberGhost'), neu('Surfshark')]),
  overview('21', 'banking', `Chime, Varo and SoFi are popular online banks with no monthly fees.

- SoFi: Pays a higher savings rate than Chime and offers loans and investing in one app.
- Chime: Its accounts are held at The Bancorp Bank and Stride Bank.
- Varo: Its app has more glitches than Chime's, according to user reviews.
- Current: Its accounts are held at Choice Financial Group.`, [pos('SoFi', 'multi'), neu('Chime'), neg('Varo', 'multi'), neu('Current')]),
  overview('22', 'streaming', `Spotify and Apple Music are the two largest music streaming services.

| Service | Individual price (US) | Free tier |
|---|---|---|
| Spotify | $11.99/mo | Yes |
| Apple Music | $10.99/mo | No |
| Tidal | $10.99/mo | No |

- Spotify: The best playlists and recommendations, and the most widely supported on speakers and in cars.
- Apple Music: Better sound quality than Spotify at a lower price.
- Tidal: Hi-res audio, and its artist payouts are higher than Spotify's.
- YouTube Music: Included with YouTube Premium.`, [pos('Spotify'), pos('Apple Music', 'multi'), pos('Tidal', 'multi'), neu('YouTube Music')]),
  overview('23', 'coffee', `Nespresso, owned by Nestlé, leads the coffee pod market, with Keurig its main rival in the US.

- Nespresso: Better-tasting espresso than Keurig, and recyclable aluminium pods.
- Keurig: The cheapest machines and the widest choice of pods, but the coffee tastes weak.
- Lavazza A Modo Mio: Italian espresso pods at a lower price than Nespresso's.
- Dolce Gusto: Also made by Nestlé, aimed at milky drinks.`, [pos('Nespresso', 'multi'), neg('Keurig'), pos('Lavazza', 'multi'), neu('Nestlé', 'multi'), neu('Dolce Gusto')]),
  overview('24', 'airlines', `British Airways, Virgin Atlantic, Norse Atlantic and JetBlue all fly between London and New York.

- Virgin Atlantic: Friendlier service than British Airways and a better economy meal, according to reviewers.
- British Airways: The most flights on the route, but its older 777s feel dated.
- Norse Atlantic: A low-cost carrier flying Boeing 787s.
- JetBlue: Its Mint business seat is excellent value compared with BA's Club World.`, [pos('Virgin Atlantic', 'multi'), neg('British Airways'), neu('Norse Atlantic'), pos('JetBlue', 'multi')]),
  overview('25', 'payments', `For paying overseas freelancers, Wise and Payoneer are cheaper than bank wires.

- Wise: The mid-market exchange rate and low, transparent fees.
- Payoneer: Popular with marketplace sellers, but its conversion fee of up to 2% is higher than Wise's.
- PayPal: Convenient, but a conversion markup of around 4% makes it the most expensive option.
- Deel: Handles contracts and compliance as well as payments.`, [pos('Wise'), neg('Payoneer', 'multi'), neg('PayPal'), neu('Deel')]),
  overview('26', 'mattresses', `Purple and Casper are two of the most popular mattress-in-a-box brands in the US.

- Purple: Its gel grid sleeps cooler than Casper's foam, which suits hot sleepers.
- Casper: A softer, all-foam feel; sold online and in some retail stores.
- Tuft & Needle: Acquired by Serta Simmons in 2018.
- Zinus: Very cheap, but durability is poor and many models sag within two years.`, [pos('Purple', 'multi'), neu('Casper'), neu('Tuft & Needle'), neg('Zinus')]),
];
