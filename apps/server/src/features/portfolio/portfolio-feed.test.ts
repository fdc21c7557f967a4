import { defaultProfileFields } from '@site/contract';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import {
  createTestApp,
  injectAs,
  logIn,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { FEED_LIMIT } from './portfolio-feed.js';

// The feeds of the published projects (docs/api.md#feeds), read back as a feed reader would: the
// RSS through a strict XML parser (jsdom's, which refuses a document that is not well formed),
// the JSON Feed through JSON.parse. On both databases: the feed's query is its own.
const ORIGIN = 'https://me.example.com';

/** The little of an XML element the tests read (jsdom's types stop at the document, src/test/jsdom.d.ts). */
interface XmlElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): Iterable<XmlElement> & { readonly length: number };
}

function parseRss(xml: string) {
  const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
  const root = document as unknown as XmlElement;
  const [channel] = root.getElementsByTagName('channel');
  if (!channel) throw new Error('no channel');
  const text = (element: XmlElement, name: string) => [...element.getElementsByTagName(name)][0]?.textContent ?? null;
  const items = [...channel.getElementsByTagName('item')].map((item) => ({
    title: text(item, 'title'),
    link: text(item, 'link'),
    guid: text(item, 'guid'),
    pubDate: text(item, 'pubDate'),
    description: text(item, 'description'),
    content: text(item, 'content:encoded'),
    categories: [...item.getElementsByTagName('category')].map((c) => c.textContent),
    enclosure: [...item.getElementsByTagName('enclosure')][0],
  }));
  return { rss: [...root.getElementsByTagName('rss')][0], channel, title: text(channel, 'title'), items };
}

interface JsonFeed {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  language: string;
  authors: { name: string; url: string }[];
  items: {
    id: string;
    url: string;
    title: string;
    summary?: string;
    content_html: string;
    image?: string;
    date_published: string;
    date_modified: string;
    tags: string[];
  }[];
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe.each(testDatabaseKinds)('the portfolio feeds on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN });
    admin = await logIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const rss = async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode, res.body).toBe(200);
    return parseRss(res.body);
  };
  const json = async () => {
    const res = await get('/feed.json');
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as JsonFeed;
  };
  const create = async (form: Record<string, string | Blob>): Promise<{ id: number; slug: string }> => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/portfolio/create',
      ...(await multipartBody(form)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Creation times are the clock's: the tests set them, so the order is known without waiting. */
  const createdAt = (id: number, iso: string) =>
    t.database.handle.db
      .updateTable('portfolio_projects')
      .set({ created_at: iso, updated_at: iso })
      .where('id', '=', id)
      .execute();

  it('lists the published projects newest first, each with its page, dates, tags, cover and body', async () => {
    const older = await create({ title: 'Older tool', summary: 'Was first', tags: JSON.stringify(['Go']) });
    const newer = await create({
      title: 'Route planner',
      summary: 'Plans <routes> & more',
      body: 'Fast **routes**, see [the app](/apps/forecast).\n\n```ts\nconst x: number = 1;\n```',
      tags: JSON.stringify(['React', 'Fastify']),
      image: new File([new Uint8Array(await png())], 'shot.png', { type: 'image/png' }),
    });
    const draft = await create({ title: 'Secret draft', status: 'draft' });
    await createdAt(older.id, '2099-01-01T10:00:00.000Z');
    await createdAt(newer.id, '2099-02-01T10:00:00.000Z');
    await createdAt(draft.id, '2099-03-01T10:00:00.000Z');

    const feed = await rss();
    expect(feed.rss?.getAttribute('version')).toBe('2.0');
    expect(feed.title).toBe(`Portfolio · ${defaultProfileFields.name}`);
    expect(feed.items.map((i) => i.title).slice(0, 2)).toEqual(['Route planner', 'Older tool']);
    expect(feed.items.map((i) => i.title)).not.toContain('Secret draft');
    const [item] = feed.items;
    expect(item).toMatchObject({
      link: `${ORIGIN}/portfolio/route-planner`,
      guid: `tag:me.example.com,2099-02-01:portfolio/${newer.id}`,
      pubDate: 'Sun, 01 Feb 2099 10:00:00 GMT',
      // RSS's description is HTML: the summary's text escaped in it.
      description: 'Plans &lt;routes&gt; &amp; more',
      categories: ['React', 'Fastify'],
    });
    expect(item?.content).toContain('<strong>routes</strong>');
    expect(item?.content).toContain(`<a href="${ORIGIN}/apps/forecast">the app</a>`);
    expect(item?.content).toContain('<span class="hljs-keyword">const</span>');
    expect(item?.enclosure?.getAttribute('url')).toMatch(
      new RegExp(`^${ORIGIN}/api/portfolio/${newer.id}/image\\?v=\\w+$`),
    );
    expect(item?.enclosure?.getAttribute('type')).toBe('image/webp');
    expect(feed.items.every((i) => i.link?.startsWith(`${ORIGIN}/portfolio/`))).toBe(true);

    const jf = await json();
    expect(jf).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: `Portfolio · ${defaultProfileFields.name}`,
      home_page_url: `${ORIGIN}/portfolio`,
      feed_url: `${ORIGIN}/feed.json`,
      language: 'en',
      authors: [{ name: defaultProfileFields.name, url: `${ORIGIN}/` }],
    });
    expect(jf.items.map((i) => i.title).slice(0, 2)).toEqual(['Route planner', 'Older tool']);
    expect(jf.items.map((i) => i.title)).not.toContain('Secret draft');
    expect(jf.items[0]).toMatchObject({
      id: item?.guid,
      url: `${ORIGIN}/portfolio/route-planner`,
      summary: 'Plans <routes> & more',
      date_published: '2099-02-01T10:00:00.000Z',
      date_modified: '2099-02-01T10:00:00.000Z',
      tags: ['React', 'Fastify'],
      image: item?.enclosure?.getAttribute('url'),
    });
    expect(jf.items[0]?.content_html).toBe(item?.content);
    // No body: the summary is the content; no cover: no image.
    expect(jf.items[1]).toMatchObject({ title: 'Older tool', content_html: '<p>Was first</p>' });
    expect(jf.items[1]).not.toHaveProperty('image');
  });

  it('never lets a script in a body reach the feeds, and keeps the XML well formed whatever the text', async () => {
    const project = await create({
      title: 'Tricky ]]> title ]]> twice',
      summary: 'A ]]> summary',
      body: [
        '<script>alert(1)</script><img src=x onerror="alert(2)">',
        '[click](javascript:alert(3)) and ]]> and ]]>',
        '```html\n<script>alert(4)</script>\n```',
      ].join('\n\n'),
      tags: JSON.stringify(['a]]>b']),
    });
    await createdAt(project.id, '2099-12-31T23:00:00.000Z');
    const [item] = (await rss()).items;
    expect(item?.title).toBe('Tricky ]] > title ]] > twice');
    expect(item?.categories).toEqual(['a]] >b']);
    const [jsonItem] = (await json()).items;
    expect(jsonItem?.title).toBe('Tricky ]]> title ]]> twice');
    for (const html of [item?.content ?? '', jsonItem?.content_html ?? '']) {
      expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);
      // The code block's script is text, highlighted as HTML.
      expect(html).toContain('<span class="hljs-tag">&lt;<span class="hljs-name">script</span>&gt;</span>');
      expect(html).toContain(']]&gt; and ]]&gt;');
    }
  });

  it(`holds at most ${FEED_LIMIT} projects, the newest`, async () => {
    const existing = (await json()).items.length;
    const made: number[] = [];
    for (let n = existing; n <= FEED_LIMIT; n++) made.push((await create({ title: `Filler ${n}` })).id);
    // The oldest of all: left out once the feed is full.
    const oldest = await create({ title: 'The very first' });
    await createdAt(oldest.id, '1999-01-01T00:00:00.000Z');
    const jf = await json();
    expect(jf.items).toHaveLength(FEED_LIMIT);
    expect(jf.items.map((i) => i.title)).not.toContain('The very first');
    const dates = jf.items.map((i) => i.date_published);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await rss()).items).toHaveLength(FEED_LIMIT);
  });

  it('answers 304 to a reader that has the current feed, and a new ETag once a project changes', async () => {
    for (const url of ['/rss.xml', '/feed.json']) {
      const first = await get(url);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    }
    const before = String((await get('/feed.json')).headers.etag);
    const made = await create({ title: 'Brand new' });
    await createdAt(made.id, '2100-01-01T00:00:00.000Z');
    const after = await get('/feed.json', { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect((JSON.parse(after.body) as JsonFeed).items[0]?.title).toBe('Brand new');
  });

  it('sends the feeds with their own media types', async () => {
    expect((await get('/rss.xml')).headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect((await get('/feed.json')).headers['content-type']).toBe('application/feed+json; charset=utf-8');
  });
});

describe('the feeds without a known site address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answer 404 with a reason, as the sitemap does, whatever host the request names', async () => {
    for (const url of ['/rss.xml', '/feed.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 404,
        message: 'No feed: set PUBLIC_URL (or ALLOWED_HOSTS) to the site’s address.',
      });
    }
  });
});
