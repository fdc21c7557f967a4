import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../integrations/testing/fake-upstream.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { asUser, type Session, sessionFrom } from './session.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * docs/api.md#orders: several instances may run the order matcher on one PostgreSQL. Two real
 * server processes, each with its matcher on a 100 ms timer, watch the same open orders; when the
 * (fake) market crosses their limits, every order is filled exactly once — one trade each, the cash
 * moved once — whichever instance got there first.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const SYMBOL = 'ZZORD';
const ORDERS = 40;

const yahooFixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../integrations/market-data/yahoo/fixtures', name), 'utf8');

/** Yahoo's v7 quote answer for SYMBOL at `price`, in a zone without a calendar here (the quote's market state decides). */
function quoteAnswer(price: number): string {
  const template = JSON.parse(yahooFixture('quote-aapl-msft.json')).quoteResponse.result[0];
  const quote = {
    ...template,
    symbol: SYMBOL,
    shortName: 'Order Test Co.',
    longName: 'Order Test Co.',
    regularMarketPrice: price,
    marketState: 'REGULAR',
    exchangeTimezoneName: 'Etc/UTC',
  };
  return JSON.stringify({ quoteResponse: { result: [quote], error: null } });
}

// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON bodies; shapes are asserted.
const json = async (res: Response): Promise<any> => res.json();

describe.skipIf(!databaseUrl)('order matching by two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let yahoo: FakeUpstream;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createThrowawayDatabase('site_orders');
    yahoo = await startFakeUpstream();
    yahoo.on('/v7/finance/quote', { body: quoteAnswer(100) });
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: '/nonexistent-data-dir',
      ADMIN_PASSWORD: 'order-matching-admin',
      DATA_MODE: 'live',
      YAHOO_BASE_URL: yahoo.baseUrl,
      YAHOO_COOKIE_URL: yahoo.baseUrl,
      YAHOO_CRUMB: 'off',
      YAHOO_MAX_RETRIES: '0',
      // Every run asks for the price afresh: the test moves it.
      YAHOO_QUOTE_CACHE_SECONDS: '0',
      ORDER_MATCH_INTERVAL_SECONDS: '0.1',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await yahoo?.close();
    await database?.drop();
  });

  const send = (server: ServerProcess, session: Session, url: string, body?: unknown) =>
    fetch(`${server.baseUrl}/api/finance/${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...asUser(session, { headers: { 'content-type': 'application/json' } }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('fills each order exactly once when the price crosses, whichever instance matches it', async () => {
    const signup = await fetch(`${a.baseUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'orderscale',
        email: 'orderscale@example.com',
        password: 'correct horse battery',
      }),
    });
    expect(signup.status).toBe(200);
    const session = sessionFrom(signup, await json(signup));
    const wallet = (await json(await send(a, session, 'create_wallet', { wallet_name: 'Scale' }))).wallet.wallet_id;

    // Placed through both instances; at 100 none of them fills.
    for (let i = 0; i < ORDERS; i++) {
      const res = await send(i % 2 === 0 ? a : b, session, 'place_order', {
        wallet_id: wallet,
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        quantity: 1 + (i % 3),
        limit_price: 90 + (i % 10),
        time_in_force: 'gtc',
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await json(res)).order.status).toBe('open');
    }

    yahoo.on('/v7/finance/quote', { body: quoteAnswer(89.5) });
    let open = ORDERS;
    for (let tries = 0; tries < 200 && open > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      open = (await json(await send(b, session, `get_orders?wallet_id=${wallet}&status=open`))).orders.length;
    }
    expect(open).toBe(0);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const orders = await client.query(
        'select status, fill_trade_id, fill_price_e4, quantity from orders order by id',
      );
      expect(orders.rows).toHaveLength(ORDERS);
      expect(orders.rows.every((o) => o.status === 'filled' && Number(o.fill_price_e4) === 895_000)).toBe(true);
      const tradeIds = orders.rows.map((o) => o.fill_trade_id);
      expect(new Set(tradeIds).size).toBe(ORDERS);
      const trades = await client.query('select count(*)::int as n, sum(cash_cents)::int as cash from wallet_trades');
      expect(trades.rows[0].n).toBe(ORDERS);
      const shares = orders.rows.reduce((n, o) => n + Number(o.quantity), 0);
      const { rows } = await client.query('select cash_cents, reserved_cents from wallets where id = $1', [wallet]);
      expect(Number(rows[0].reserved_cents)).toBe(0);
      expect(Number(rows[0].cash_cents)).toBe(10_000_000 - trades.rows[0].cash);
      const holding = await client.query('select quantity from wallet_holdings where wallet_id = $1', [wallet]);
      expect(Number(holding.rows[0].quantity)).toBe(shares);
    } finally {
      await client.end();
    }
  });
});
