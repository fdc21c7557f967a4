import type { NewsItem } from '@site/contract';
import { hash32, pick, uniform } from '../../prng.js';
import { isoDateOf, localTimeToUtc, MINUTE_MS } from '../calendar.js';
import type { DemoCompany } from './universe.js';

/** Invented publisher names: the demo's news is generated, so it is attributed to no real outlet. */
const PUBLISHERS = [
  'Market Ledger',
  'Street Signal',
  'The Daily Ticker',
  'Capital Wire',
  'Investor Digest',
  'Bull & Bear Report',
  'Finance Chronicle',
  'Trading Desk Daily',
];

const TOPICS = [
  'interest-rate expectations',
  'the latest inflation data',
  'a mixed earnings season',
  'supply-chain updates',
  'consumer spending trends',
  'new tariff headlines',
  'a rotation out of megacaps',
  'guidance for the coming quarter',
];

export interface NewsContext {
  company: DemoCompany;
  /** Short brand-like name, e.g. "Apple". */
  name: string;
  peer: DemoCompany;
  peerName: string;
  /**
   * The day change in percent exactly as the quote reports it (`regularMarketChangePercent`), e.g.
   * 1.23 or −1.02: the move headline restates the figure shown beside it (docs/product.md#finance).
   */
  lastMove: number;
  /** When the quote's last trade happened (epoch ms): the move headline is stamped then. */
  lastTradeMs: number;
  seed: number;
  day: number;
}

type Template = { title: (c: NewsContext, r: (n: number) => number) => string; mentionsPeer?: boolean };

const TEMPLATES: Template[] = [
  { title: (c, r) => `${c.name} ${moveHeadline(c.lastMove)} as investors weigh ${TOPICS[r(TOPICS.length)]}` },
  { title: (c, r) => `Analysts ${r(2) ? 'raise' : 'trim'} price targets on ${c.name} ahead of earnings` },
  { title: (c) => `${c.name} (${c.company.symbol}) to report quarterly results: what Wall Street expects` },
  { title: (c) => `Is ${c.name} stock a buy after its recent ${c.lastMove >= 0 ? 'rally' : 'pullback'}?` },
  {
    title: (c) =>
      `${c.name} unveils new ${c.company.industry.toLowerCase().replace(/ - /g, ' ')} initiative to drive growth`,
  },
  {
    title: (c) => `${c.name} vs. ${c.peerName}: which ${c.company.sector.toLowerCase()} stock looks better now?`,
    mentionsPeer: true,
  },
  {
    title: (c, r) =>
      `${c.company.sector} stocks ${r(2) ? 'gain' : 'waver'} as Treasury yields ${r(2) ? 'ease' : 'climb'}; ${c.name} in focus`,
  },
  {
    title: (c) => {
      const ceo = c.company.officers[0]?.[0] ?? 'management';
      return `${c.name} chief ${ceo} outlines long-term strategy at investor conference`;
    },
  },
  { title: (c) => `Options traders position for bigger swings in ${c.name}` },
  {
    title: (c, r) => `${c.name} board approves $${5 + r(46)} billion share repurchase authorization`,
  },
  { title: (c) => `Why ${c.name} stock is ${c.lastMove >= 0 ? 'moving higher' : 'under pressure'} this week` },
  { title: (c) => `${c.name} and ${c.peerName} expand strategic partnership`, mentionsPeer: true },
  {
    // Only a company whose quote shows a dividend gets dividend news (docs/api.md#stock-statistics).
    title: (c, r) =>
      c.company.dividendRate === null
        ? `${c.name} keeps its cash for growth and buybacks, with no dividend planned`
        : `Dividend watch: ${c.name} ${r(3) ? 'holds' : 'raises'} its quarterly payout`,
  },
  { title: (c, r) => `Hedge funds ${r(2) ? 'added to' : 'trimmed'} ${c.name} stakes last quarter, filings show` },
  { title: (c, r) => `${c.name} faces fresh regulatory questions over ${TOPICS[r(TOPICS.length)]}` },
  { title: (c) => `3 reasons long-term investors still like ${c.name}` },
  { title: (c) => `${c.peerName} results offer read-through for ${c.name}`, mentionsPeer: true },
];

/**
 * "shares rise 1.23%", "shares slip 1.02%" or "shares hold steady": the quote's percentage to the
 * same two decimals the pages show, so headline and quote never disagree.
 */
function moveHeadline(percent: number): string {
  const shown = Math.abs(percent).toFixed(2);
  if (shown === '0.00') return 'shares hold steady';
  return `shares ${percent > 0 ? 'rise' : 'slip'} ${shown}%`;
}

/** "Apple Inc." → "Apple", "Goldman Sachs Group, Inc. (The)" → "Goldman Sachs". */
export function brandName(company: DemoCompany): string {
  if (company.brand) return company.brand;
  let name = company.shortName.replace(/\s*\(The\)$/, '');
  name = name.replace(/,?\s+(Inc\.|Incorporated|Corporation)$/, '');
  name = name.replace(/,?\s+(?:(?:&|and)\s+)?(Company|Co\.|Group)$/, '');
  return name.length > 24 ? company.symbol : name;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function uuidOf(seed: number, day: number, k: number): string {
  const hex = [1, 2, 3, 4].map((i) => hash32(seed, day, k, i).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small same-document picture (data: URI), so no third-party image host is involved. */
function thumbnail(symbol: string, seed: number, day: number, k: number): NewsItem['thumbnail'] {
  const hue = pick(360, seed, day, k, 50);
  const points = Array.from({ length: 9 }, (_, i) => {
    const y = 70 - Math.round(uniform(seed, day, k * 16 + i, 51) * 40) - i * 2;
    return `${10 + i * 17.5},${y}`;
  }).join(' ');
  const svg = (width: number, height: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 160 90" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="160" height="90" fill="hsl(${hue},45%,32%)"/>` +
    `<polyline points="${points}" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="2.5"/>` +
    `<text x="10" y="24" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff">${symbol}</text></svg>`;
  const uri = (width: number, height: number) => `data:image/svg+xml,${encodeURIComponent(svg(width, height))}`;
  return {
    resolutions: [
      { url: uri(640, 360), width: 640, height: 360, tag: 'original' },
      { url: uri(140, 140), width: 140, height: 140, tag: '140x140' },
    ],
  };
}

/**
 * 5–10 items for a symbol, newest first, none in the future: the first reports the quote's day
 * change and is stamped at its last trade; the others are fixed for a calendar day of the exchange and
 * were published before that day began (or before the last trade, when that is earlier).
 */
export function generateNews(context: NewsContext): NewsItem[] {
  const { company, seed, day } = context;
  const count = 5 + pick(6, seed, day, 0, 1);
  const startOfDay = localTimeToUtc(company.calendar, day, 0);
  const used = new Set<number>();
  const items: NewsItem[] = [];
  let time = Math.min(startOfDay, context.lastTradeMs);
  for (let k = 0; k < count; k++) {
    // The first headline is about the last session's move; the others are drawn without repeats.
    let template = 0;
    if (k > 0) {
      template = 1 + pick(TEMPLATES.length - 1, seed, day, k, 2);
      while (used.has(template)) template = 1 + (template % (TEMPLATES.length - 1));
    }
    used.add(template);
    const chosen = TEMPLATES[template] ?? TEMPLATES[0];
    if (!chosen) continue;
    let draw = 0;
    const r = (n: number) => pick(n, seed, day, k, 10 + draw++);
    const title = chosen.title(context, r);
    if (k > 0) time -= Math.round((45 + uniform(seed, day, k, 3) * 420) * MINUTE_MS);
    const publishedAt = k === 0 ? context.lastTradeMs : time;
    const related = [company.symbol];
    if (chosen.mentionsPeer || uniform(seed, day, k, 4) < 0.3) related.push(context.peer.symbol);
    const date = isoDateOf(day);
    items.push({
      uuid: uuidOf(seed, day, k),
      title,
      link: `https://example.com/news/${date}/${slugify(`${company.symbol} ${title}`).slice(0, 90)}`,
      publisher: PUBLISHERS[pick(PUBLISHERS.length, seed, day, k, 5)] ?? 'Market Ledger',
      providerPublishTime: Math.floor(publishedAt / 1000),
      relatedTickers: related,
      thumbnail: thumbnail(company.symbol, seed, day, k),
    });
  }
  return items;
}
