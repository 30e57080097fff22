import type { EvalCase } from '../types';
import { absent, at } from './label';

export const VPN: EvalCase[] = [
  {
    id: 'vpn-01',
    surface: 'chatgpt',
    industry: 'vpn',
    classes: ['spelling', 'list', 'intro'],
    text: `Here are the most trusted VPNs for privacy in 2025:

1. **ProtonVPN** – Swiss-based, open-source apps and an audited no-logs policy.
2. **Mullvad** – No account email needed; you can even pay in cash.
3. **NordVPN** – Fast speeds and a large server network.
4. **Surfshark** – Unlimited devices at a low price.

Proton VPN also has the best free plan of the group.`,
    labels: [at('Proton VPN', 1, 'positive'), at('Mullvad', 2), at('NordVPN', 3), at('Surfshark', 4)],
    discovered: [],
  },
  {
    id: 'vpn-02',
    surface: 'perplexity',
    industry: 'vpn',
    classes: ['spelling', 'prose'],
    text: `Nord VPN and Express VPN are consistently the fastest in independent tests[1][2]. Surfshark is cheaper and allows unlimited devices[3]. For privacy purists, Mullvad remains the reference[4].`,
    labels: [at('NordVPN', 1), at('ExpressVPN', 2), at('Surfshark', 3), at('Mullvad', 4)],
    discovered: [],
  },
  {
    id: 'vpn-03',
    surface: 'gemini',
    industry: 'vpn',
    classes: ['table', 'spelling'],
    text: `| VPN | Jurisdiction | Devices | Price |
|---|---|---|---|
| Express VPN | British Virgin Islands | 8 | $6.67/mo |
| NORDVPN | Panama | 10 | $3.39/mo |
| Proton-VPN | Switzerland | 10 | $4.49/mo |
| Private Internet Access | USA | Unlimited | $2.03/mo |`,
    labels: [at('ExpressVPN', 1), at('NordVPN', 2), at('Proton VPN', 3), at('Private Internet Access', 4)],
    discovered: [],
  },
  {
    id: 'vpn-04',
    surface: 'claude',
    industry: 'vpn',
    classes: ['common-word', 'prose'],
    text: `A VPN hides your traffic from your internet provider, but it does not make you anonymous. If privacy is the goal, keep your browser clean, use private internet access only through trusted networks, and avoid free services that sell data. Mullvad and Proton VPN are the two I would look at first.`,
    labels: [absent('Private Internet Access'), at('Mullvad', 1, 'positive'), at('Proton VPN', 2, 'positive')],
    discovered: [],
  },
  {
    id: 'vpn-05',
    surface: 'google_ai_overview',
    industry: 'vpn',
    classes: ['intro', 'list', 'spelling'],
    text: `VPN options people compare most often include NordVPN, Surfshark and ExpressVPN.
- ExpressVPN: Stands out for reliable streaming unblocking.
- NordVPN: A strong pick thanks to fast connection speeds.
- CyberGhost: Offers dedicated streaming servers.
- Surfshark: Widely recommended for unlimited simultaneous devices.`,
    labels: [at('NordVPN', 2), at('Surfshark', 4), at('ExpressVPN', 1), at('CyberGhost', 3)],
    discovered: [],
  },
  {
    id: 'vpn-06',
    surface: 'chatgpt',
    industry: 'vpn',
    classes: ['heading', 'possessive', 'domain'],
    text: `### 1. Mullvad
Mullvad's approach is radical simplicity: a numbered account, one price (€5/month), no upsells. Sign up at mullvad.net.

### 2. Proton VPN
ProtonVPN's free tier has no data cap, which is rare.

### 3. IVPN
Small, transparent, and audited.`,
    labels: [at('Mullvad', 1, 'positive'), at('Proton VPN', 2, 'positive'), at('IVPN', 3)],
    discovered: [],
  },
  {
    id: 'vpn-07',
    surface: 'perplexity',
    industry: 'vpn',
    classes: ['list', 'nested'],
    text: `Best VPNs for streaming[1]:

1. **ExpressVPN**
   - Works with Netflix US, BBC iPlayer and Disney+[2]
   - Pricier than NordVPN or Surfshark
2. **NordVPN**
   - SmartPlay unblocks most libraries[3]
3. **Surfshark**
   - Good budget option[1]`,
    labels: [at('ExpressVPN', 1), at('NordVPN', 2), at('Surfshark', 3), absent('Mullvad')],
    discovered: [],
  },
  {
    id: 'vpn-08',
    surface: 'claude',
    industry: 'vpn',
    classes: ['prose', 'common-word'],
    text: `Surfshark is the budget pick: it is cheap and lets you connect every device you own. Its speeds are good rather than great. If you want a VPN to surf the web on public Wi-Fi and nothing more, it is plenty; if you need the fastest connection, NordVPN is a better bet.`,
    labels: [at('Surfshark', 1, 'positive'), at('NordVPN', 2, 'positive'), absent('Proton VPN')],
    discovered: [],
  },
  {
    id: 'vpn-09',
    surface: 'gemini',
    industry: 'vpn',
    classes: ['list', 'spelling', 'intro'],
    text: `You asked about VPNs that work in China. Very few do reliably. Options reported to work at times:

* **Astrill VPN** – the most frequently recommended by expats.
* **Express VPN** – works intermittently.
* **NordVpn** – obfuscated servers help, but results vary.

Always install the app before you travel.`,
    labels: [at('Astrill', 1), at('ExpressVPN', 2), at('NordVPN', 3)],
    discovered: [],
  },
  {
    id: 'vpn-10',
    surface: 'chatgpt',
    industry: 'vpn',
    classes: ['prose', 'possessive'],
    text: `NordVPN’s Threat Protection blocks ads and trackers, while Surfshark’s CleanWeb does much the same. Proton VPN's NetShield is comparable. None of them replace a proper antivirus.`,
    labels: [at('NordVPN', 1), at('Surfshark', 2), at('Proton VPN', 3), absent('Mullvad')],
    discovered: [],
  },
  {
    id: 'vpn-d01',
    surface: 'perplexity',
    industry: 'vpn',
    classes: ['list', 'nested', 'spelling', 'domain'],
    text: `The best VPNs for torrenting in 2025, based on speed tests and audited no-logs policies[1][2]:

1. **Mullvad**
   - **Price:** €5/month flat[1]
   - **Port forwarding:** removed in 2023
2. **ProtonVPN**
   - **Price:** from $4.49/month[3]
   - **Port forwarding:** yes, on P2P servers
3. **NordVPN**
   - **Price:** from $3.39/month[2]
   - **Port forwarding:** no
4. **AirVPN**
   - **Price:** €7/month[4]
   - **Port forwarding:** yes
5. **hide.me**
   - **Price:** free plan available[5]
6. **Windscribe**
   - **Price:** from $5.75/month[2]

Proton VPN is the best balance of speed, price and privacy for most people[3].`,
    labels: [at('NordVPN', 3), at('Proton VPN', 2, 'positive')],
    discovered: ['Mullvad', 'AirVPN', 'hide.me', 'Windscribe'],
  },
  {
    id: 'vpn-d02',
    surface: 'gemini',
    industry: 'vpn',
    classes: ['list', 'table'],
    text: `Free VPNs are rarely as good as paid ones, but a few are safe to use.

**Free options**

* **Proton VPN Free** – unlimited data and no ads.
* **Windscribe** – 10 GB a month and a good choice of locations.
* **TunnelBear** – 2 GB a month, with friendly apps.
* **PrivadoVPN** – 10 GB a month, based in Switzerland.

**Paid options under $5 a month**

* **Surfshark** – unlimited devices.
* **Private Internet Access** – highly configurable.
* **CyberGhost** – servers labelled by streaming service.

| Feature | Windscribe | TunnelBear | Surfshark |
|---|---|---|---|
| Data limit | 10 GB | 2 GB | Unlimited |
| Streaming | Some | No | Yes |
| Price | Free | Free | $2.19/mo |

**Verdict:** if you can spend a little, Surfshark beats every free plan. ExpressVPN and NordVPN are faster but cost more.`,
    labels: [at('ExpressVPN', null), at('NordVPN', null)],
    discovered: ['Proton VPN Free', 'Windscribe', 'TunnelBear', 'PrivadoVPN', 'Surfshark', 'Private Internet Access', 'CyberGhost'],
  },
  {
    id: 'vpn-d03',
    surface: 'chatgpt',
    industry: 'vpn',
    classes: ['heading', 'nested', 'spelling'],
    text: `Here are the best VPNs for streaming abroad in 2025:

### 1. ExpressVPN
- **Best for:** reliability across Netflix, BBC iPlayer and Disney+
- **Price:** from $4.99/month on a two-year plan

### 2. Nord VPN
- **Best for:** speed, thanks to NordLynx
- **Price:** from $3.39/month

### 3. Surfshark
- **Best for:** unlimited devices on one account
- **Price:** from $2.19/month

### 4. CyberGhost
- **Best for:** beginners, with servers labelled by streaming service

### 5. PureVPN
- **Best for:** live sports

### 6. Proton VPN
- **Best for:** trying a free tier before you pay

### Key features to look for
- Obfuscated servers
- A 30-day money-back guarantee
- Apps for smart TVs (Fire TV, Apple TV, Android TV)

**Bottom line:** NordVPN is the best all-rounder; pick ExpressVPN if money is no object.`,
    labels: [at('NordVPN', 2, 'positive'), at('Surfshark', 3)],
    discovered: ['ExpressVPN', 'CyberGhost', 'PureVPN', 'Proton VPN'],
  },
];
