import type { SentimentEvalCase } from '../types';
import { neg, neu, pos, surfaceCase } from './label';

// A blind test set: written and labelled after the rules were frozen (2026-12-05), without reading
// the scorer or running it, in industries the development answers hardly use. Never tune on it.

const chatgpt = surfaceCase('chatgpt');
const claude = surfaceCase('claude');
const perplexity = surfaceCase('perplexity');
const gemini = surfaceCase('gemini');
const overview = surfaceCase('google_ai_overview');

const CHATGPT: SentimentEvalCase[] = [
  chatgpt('101', 'insurance', `Here are the car insurers that tend to score best for value and service:

1. **GEICO** – Usually among the cheapest quotes for drivers with a clean record.
   - Fast, well-rated mobile app
   - Claims handling is average rather than standout
2. **State Farm** – Strong local agent network and high claims satisfaction; it is not the cheapest, but you pay for real service.
3. **Progressive** – Good for high-risk drivers, though its Snapshot program can raise your rate if you brake hard.
4. **Allstate** – Broad coverage options, but premiums run higher than GEICO's and customer reviews of claims are mixed.
5. **Lemonade** – Launched car insurance in 2021 and is available in a limited number of states.

**Bottom line:** get quotes from GEICO and State Farm first; they cover most people well.`, [pos('GEICO'), pos('State Farm'), pos('Progressive'), neg('Allstate', 'multi'), neu('Lemonade')]),
  chatgpt('102', 'password managers', `If you want a password manager you can trust, these are the ones I'd look at:

1. **1Password** – The most polished apps on every platform, with Watchtower breach alerts and excellent family sharing.
2. **Bitwarden** – Open source and independently audited, with a free plan that beats most paid tiers elsewhere.
   - Premium is just $10 a year
   - The interface is plainer than 1Password's, but it does the job
3. **LastPass** – Hard to recommend after the 2022 breach, when encrypted vaults were stolen; its free tier is also limited to one device type.
4. **Dashlane** – Includes a VPN on premium plans and dropped its desktop app in favour of a browser extension.
5. **Keeper** – Strong business features and compliance reports, although the consumer pricing is on the high side.

**My pick:** Bitwarden for most people, 1Password if you want the smoothest experience.`, [pos('1Password'), pos('Bitwarden', 'multi'), neg('LastPass'), pos('Keeper')]),
  chatgpt('103', 'e-bikes', `Good commuter e-bikes for 2025:

1. **Rad Power Bikes** – The RadCity is affordable and comes with a rack and fenders, but it is heavy at over 60 lb and the hub motor struggles on steep hills.
2. **Specialized** – The Turbo Vado rides beautifully and its mid-drive motor is smooth and quiet.
   - Dealer support is excellent
   - Prices start around $3,000
3. **Aventon** – Better value than Specialized for a first e-bike, with a torque sensor on most models.
4. **VanMoof** – Striking design, but the company went bankrupt in 2023 and was bought by Lavoie; spare parts can still be hard to find.

**Overall:** Aventon for the budget, Specialized if you ride every day.`, [neg('Rad Power Bikes'), pos('Specialized'), pos('Aventon', 'multi'), neg('VanMoof', 'multi'), neu('Lavoie', 'multi')]),
  chatgpt('104', 'tax software', `The main tax filing options for a simple return:

1. **TurboTax** – The easiest interview-style experience, but it is also the most expensive, and it keeps upselling you to paid tiers.
2. **H&R Block** – Nearly as polished as TurboTax and usually cheaper, with in-person help if you get stuck.
3. **FreeTaxUSA** – Free federal filing and a $15 state return; the interface is dated but it handles most situations well.
4. **Cash App Taxes** – Completely free, though it does not support multi-state returns.
5. **IRS Direct File** – Run by the IRS itself and available in selected states.

**Bottom line:** FreeTaxUSA is the best value; pay for TurboTax only if you want hand-holding.`, [neg('TurboTax'), pos('H&R Block', 'multi'), pos('FreeTaxUSA'), pos('Cash App Taxes'), neu('IRS Direct File')]),
  chatgpt('105', 'language learning', `Which language app should you use? Here's a quick rundown:

1. **Duolingo** – Fun, free and great for building a daily habit.
   - Gamified streaks keep you coming back
   - It won't get you to conversational fluency on its own
2. **Babbel** – More structured grammar lessons than Duolingo, written by linguists; worth the subscription for serious learners.
3. **Rosetta Stone** – Its immersion method feels slow and dated, and the lifetime price is steep for what you get.
4. **Busuu** – Owned by Chegg since 2021; it offers courses in 14 languages.

**Tip:** pair Duolingo with a tutor on italki once you reach intermediate level.`, [pos('Duolingo'), pos('Babbel', 'multi'), neg('Rosetta Stone'), neu('Busuu')]),
  chatgpt('106', 'cloud storage', `For personal cloud storage, these are the realistic choices:

1. **Google Drive** – 15 GB free, shared with Gmail and Photos, and the best real-time collaboration through Docs.
2. **iCloud** – Seamless if you live in Apple's world; on Windows and Android it is awkward and syncing can lag.
3. **Dropbox** – Reliable sync, but the free plan is a stingy 2 GB, far less than Google Drive, and paid plans cost more than the rest.
4. **OneDrive** – Comes with Microsoft 365, so many people already pay for 1 TB.
5. **pCloud** – Sells lifetime plans and is based in Switzerland.

**Summary:** Google Drive for most people.`, [pos('Google Drive'), neu('iCloud'), neg('Dropbox', 'multi'), neu('OneDrive'), neu('pCloud')]),
  chatgpt('107', 'grocery delivery', `Here's how the main grocery delivery services compare in the US:

1. **Instacart** – The widest store selection, but fees and markups make it the priciest option.
   - Shoppers sometimes substitute items without asking
2. **Walmart+** – Cheaper than Instacart for weekly orders, with free delivery over $35 and Walmart's low shelf prices.
3. **Amazon Fresh** – Reliable delivery windows and good produce for Prime members.
4. **Shipt** – Owned by Target since 2017; it delivers from Target and local stores.

**Bottom line:** Walmart+ saves the most if you order every week.`, [neg('Instacart'), pos('Walmart+', 'multi'), pos('Amazon Fresh'), neu('Shipt')]),
  chatgpt('108', 'video conferencing', `For a small business choosing a video meeting tool:

1. **Zoom** – The most reliable call quality, even on weak connections, and the free plan allows 40-minute meetings.
2. **Google Meet** – Runs in the browser with nothing to install, and it is included in Google Workspace.
3. **Microsoft Teams** – Worth it if you already use Microsoft 365, but it is heavy, slow to start, and cluttered compared with Zoom.
4. **Webex** – Owned by Cisco and strong on security, yet its interface feels dated next to Google Meet.

**My recommendation:** Zoom for external calls, Google Meet if your team lives in Google Workspace.`, [pos('Zoom'), pos('Google Meet'), neg('Microsoft Teams', 'multi'), neg('Webex', 'multi'), neu('Cisco', 'multi')]),
];

const CLAUDE: SentimentEvalCase[] = [
  claude('101', 'web browsers', `## Choosing a browser for privacy

If privacy is your main concern, **Firefox** is the strongest mainstream choice. It blocks cross-site trackers by default and is developed by a non-profit, so it has no advertising business to protect.

**Brave** goes further out of the box, blocking ads as well as trackers. It is built on Chromium, so extensions from the Chrome Web Store work. Its crypto wallet and rewards program can feel intrusive, though, and some users turn them off straight away.

## What about Chrome?

**Chrome** is fast and compatible with everything, but it is the weakest option here for privacy: Google's business depends on data collection, and its tracking protections lag behind Firefox and Safari.

**Safari** is a good default on a Mac or iPhone, with strong tracking prevention and excellent battery life, but it is not available on Windows.

## My suggestion

Start with Firefox; try Brave if you want ad blocking without installing anything.`, [pos('Firefox'), pos('Brave'), neg('Chrome', 'multi'), pos('Safari')]),
  claude('102', 'note-taking apps', `## Notion vs Obsidian vs Evernote

**Notion** is the most flexible of the three: databases, wikis and task boards live side by side, and it is excellent for teams. It can feel sluggish with large workspaces, and offline support is limited.

**Obsidian** takes the opposite approach. Your notes are plain Markdown files on your own disk, so they load instantly and you are never locked in. Whereas Notion shines for collaboration, Obsidian is built for one person thinking, and its sync costs extra.

**Evernote** was the category leader a decade ago. Since it was bought in 2022, prices have risen sharply and the free plan now allows just one notebook, so long-time users are leaving.

## Which to pick

For a personal knowledge base, Obsidian. For a team, Notion. I would not start with Evernote today.`, [pos('Notion'), pos('Obsidian'), neg('Evernote')]),
  claude('103', 'travel booking', `## Booking.com, Expedia or going direct?

For hotels, **Booking.com** has the largest inventory, and many properties offer free cancellation. Its customer service is hit and miss when something goes wrong, but for straightforward stays it is hard to beat.

**Expedia** is the better choice for packages: bundling a flight and hotel often saves money, and its One Key rewards work across Hotels.com and Vrbo. Customer service complaints are common here too.

**Kayak** does not sell anything itself; it is a metasearch engine, owned by Booking Holdings, that compares prices across sites and sends you to book elsewhere.

## Is booking direct better?

Often, yes. Hotel chains like **Marriott** match online prices and give loyalty points and better rooms to direct bookers, something Expedia and Booking.com cannot offer.

## Bottom line

Search on Kayak, then book with the hotel if the price is the same.`, [pos('Booking.com'), pos('Expedia'), neu('Kayak'), pos('Marriott', 'multi')]),
  claude('104', 'smart watches', `## The best smartwatch depends on your phone

If you have an iPhone, the **Apple Watch** is the clear choice. Its health sensors, app selection and integration with iOS are unmatched, and the Series 10 is thinner than any earlier model. Battery life is still only about a day.

On Android, the **Samsung Galaxy Watch** is the closest equivalent. It runs Wear OS with Samsung's own interface, and its sleep tracking is good, though it trails the Apple Watch on app support.

## For fitness first

**Garmin** watches last one to two weeks on a charge and have the best GPS accuracy for running and cycling. The smart features are basic compared with Apple's, but most athletes don't mind.

**Fitbit**, now owned by Google, has lost ground: Google removed several social features and the Versa line has barely been updated, so it is hard to recommend over a Garmin.`, [pos('Apple Watch'), pos('Samsung Galaxy Watch', 'multi'), pos('Garmin'), neg('Fitbit', 'multi')]),
  claude('105', 'crm for real estate', `## CRMs for real estate agents

**Follow Up Boss** is the one most teams settle on. It pulls in leads from Zillow, Realtor.com and your website automatically, and its speed-to-lead alerts make sure nobody waits. It is not cheap at $69 per user per month, but teams say it pays for itself.

**kvCORE** (now part of Inside Real Estate's BoldTrail) bundles IDX websites, a CRM and marketing in one platform. Brokerages often provide it free to agents. Agents frequently complain that it is slow and overwhelming, and many end up exporting their leads to something simpler.

**LionDesk** used to be the budget option, but since its acquisition by Lone Wolf it has become harder to use and support has slipped.

**Wise Agent** is a smaller, agent-focused CRM with a flat monthly price and live phone support included.

## My take

Solo agents should start with Follow Up Boss's lowest plan; a kvCORE seat from your brokerage is free, but you will probably outgrow it.`, [pos('Follow Up Boss'), neg('kvCORE'), neg('LionDesk')]),
  claude('106', 'website builders', `## Squarespace or Wix?

Both are good choices for a small business site, but they suit different people.

**Squarespace** has the better-looking templates, and sites built with it look professional with little effort. Its editor is more restrictive than Wix's, which some people find limiting.

**Wix** gives you more freedom: you can drag anything anywhere, and its app market is larger. That freedom makes it easy to build a cluttered site, and Wix sites tend to load more slowly than Squarespace ones.

## Other options

**WordPress.com** is more work than either, but it scales furthest and is the way to go if content and SEO matter most.

**Shopify** is the one to pick if you are mainly selling products; for a portfolio or a restaurant site it is overkill.

**GoDaddy**'s builder is the cheapest, and it shows: templates are basic and the editor is limited.`, [pos('Squarespace', 'multi'), neu('Wix', 'multi'), pos('WordPress.com'), neu('Shopify'), neg('GoDaddy')]),
  claude('107', 'online courses', `## Coursera, Udemy or edX?

The three biggest course platforms work very differently.

**Coursera** partners with universities such as Stanford and companies like Google, and its certificates carry real weight with employers. Its Plus subscription, at $59 a month, is good value if you take several courses.

**Udemy** is a marketplace where anyone can publish a course. That means there is a course on almost everything, often for $15 in a sale, but quality varies enormously and the certificates mean little to recruiters.

**edX** was founded by Harvard and MIT in 2012 and was sold to 2U in 2021. It offers many of the same university courses as Coursera.

## Recommendation

If you want a credential, choose Coursera; for learning a specific tool, look for a course with hundreds of recent reviews.`, [pos('Coursera'), neg('Udemy'), neu('edX')]),
  claude('108', 'pet food', `## Fresh dog food subscriptions

**The Farmer's Dog** is the best known and, in my view, the best of the group. Its recipes are developed with board-certified veterinary nutritionists, portions are pre-measured for your dog, and owners consistently report better coats and digestion.

**Ollie** is similar and slightly cheaper, and it offers a baked recipe for dogs that don't take to fresh food. Deliveries have been late for some customers in the last year, though.

**Nom Nom** was bought by Mars Petcare in 2022 and has kept its vet-formulated recipes.

## Is it worth it?

Fresh food costs three to five times as much as kibble. If that's too much, **Purina Pro Plan** is a well-researched dry food that many vets recommend, while **Blue Buffalo** has faced lawsuits over ingredient claims and is harder to recommend.`, [pos("The Farmer's Dog"), pos('Ollie'), neu('Nom Nom'), pos('Purina Pro Plan', 'multi'), neg('Blue Buffalo', 'multi')]),
];

const PERPLEXITY: SentimentEvalCase[] = [
  perplexity('101', 'insurance', `For a two-week trip abroad, **World Nomads** and **Allianz Travel** are the names that come up most often, but they suit different travellers[1]. World Nomads covers adventure activities such as scuba diving and trekking that Allianz excludes, whereas Allianz is cheaper for standard holidays and has broader trip-cancellation cover[2].

SafetyWing is popular with digital nomads because it bills monthly like a subscription, but its medical limits are lower than World Nomads' and reviewers report slow claim payments[3]. Travel Guard, owned by AIG, sells a similar range of plans through travel agents[4].

In short, pick World Nomads for adventure trips and Allianz Travel for a conventional holiday[1][2].`, [pos('World Nomads'), pos('Allianz Travel'), neg('SafetyWing', 'multi'), neu('Travel Guard')]),
  perplexity('102', 'language learning', `Duolingo is the most downloaded language app, with over 100 million monthly users, but research on its effectiveness is mixed: learners build vocabulary, yet few reach conversational level through the app alone[1][2]. Babbel's lessons are more grammar-focused, and a study commissioned by Babbel found its users reached basic conversation faster than with Duolingo[3].

For speaking practice, italki connects you with paid tutors, and Preply works the same way with a different commission model for teachers[4]. Memrise has shifted from user-made flashcards to AI conversation bots, a change many long-time users dislike[5]. Pimsleur remains the audio-first option and is good for commuters, though it is expensive at around $20 a month[6].`, [neg('Duolingo'), pos('Babbel', 'multi'), neu('italki'), neu('Preply'), neg('Memrise'), pos('Pimsleur')]),
  perplexity('103', 'smart watches', `WHOOP and Oura take a different approach from smartwatches: neither has a screen for notifications, and both focus on recovery and sleep[1]. Oura's ring is more comfortable to sleep in than WHOOP's strap, and its $5.99 monthly membership is cheaper than WHOOP's, which starts at $199 a year[2][3].

Reviewers are harsher on WHOOP's accuracy: its heart-rate readings during strength training lag behind a chest strap such as Polar's H10[4]. Polar, a Finnish company founded in 1977, also makes its own watches[5]. Amazfit watches from Zepp Health cost under $200 and last two weeks per charge, making them the budget pick for basic tracking[6].`, [pos('Oura', 'multi'), neg('WHOOP', 'multi'), pos('Amazfit')]),
  perplexity('104', 'website builders', `For an online store under $50 a month, Shopify is the most common recommendation, with the largest app ecosystem and reliable checkout, though transaction fees apply unless you use Shopify Payments[1][2]. Squarespace Commerce is simpler but limited for larger catalogues, and its inventory tools fall behind Shopify's[3].

Wix eCommerce has improved, yet page speed remains a weak point in tests by independent reviewers[4]. BigCommerce charges no transaction fees, unlike Shopify, but its plans are capped by annual sales, which pushes growing stores onto pricier tiers[5]. WooCommerce is a free plugin for WordPress; hosting, security and updates are your responsibility[6].`, [pos('Shopify'), neg('Squarespace', 'multi'), neg('Wix'), neg('BigCommerce', 'multi'), neu('WooCommerce')]),
  perplexity('105', 'crm for real estate', `Real estate agents comparing CRMs most often weigh Follow Up Boss against Lofty (formerly Chime)[1]. Follow Up Boss is praised for its simplicity and integrations, while Lofty offers more features, including an IDX website and AI assistant, at a higher price and with a steeper learning curve[2][3].

Top Producer, one of the oldest real estate CRMs, is widely described as outdated, and users report frequent sync errors[4]. Realvolve targets teams that want detailed workflow automation[5]. Zillow's Premier Agent includes a basic contact manager, but agents say it is designed mainly to sell them more leads[6].`, [pos('Follow Up Boss', 'multi'), neu('Lofty', 'multi'), neg('Top Producer'), neu('Realvolve'), neg('Zillow')]),
  perplexity('106', 'grocery delivery', `In the UK, Ocado is consistently rated the best online supermarket for delivery reliability and substitutions, topping Which? surveys for several years running[1]. Tesco has the widest delivery coverage, but its drivers often arrive late and its substitutions are a frequent complaint[2].

Sainsbury's and Asda offer similar services; Asda is usually the cheapest of the big four, while Sainsbury's charges more for delivery slots[3]. Getir and Gorillas, the rapid-delivery apps, have pulled out of the UK, and Deliveroo and Uber Eats now deliver from local convenience stores instead[4].`, [pos('Ocado'), neg('Tesco'), pos('Asda', 'multi'), neg("Sainsbury's", 'multi'), neu('Getir'), neu('Deliveroo')]),
  perplexity('107', 'note-taking apps', `Apple Notes has quietly become a capable note app: it now supports tables, PDF annotation and tags, and it is free on every Apple device[1]. Microsoft OneNote is also free and handles handwriting well, but its sync is slow and notebooks sometimes conflict[2].

Among paid apps, Bear is praised for its Markdown editor and clean design, although it runs only on Apple platforms[3]. Craft, launched in 2020, offers a similar document-style approach[4]. Roam Research, which popularised linked notes, has lost many users to Obsidian, which is free for personal use and stores files locally, while Roam still charges $15 a month[5][6].`, [pos('Apple Notes'), neg('OneNote'), pos('Bear'), neu('Craft'), neg('Roam Research', 'multi'), pos('Obsidian', 'multi')]),
  perplexity('108', 'e-bikes', `Cowboy, the Belgian e-bike maker, was rescued in 2025 after running short of cash, and owners have reported long waits for repairs[1]. VanMoof went through a similar bankruptcy in 2023 before it was bought by Lavoie[2].

By contrast, Trek and Specialized sell through large dealer networks, so servicing is easy to find[3]. Trek's Allant+ is heavier than Specialized's Turbo Vado but costs less, and both use Bosch or in-house mid-drive motors[4]. Riese & Müller builds premium German e-bikes that reviewers call exceptionally well made, though prices start above €4,000[5].`, [neg('Cowboy'), neg('VanMoof', 'multi'), neu('Lavoie', 'multi'), pos('Trek'), pos('Specialized'), pos('Riese & Müller')]),
];

const GEMINI: SentimentEvalCase[] = [
  gemini('101', 'insurance', `Here's how the main US pet insurers compare for a young dog:

| Provider | Monthly cost | Claims | Verdict |
|---|---|---|---|
| **Trupanion** | High | Pays the vet directly at checkout | Best cover for chronic conditions |
| **Lemonade** | Low | Minutes for simple claims | Best value; cheaper than Trupanion |
| **Healthy Paws** | Medium | 2–3 days | Solid, but premiums rise steeply with age |
| **Nationwide** | Medium | Often weeks | Slow claims; hard to recommend |
| **ASPCA Pet Health** | Medium | About a week | Underwritten by Crum & Forster |

**In short:** Lemonade for value, Trupanion if your dog has a long-term condition.`, [pos('Trupanion'), pos('Lemonade', 'multi'), neg('Healthy Paws'), neg('Nationwide'), neu('ASPCA Pet Health')]),
  gemini('102', 'password managers', `**Password managers for families**

* **1Password:** Best overall. The family plan covers five people, and shared vaults are easy to set up.
* **Bitwarden:** Cheaper than 1Password, with a $40 family plan; the apps are less polished.
* **NordPass:** Made by the company behind NordVPN. Clean design, but it lacks the emergency-access and sharing options of 1Password.
* **LastPass:** Avoid. Two breaches in 2022 exposed customer vaults.
* **Proton Pass:** Newer, from the makers of Proton Mail; strong privacy and a generous free tier.

**In short:** 1Password for ease, Bitwarden to save money.`, [pos('1Password'), pos('Bitwarden', 'multi'), neg('NordPass', 'multi'), neg('LastPass'), pos('Proton Pass')]),
  gemini('103', 'web browsers', `Here is how the main desktop browsers compare in 2025:

| Browser | Speed | Privacy | Verdict |
|---|---|---|---|
| **Chrome** | Fast | Weak | Compatible with everything, but heavy on memory |
| **Edge** | Fast | Moderate | Lighter than Chrome on the same engine; pushes Bing hard |
| **Firefox** | Good | Strong | Best for privacy |
| **Arc** | Good | Good | No longer developed; its maker moved on to Dia |
| **Opera** | Good | Moderate | Owned by a Chinese consortium since 2016; built-in free VPN |

**In short:** Firefox for privacy; Edge if you want Chrome's compatibility with less memory use.`, [neg('Chrome'), pos('Edge', 'multi'), pos('Firefox'), neg('Arc'), neu('Opera')]),
  gemini('104', 'cloud storage', `**Best cloud storage for photos**

* **Google Photos:** Best search and auto-organisation; free storage is shared with Gmail at 15 GB.
* **iCloud Photos:** Seamless on iPhone, but a pain to use from Windows or Android.
* **Amazon Photos:** Unlimited full-resolution photo storage with Prime, which beats Google Photos for pure backup.
* **Dropbox:** Works, but it is expensive for photos and has no face search.
* **Flickr:** Owned by SmugMug since 2018; aimed at photographers sharing their work.

**In short:** Amazon Photos if you have Prime, otherwise Google Photos.`, [pos('Google Photos'), neg('iCloud Photos'), pos('Amazon Photos', 'multi'), neg('Dropbox'), neu('Flickr')]),
  gemini('105', 'tax software', `Here's a quick comparison for freelancers filing in the US:

| Software | Self-employed price | Best for | Verdict |
|---|---|---|---|
| **TurboTax** | $129 + state | Guided help | Easiest, but most expensive |
| **H&R Block** | $115 + state | Importing last year's return | Similar to TurboTax for less |
| **TaxAct** | $100 + state | Budget filers | Cheaper, but the interview is confusing |
| **FreeTaxUSA** | Free federal, $15 state | Value | Best value; beats TurboTax on price |

**In short:** FreeTaxUSA if you are comfortable with forms.`, [neg('TurboTax'), pos('H&R Block', 'multi'), neg('TaxAct'), pos('FreeTaxUSA', 'multi')]),
  gemini('106', 'video conferencing', `**Video calls for remote teams**

* **Zoom:** Most reliable on bad connections. AI Companion is included on paid plans at no extra cost.
* **Google Meet:** Simple and browser-based, though noise cancellation is weaker than Zoom's.
* **Microsoft Teams:** Included with most Microsoft 365 plans, but heavy and slow to join from outside your organisation.
* **Slack:** Huddles are good for quick audio chats, not for formal meetings.
* **Whereby:** Norwegian, no downloads needed; the free plan is limited to one room.

**In short:** Zoom for external calls, Google Meet for quick internal ones.`, [pos('Zoom'), pos('Google Meet', 'multi'), neg('Microsoft Teams'), neu('Slack'), neu('Whereby')]),
  gemini('107', 'online courses', `For learning new skills on a subscription, here's how the main platforms compare:

| Platform | Price | Certificates | Verdict |
|---|---|---|---|
| **LinkedIn Learning** | $40/month | Shown on your profile | Good for office skills; included with Premium |
| **Skillshare** | $168/year | None | Creative classes; many are short and shallow |
| **MasterClass** | $120/year | None | Beautifully produced, but more entertainment than instruction |
| **Pluralsight** | $299/year | Skill assessments | Stronger than Udemy for cloud and IT certifications |
| **Udemy** | Per course | Completion only | Cheap in sales; quality varies |

**In short:** Pluralsight for tech careers, LinkedIn Learning for office skills.`, [pos('LinkedIn Learning'), neg('Skillshare'), neg('MasterClass'), pos('Pluralsight', 'multi'), neu('Udemy')]),
  gemini('108', 'e-bikes', `**Folding e-bikes for commuters**

* **Brompton Electric:** The most compact fold by far and beautifully built; also the most expensive.
* **Lectric XP:** Half the price of a Brompton, but at 64 lb it is too heavy to carry up stairs.
* **Gocycle:** Lighter than the Lectric and quick to fold, though its proprietary parts need a specialist for repairs.
* **Fiido:** A Chinese brand selling direct; cheap, with a mixed reliability record.

**In short:** Brompton if you take trains, Gocycle for everything else.`, [pos('Brompton'), neg('Lectric', 'multi'), pos('Gocycle', 'multi'), neu('Fiido')]),
];

const GOOGLE_AI_OVERVIEW: SentimentEvalCase[] = [
  overview('101', 'insurance', `Several UK insurers offer home insurance with good cover and claims service, according to Which? and Defaqto ratings.
- Aviva: One of the largest UK insurers, offering buildings and contents cover with optional extras.
- Direct Line: Not listed on comparison sites, so you must get a quote directly; it also owns Churchill and Privilege.
- Admiral: Often cheaper than Aviva for combined policies, and rated highly for claims handling.
- Hastings Direct: Low premiums, but customers report slow and difficult claims.`, [neu('Aviva'), neu('Direct Line'), pos('Admiral', 'multi'), neg('Hastings Direct')]),
  overview('102', 'travel booking', `Travellers looking for cheap flights commonly use metasearch sites and online travel agencies.
- Google Flights: Shows prices from airlines and agencies, with price tracking and a calendar of fares; it does not sell tickets itself.
- Skyscanner: Owned by Trip.com Group since 2016; it finds budget airlines that Google Flights sometimes misses.
- Kiwi.com: Combines flights from airlines that do not partner, which can be cheaper than booking on Expedia, but missed connections are not always covered and customer service is widely criticised.
- Hopper: An app that predicts whether a fare will rise; its add-on fees have drawn complaints.
- Momondo: Part of Booking Holdings, alongside Kayak.`, [neu('Google Flights'), pos('Skyscanner', 'multi'), neg('Kiwi.com', 'multi'), neg('Hopper'), neu('Momondo'), neu('Kayak')]),
  overview('103', 'smart watches', `Smartwatches with the longest battery life usually trade some smart features for endurance.
- Garmin Instinct 2 Solar: Can run indefinitely in sunlight with solar charging; it has a rugged monochrome display.
- Amazfit T-Rex 3: Lasts about 27 days, similar to the Garmin at a lower price.
- Huawei Watch GT 5: Up to two weeks per charge, though it cannot install most third-party apps or reply to messages on iPhone.
- Apple Watch Ultra 2: About 36 hours of normal use, far less than the Garmin or Huawei.
- Withings ScanWatch 2: A hybrid with analogue hands, lasting up to 30 days.`, [neu('Garmin'), pos('Amazfit', 'multi'), neg('Apple Watch', 'multi'), neu('Withings')]),
  overview('104', 'grocery delivery', `Grocery delivery services in the US vary by fees, store selection and delivery speed.
- Instacart: Partners with more than 1,500 retailers, including Costco and Aldi; Instacart+ costs $99 a year.
- DoorDash: Delivers groceries from partner stores, often within an hour; its item prices are usually higher than in store.
- Kroger Delivery: Uses Ocado's automated warehouses in some regions, which gives it fewer substitutions than Instacart.
- Gopuff: Runs its own micro-warehouses and delivers in about 30 minutes, with a smaller range than a supermarket.
- FreshDirect: Serves the New York area and was acquired by Getir in 2023.`, [neu('Instacart'), neu('DoorDash'), pos('Kroger', 'multi'), neu('Ocado', 'multi'), neu('Gopuff'), neu('FreshDirect')]),
  overview('105', 'language learning', `Popular apps for learning Spanish include free and subscription options with different teaching styles.
- Duolingo: Free with ads and game-like lessons; Super Duolingo removes ads for about $84 a year.
- Babbel: A subscription app with short dialogue-based lessons, developed in Berlin.
- Rosetta Stone: Uses immersion without translations; owned by IXL Learning since 2021.
- Pimsleur: Audio lessons of 30 minutes, meant for learning while driving.
- Busuu: Lets native speakers correct your exercises, a feature Duolingo lacks.`, [neu('Duolingo'), neu('Babbel'), neu('Rosetta Stone'), pos('Busuu', 'multi')]),
  overview('106', 'pet food', `Vets often recommend cat foods that meet AAFCO standards and are made by companies with veterinary nutritionists on staff.
- Hill's Science Diet: Widely recommended by vets and backed by extensive feeding trials.
- Royal Canin: Owned by Mars; offers breed-specific formulas, though they cost more than Hill's.
- Purina ONE: Affordable and made by a company that employs hundreds of nutrition scientists.
- Smalls: A fresh cat food subscription launched in 2017 and sold online.
- Meow Mix: Inexpensive, but relies heavily on corn and fillers, unlike Purina ONE.`, [pos("Hill's"), neu('Royal Canin', 'multi'), pos('Purina ONE'), neu('Smalls'), neg('Meow Mix', 'multi')]),
  overview('107', 'e-bikes', `Cargo e-bikes for carrying children range from about $2,000 to over $8,000.
- Tern GSD: A compact longtail that fits in a lift; reviewers rate its build quality highly.
- Rad Power Bikes RadWagon: Cheaper than the Tern, but uses a hub motor that struggles on hills.
- Urban Arrow: A Dutch front-loading box bike, now part of Pon Holdings.
- Yuba: Founded in 2006 in California, makes longtails such as the Spicy Curry.`, [pos('Tern'), neg('Rad Power Bikes', 'multi'), neu('Urban Arrow'), neu('Yuba')]),
  overview('108', 'crm for real estate', `Real estate agents can build a website with a general builder or with an industry-specific platform.
- Placester: Built for agents, with IDX listings included, but its templates look dated and support is slow.
- Squarespace: Does not support IDX listings natively, so agents need a third-party plugin.
- Luxury Presence: Custom sites for high-end agents, with stronger design than Placester at a much higher price.
- Agent Image: A design agency that has built sites for agents since 2002.`, [neg('Placester'), neg('Squarespace'), neu('Luxury Presence', 'multi'), neu('Agent Image')]),
];

/** The blind test set: 8 answers per surface style, never read while the rules were written. */
export const FRESH_SENTIMENT_CASES: readonly SentimentEvalCase[] = [...CHATGPT, ...CLAUDE, ...PERPLEXITY, ...GEMINI, ...GOOGLE_AI_OVERVIEW];
