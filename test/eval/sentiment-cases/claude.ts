import type { SentimentEvalCase } from '../types';
import { neg, neu, pos, surfaceCase } from './label';

const claude = surfaceCase('claude');

export const CLAUDE: SentimentEvalCase[] = [
  claude('01', 'crm', `## HubSpot

HubSpot is the easiest CRM to adopt. Its free tier covers contacts, deals and email tracking, and the interface is intuitive.

## Salesforce

Salesforce is the industry standard for large sales organisations. It is powerful, but it demands an administrator and gets expensive fast.

## Pipedrive

Pipedrive focuses on the pipeline and little else.`, [pos('HubSpot'), neg('Salesforce'), neu('Pipedrive')]),
  claude('02', 'crm', `For a ten-person team, I would look at HubSpot and Zoho CRM first. HubSpot is more polished, whereas Zoho CRM is cheaper but its interface feels dated. Salesforce is overkill at that size.

If budget is the main constraint, look at annual plans.`, [pos('HubSpot', 'multi'), neg('Zoho CRM', 'multi'), neg('Salesforce')]),
  claude('03', 'vpn', `## Which VPN should you choose?

ProtonVPN is the one I would recommend for privacy. It has a strict no-logs policy that has been audited, and its free plan has no data cap.

NordVPN is faster in most tests, but its parent company's marketing practices have drawn criticism. Surfshark is a reasonable budget option.

### A note on free VPNs

Most free VPNs other than ProtonVPN monetise your data. Hola VPN is a notorious example.`, [pos('ProtonVPN'), neg('NordVPN'), pos('Surfshark')]),
  claude('04', 'vpn', `ExpressVPN and Mullvad take opposite approaches. ExpressVPN is polished and easy to use, while Mullvad is bare-bones but exceptionally private. Mullvad's flat €5 price is also cheaper than ExpressVPN's monthly plan.

For most people who just want to stream, ExpressVPN is the simpler choice.`, [pos('ExpressVPN', 'multi'), pos('Mullvad', 'multi')]),
  claude('05', 'email marketing', `## Mailchimp

Mailchimp remains the best-known name. It has a capable free plan, but the pricing jumps sharply past 500 contacts, and many users report the new editor is confusing.

## Klaviyo

Klaviyo is the strongest choice for ecommerce. Its Shopify integration is excellent and its segmentation is powerful.

## MailerLite

MailerLite offers a similar feature set to Mailchimp at about half the price.`, [neg('Mailchimp'), pos('Klaviyo'), pos('MailerLite')]),
  claude('06', 'email marketing', `If you run a Shopify store, Klaviyo is worth its price; Omnisend is cheaper and covers SMS, although its reporting is weaker. ActiveCampaign is better suited to B2B automation than to retail.`, [pos('Klaviyo', 'multi'), neu('Omnisend', 'multi'), neu('ActiveCampaign')]),
  claude('07', 'project management', `## Notion

Notion is flexible enough to be a wiki, a task tracker and a docs tool at once. That flexibility is also its weakness: teams without a clear structure end up with a mess.

## Asana

Asana is the better choice for task management specifically. It is reliable and its reporting is solid.

## Basecamp

Basecamp charges a flat fee regardless of team size.`, [neu('Notion'), pos('Asana'), neu('Basecamp')]),
  claude('08', 'project management', `Between Monday.com and Wrike, I would pick Monday.com for a marketing team. It is easier to learn than Wrike, whose interface many users find cumbersome. Wrike does have stronger resource planning, which matters for agencies billing by the hour.`, [pos('Monday.com', 'multi'), neu('Wrike', 'multi')]),
  claude('09', 'banking', `## Monzo

Monzo's app is excellent, with instant notifications and savings pots. Its customer service has improved, too.

## Starling

Starling is the better choice for small businesses: its business account is free and well designed.

## Barclays

Barclays has a branch network, but its app is slower and its fees are higher than either challenger's.`, [pos('Monzo'), pos('Starling'), neg('Barclays')]),
  claude('10', 'banking', `Chase offers the largest branch network in the US and a solid app, but its checking account charges a monthly fee unless you meet minimums. Ally, by contrast, has no monthly fees and pays a competitive rate on savings. Capital One sits in between.`, [neg('Chase'), pos('Ally'), neu('Capital One')]),
  claude('11', 'running shoes', `## Cushioning

The Hoka Bondi is the most cushioned shoe here, and it is comfortable on long, slow runs. The Nike Vomero is lighter, but it feels less stable than the Hoka.

## Durability

Brooks shoes generally last longer than Hoka's. The New Balance 1080 is also durable.`, [pos('Hoka', 'multi'), neg('Nike', 'multi'), pos('Brooks', 'multi'), pos('New Balance')]),
  claude('12', 'running shoes', `Saucony's Endorphin Speed is a fantastic tempo shoe, whereas the Adidas Boston can feel harsh on recovery days. On's Cloudmonster divides runners: some love the bounce, others find it firm. The Puma Deviate Nitro is also a racer.`, [pos('Saucony', 'multi'), neg('Adidas', 'multi'), neu('On'), neu('Puma')]),
  claude('13', 'seo', `## Semrush

Semrush is the most complete suite. It covers keyword research, audits, PPC and content, and the data is accurate.

## Screaming Frog

Screaming Frog is an excellent crawler, though the free version is limited to 500 URLs.

## Moz

Moz pioneered domain authority. Its toolset now lags behind the leaders, and the link index is smaller.`, [pos('Semrush'), pos('Screaming Frog'), neg('Moz')]),
  claude('14', 'seo', `Surfer and Clearscope both grade content against top-ranking pages. Clearscope's recommendations are more accurate, but it costs far more than Surfer. For a small content team, Surfer is the practical pick; Frase is a cheaper alternative with weaker data.`, [pos('Surfer', 'multi'), neu('Clearscope', 'multi'), neg('Frase')]),
  claude('15', 'accounting', `## Xero

Xero is a strong fit for small firms. Its bank reconciliation is fast and it integrates with hundreds of apps.

## FreshBooks

FreshBooks is designed for service businesses that invoice by the hour. Its double-entry accounting is weaker than Xero's, so accountants sometimes push back.

## Zoho Books

Zoho Books is part of the wider Zoho suite.`, [pos('Xero'), neg('FreshBooks', 'multi'), neu('Zoho Books')]),
  claude('16', 'accounting', `QuickBooks Online is the default in the US: almost every bookkeeper knows it, and its app marketplace is huge. The downside is cost: it has raised prices several times. Wave is free but limited, and it has dropped features. Xero is another option.`, [pos('QuickBooks'), neg('Wave'), neu('Xero')]),
  claude('17', 'devices', `## Laptops for students

The MacBook Air M3 is my top recommendation: excellent battery life, silent, and fast. Dell's XPS 13 is a good Windows alternative, but its webcam and battery life are weaker than the MacBook's. The Chromebook Plus from Acer is the budget choice.`, [pos('MacBook', 'multi'), neg('Dell', 'multi'), neu('Acer')]),
  claude('18', 'devices', `## Smart speakers

Amazon's Echo has the widest smart home support. Google's Nest Audio sounds better than the Echo, while Apple's HomePod is expensive and works best only inside Apple's ecosystem.

Sonos makes the best-sounding speakers overall.`, [pos('Echo', 'multi'), pos('Nest Audio', 'multi'), neg('HomePod', 'multi'), pos('Sonos')]),
  claude('19', 'payments', `Stripe is the obvious starting point for a SaaS company. It handles subscriptions, invoicing and tax, and the API is superb. Paddle acts as a merchant of record, which saves you VAT headaches; its fees are higher than Stripe's, though. Braintree is owned by PayPal.`, [pos('Stripe', 'multi'), neu('Paddle', 'multi'), neu('Braintree')]),
  claude('20', 'payments', `## Square

Square is the easiest point-of-sale system to get running. Its hardware is attractive and the software is free to start.

## Toast

Toast is built for restaurants, but its contracts are long and its hardware is proprietary.

## Clover

Clover is sold through banks.`, [pos('Square'), neg('Toast'), neu('Clover')]),
  claude('21', 'energy', `Octopus Energy is the supplier I hear recommended most. Its customer service is consistently rated highly, and its smart tariffs can cut bills for EV owners. British Gas is larger, but its service ratings are poor. EDF sits in the middle.`, [pos('Octopus'), neg('British Gas'), neu('EDF')]),
  claude('22', 'food', `## Meal kits

HelloFresh has the widest menu and frequent discounts. Its packaging creates a lot of waste, though, and prices rise after the intro offer.

Green Chef is more expensive than HelloFresh but better for keto and paleo diets. Home Chef offers the most flexibility.`, [neu('HelloFresh'), pos('Green Chef', 'multi'), pos('Home Chef')]),
  claude('23', 'wellness', `Strava is the social network of endurance athletes: it is motivating and its segments are fun. Garmin Connect has deeper training metrics, but the app is clunky. Nike Run Club is free and friendly for beginners.`, [pos('Strava'), neg('Garmin'), pos('Nike Run Club')]),
  claude('24', 'cars', `## Reliability

Toyota remains the benchmark for reliability; its hybrids rarely need anything but routine servicing. Volkswagen has improved, but its ID models still suffer from software problems. Honda is close to Toyota in most surveys.

## Value

Kia offers the longest warranty.`, [pos('Toyota'), neg('Volkswagen'), pos('Honda'), pos('Kia')]),
  claude('25', 'retail', `IKEA is affordable and its designs are clean, but assembly is tedious and some pieces do not last. Wayfair has a larger range, while its delivery times and customer service are unreliable. West Elm is pricier and better made.`, [neg('IKEA'), neg('Wayfair'), pos('West Elm')]),
  claude('26', 'airlines', `## Long-haul economy

For long-haul economy, I would choose Singapore Airlines or Qatar Airways if the prices are close. Both have roomy seats, good food and attentive crews.

## Short-haul Europe

easyJet is usually the least stressful budget option. Ryanair is cheaper than easyJet on many routes, but its fees and strict bag rules make it easy to pay more than you expected. Lufthansa and KLM are the full-service alternatives, with a checked bag included on most fares.`, [pos('Singapore Airlines'), pos('Qatar Airways'), pos('easyJet'), neg('Ryanair', 'multi'), neu('Lufthansa'), neu('KLM')]),
  claude('27', 'streaming', `If you only keep one subscription, I'd keep Netflix: it releases something new nearly every week, and its recommendations are good. Its price has risen steadily, though.

Disney+ is the better value if you have young children, while Paramount+ has little worth paying for beyond a few Star Trek series. Apple TV+ is small but consistently excellent; its shows win more awards per title than Netflix's.`, [pos('Netflix'), pos('Disney+', 'multi'), neg('Paramount+', 'multi'), pos('Apple TV+', 'multi')]),
  claude('28', 'hosting', `## Shared hosting

GoDaddy is the best-known name, but its hosting is slow for the price and its checkout pushes add-ons at every step. Namecheap's shared plans are cheaper than GoDaddy's and perfectly adequate for a small site. DreamHost is owned by New Dream Network and offers month-to-month billing.

## Managed hosting

Kinsta and WP Engine both run on Google Cloud. Kinsta's dashboard is cleaner and easier to use, whereas WP Engine's plans cap monthly visits more tightly.`, [neg('GoDaddy'), pos('Namecheap', 'multi'), neu('DreamHost'), pos('Kinsta', 'multi'), neg('WP Engine', 'multi')]),
];
