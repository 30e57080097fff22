import type { SentimentEvalCase } from '../types';
import { neg, neu, pos, surfaceCase } from './label';

const chatgpt = surfaceCase('chatgpt');

export const CHATGPT: SentimentEvalCase[] = [
  chatgpt('01', 'crm', `Here are the CRMs small teams choose most often:

1. **HubSpot** – Free to start and very easy to set up.
   - Marketing tools built in
   - Gets expensive once you add paid hubs
2. **Pipedrive** – A clean, visual pipeline that reps love.
3. **Salesforce** – Powerful, but complicated and costly for a team of five.

**Bottom line:** start with Pipedrive if you only need a pipeline.`, [pos('HubSpot'), pos('Pipedrive'), neg('Salesforce')]),
  chatgpt('02', 'crm', `Choosing between the two comes down to budget:

1. **HubSpot is free to start, but Salesforce gets expensive** quickly as you add seats.
2. **Customisation:** Salesforce is more flexible than HubSpot for complex processes.
3. **Support:** both offer standard email support on their entry plans.

If you are a startup, HubSpot is the safer pick.`, [pos('HubSpot', 'multi'), neg('Salesforce', 'multi')]),
  chatgpt('03', 'vpn', `The best VPNs for streaming in 2025:

1. **NordVPN** – Fast speeds and reliable access to Netflix libraries.
2. **Surfshark** – Unlimited devices at a low price; speeds are a bit less consistent than NordVPN's.
3. **ExpressVPN** – Excellent apps, though it is pricier than both.
4. **CyberGhost** – Dedicated streaming servers.

Any of these will work for most people.`, [pos('NordVPN'), pos('Surfshark', 'multi'), pos('ExpressVPN'), neu('CyberGhost')]),
  chatgpt('04', 'vpn', `Quick comparison:

- **NordVPN vs ProtonVPN:** NordVPN is faster, while ProtonVPN has the better free plan.
- **ExpressVPN vs Surfshark:** ExpressVPN is more expensive than Surfshark for the same features.
- **Jurisdiction:** ProtonVPN is based in Switzerland; NordVPN in Panama.

Pick ProtonVPN if you want to try before paying.`, [pos('NordVPN'), pos('ProtonVPN'), neg('ExpressVPN', 'multi'), pos('Surfshark', 'multi')]),
  chatgpt('05', 'email marketing', `Top email marketing platforms for creators:

1. **Beehiiv** – Built for newsletters, with a generous free plan and great growth tools.
2. **ConvertKit** (now Kit) – Solid automations; the free plan is limited.
3. **Mailchimp** – Familiar, but pricing has become steep and the editor feels clunky.
4. **Substack** – Free to use, takes 10% of paid subscriptions.

**My pick:** Beehiiv for most new newsletters.`, [pos('Beehiiv'), neu('ConvertKit'), neg('Mailchimp'), neu('Substack')]),
  chatgpt('06', 'email marketing', `Mailchimp or Brevo? Here is how they compare:

1. **Price** – Brevo is cheaper than Mailchimp at every volume.
2. **Templates** – Mailchimp has the more polished template library.
3. **Deliverability** – Both have good deliverability in independent tests.
4. **Support** – Brevo's support is slow to answer, whereas Mailchimp responds within hours on paid plans.

Overall, Brevo is the better value for small lists.`, [pos('Brevo', 'multi'), pos('Mailchimp', 'multi')]),
  chatgpt('07', 'project management', `Here are strong options for agencies:

1. **Asana** – Excellent for cross-team projects.
   - Timeline and workload views
   - It can feel overwhelming for small teams
2. **Trello** – Simple Kanban boards; great for visual teams.
3. **ClickUp** – Packs in every feature, but the interface is cluttered and it can be slow.
4. **Monday.com** – Colourful boards and good automations.

Most agencies start with Trello and move to Asana as they grow.`, [pos('Asana'), pos('Trello'), neg('ClickUp'), pos('Monday.com')]),
  chatgpt('08', 'project management', `If you are deciding between Jira and Linear:

1. **Speed:** Linear is noticeably faster than Jira.
2. **Flexibility:** Jira is far more configurable, which large companies value.
3. **Learning curve:** Jira has a steep learning curve; Linear is intuitive from day one.
4. **Integrations:** both integrate with GitHub and Slack.

**Bottom line:** small product teams usually prefer Linear.`, [pos('Linear', 'multi'), neg('Jira', 'multi')]),
  chatgpt('09', 'banking', `Best online banks for freelancers:

1. **Revolut** – Excellent app and low fees abroad.
2. **N26** – Clean design, but customer support has drawn many complaints.
3. **Wise** – The best exchange rates for international clients.
4. **Monzo** – Popular in the UK; it offers budgeting pots and instant notifications.

For invoicing abroad, Wise is hard to beat.`, [pos('Revolut'), neg('N26'), pos('Wise'), neu('Monzo')]),
  chatgpt('10', 'banking', `Chime vs Varo vs Current:

1. **Chime** – No monthly fees and early direct deposit. Its SpotMe feature is popular.
2. **Varo** – The app is less polished than Chime's and transfers are slower.
3. **Current** – Aimed at teens and parents.

All three are FDIC-insured through partner banks.`, [pos('Chime'), neg('Varo', 'multi'), neu('Current')]),
  chatgpt('11', 'running shoes', `Great daily trainers this year:

1. **Hoka Clifton 9** – Soft, light and comfortable for long runs.
2. **Brooks Ghost 16** – Reliable and durable, a safe choice for beginners.
3. **Nike Pegasus 41** – Responsive, though the upper runs narrow.
4. **Adidas Adizero SL** – Affordable and fast.

Try them on in store if you can.`, [pos('Hoka'), pos('Brooks'), pos('Nike'), pos('Adidas')]),
  chatgpt('12', 'running shoes', `For flat feet, consider these:

1. **Brooks Adrenaline GTS** – Stable and supportive; a favourite of physiotherapists.
2. **Asics Gel-Kayano** – Excellent support, but heavier than the Brooks.
3. **Nike Invincible** – Very cushioned, while its stability is poor for overpronators.
4. **Saucony Guide** – Also worth a look.

Avoid minimalist shoes if your arches collapse.`, [pos('Brooks'), pos('Asics', 'multi'), neg('Nike'), neu('Saucony')]),
  chatgpt('13', 'seo', `The best SEO tools in 2025:

1. **Ahrefs** – The best backlink index; expensive for freelancers.
2. **Semrush** – The most comprehensive suite for agencies.
3. **Moz Pro** – Reliable metrics, but its keyword database is smaller than Semrush's.
4. **Ubersuggest** – Cheap and simple.

Agencies usually pick Semrush; link builders pick Ahrefs.`, [pos('Ahrefs'), pos('Semrush', 'multi'), neg('Moz', 'multi'), pos('Ubersuggest')]),
  chatgpt('14', 'seo', `Ahrefs or Semrush for a small blog?

1. **Cost:** Semrush is pricier than Ahrefs's Starter plan for a single site.
2. **Keyword research:** both are excellent.
3. **Site audits:** Semrush's audits are more thorough.
4. **Free options:** Google Search Console is free and shows your real queries.

For a blog on a budget, I would start with Ahrefs Starter.`, [pos('Ahrefs', 'multi'), pos('Semrush', 'multi'), pos('Google Search Console')]),
  chatgpt('15', 'accounting', `Accounting software for UK small businesses:

1. **Xero** – Intuitive, with excellent bank feeds.
2. **QuickBooks** – Powerful reporting, but price increases have frustrated long-time users.
3. **FreeAgent** – Free with a NatWest account; ideal for sole traders.
4. **Sage** – Established and widely used by accountants.

Ask your accountant which one they support.`, [pos('Xero'), neg('QuickBooks'), pos('FreeAgent'), neu('Sage')]),
  chatgpt('16', 'accounting', `QuickBooks vs Xero vs Wave:

1. **Wave** – Free invoicing and accounting. However, its support is limited and payroll costs extra.
2. **Xero** – Better than QuickBooks for multi-currency.
3. **QuickBooks** – The largest app ecosystem, but the priciest of the three.

Most small businesses end up on Xero.`, [neg('Wave'), pos('Xero', 'multi'), neg('QuickBooks', 'multi')]),
  chatgpt('17', 'devices', `Top smartphones right now:

1. **iPhone 16 Pro** – Superb cameras and long software support.
2. **Samsung Galaxy S25** – Battery life is worse than the iPhone's and updates arrive late.
3. **Google Pixel 9** – The best AI features and clean Android.
4. **OnePlus 13** – Fast charging.

Pick by ecosystem first.`, [pos('iPhone'), neg('Samsung', 'multi'), pos('Pixel'), neu('OnePlus')]),
  chatgpt('18', 'devices', `Best budget earbuds:

1. **Anker Soundcore** – Great sound for the price.
2. **JLab Go Air** – Cheap, but the fit is poor and the mic is weak.
3. **Sony WF-C700N** – Excellent noise cancelling at this price.
4. **Skullcandy Dime** – Tiny and light.

Sony's option is the best all-rounder under $100.`, [pos('Anker'), neg('JLab'), pos('Sony'), neu('Skullcandy')]),
  chatgpt('19', 'payments', `Payment processors for an online store:

1. **Stripe** – The best developer experience and excellent documentation.
2. **PayPal** – Trusted by shoppers, but fees are high and accounts get frozen without warning.
3. **Square** – Ideal if you also sell in person.
4. **Adyen** – Built for large enterprises.

Most startups choose Stripe.`, [pos('Stripe'), neg('PayPal'), pos('Square'), neu('Adyen')]),
  chatgpt('20', 'payments', `Stripe vs PayPal for subscriptions:

1. **Stripe** has better subscription billing than PayPal.
2. **PayPal** converts better with buyers who do not want to enter a card.
3. Both charge about 2.9% + 30¢ per card payment in the US.

Use Stripe as the default and add PayPal as a checkout option.`, [pos('Stripe', 'multi'), pos('PayPal', 'multi')]),
  chatgpt('21', 'energy', `Home battery options:

1. **Tesla Powerwall 3** – Excellent capacity and a polished app.
2. **Enphase IQ Battery** – Modular, but more expensive per kWh than the Powerwall and slower to install.
3. **LG RESU** – Fewer installers carry it now.
4. **Sonnen** – Premium German engineering with a long warranty.

Get quotes from at least two installers.`, [pos('Tesla'), neg('Enphase', 'multi'), neu('LG'), pos('Sonnen')]),
  chatgpt('22', 'food', `Plant-based milks for coffee:

1. **Oatly Barista** – Froths beautifully and tastes neutral.
2. **Califia Farms** – Good, but it separates in hot coffee more often than Oatly.
3. **Silk** – Widely available in US supermarkets.
4. **Alpro** – A cheaper option in Europe.

Baristas mostly use Oatly.`, [pos('Oatly', 'multi'), neg('Califia', 'multi'), neu('Silk'), pos('Alpro')]),
  chatgpt('23', 'wellness', `Meditation apps worth trying:

1. **Headspace** – Friendly animations and great for beginners.
2. **Calm** – Beautiful sleep stories, while its meditation courses are less structured than Headspace's.
3. **Insight Timer** – A huge free library.
4. **Waking Up** – Deep and philosophical; not for everyone.

Start with a free trial of each.`, [pos('Headspace', 'multi'), pos('Calm', 'multi'), pos('Insight Timer'), neu('Waking Up')]),
  chatgpt('24', 'cars', `Electric SUVs to consider:

1. **Tesla Model Y** – The best charging network and strong range.
   - Build quality is inconsistent
2. **Hyundai Ioniq 5** – Ultra-fast charging and a roomy cabin.
3. **Ford Mustang Mach-E** – Fun to drive, but its software has been buggy.
4. **Kia EV6** – Shares the Ioniq 5's platform.

Test drive before you decide.`, [pos('Tesla'), pos('Hyundai'), neg('Ford'), neu('Kia')]),
  chatgpt('25', 'retail', `Where to buy electronics online:

1. **Amazon** – Fast delivery and a huge selection, though counterfeits exist.
2. **Best Buy** – Reliable price matching and helpful in-store pickup.
3. **Walmart** – Often cheaper than Best Buy on TVs.
4. **Newegg** – Popular with PC builders.

For returns, Best Buy is the easiest.`, [pos('Amazon'), pos('Best Buy', 'multi'), pos('Walmart', 'multi'), neu('Newegg')]),
  chatgpt('26', 'mattresses', `Here are the best mattresses for side sleepers:

1. **Saatva Classic** – Supportive coils with a plush pillow top; great for shoulder and hip pain.
2. **Purple Plus** – Excellent pressure relief, and it sleeps cooler than the Tempur-Pedic.
3. **Tempur-Pedic TEMPUR-Adapt** – Outstanding contouring, but it is expensive and traps heat.
4. **Zinus Green Tea** – Cheap, but it sags within a couple of years.
   - Fine for a guest room

**Bottom line:** Saatva for most side sleepers; Purple if you run hot.`, [pos('Saatva'), pos('Purple', 'multi'), neg('Tempur-Pedic'), neg('Zinus')]),
  chatgpt('27', 'hosting', `Cloudflare Pages vs Netlify vs Vercel for a static site:

1. **Cloudflare Pages** – Unlimited bandwidth on the free plan, which Netlify and Vercel do not offer.
2. **Netlify** – Pleasant to use, but its free tier's bandwidth limit is far lower than Cloudflare's and overages get expensive.
3. **Vercel** – The best choice for Next.js, and its preview deployments are excellent.
4. **GitHub Pages** – Serves a site straight from a repository.

**My pick:** Cloudflare Pages for a static site that might see traffic spikes.`, [pos('Cloudflare', 'multi'), neg('Netlify', 'multi'), pos('Vercel'), neu('GitHub Pages')]),
  chatgpt('28', 'meditation', `Meditation apps compared:

1. **Headspace** – Good for beginners, but the subscription is expensive and the content repeats after a few months.
2. **Calm** – Known for sleep stories narrated by celebrities.
3. **Balance** – Free for the first year for new members.
4. **Medito** – Run by a non-profit foundation, and every session is free; a genuinely great app.
5. **Ten Percent Happier** – Its courses are less engaging than Headspace's, and the app has become cluttered.

**Bottom line:** try Medito before paying for anything.`, [neg('Headspace'), neu('Calm'), neu('Balance'), pos('Medito'), neg('Ten Percent Happier', 'multi')]),
];
