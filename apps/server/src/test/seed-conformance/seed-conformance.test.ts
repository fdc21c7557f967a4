/**
 * Every call of the original API, made as a client written for it makes them, with each answer's
 * field names, types and nesting checked against the original entities (./original-shapes.ts,
 * written from that API's description, not from our schemas). docs/api.md#compatibility-promise.
 * Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL; once with cookies + CSRF header (the
 * original client) and once with the token (a client patched to our sign-in).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp, uniqueName } from '../test-app.js';
import { testDatabaseKinds } from '../test-databases.js';
import { OriginalClient } from './original-client.js';
import * as shape from './original-shapes.js';

const PASSWORD = 'original client pw 1';
/** The weather codes the original client's table has, each with a day and a night text. */
const WEATHER_CODES = [
  0, 1, 2, 3, 45, 48, 51, 52, 53, 54, 55, 56, 57, 61, 62, 63, 64, 65, 66, 67, 71, 72, 73, 74, 75, 76, 77,
];
WEATHER_CODES.push(80, 81, 82, 85, 86, 95, 96, 99);
const DENVER = {
  lat: '39.7392',
  lon: '-104.9903',
  country_code: 'us',
  formatted: 'Denver, CO, United States of America',
  timezone: 'America/Denver',
};
const PARIS = {
  lat: '48.8566',
  lon: '2.3522',
  country_code: 'fr',
  formatted: 'Paris, France',
  timezone: 'Europe/Paris',
};

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe.each(testDatabaseKinds)('the original API, as its clients call it, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The site's address is known (as injected requests name it), so image links are absolute as the original's.
    t = await createTestApp(kind, { ALLOWED_HOSTS: 'localhost' });
  });
  afterAll(() => t.close());

  describe.each(['cookie', 'token'] as const)('signed in by %s', (auth) => {
    let client: OriginalClient;
    let userId: number;

    beforeAll(async () => {
      client = new OriginalClient(t.app, auth);
      const username = uniqueName('orig');
      const signup = await client.ok(shape.signupAnswer, 'POST', '/api/signup', {
        json: { username, email: `${username}@example.com`, password: PASSWORD },
      });
      const login = await client.ok(shape.loginAnswer, 'POST', '/api/login', {
        json: { username, password: PASSWORD },
      });
      expect(login.user_id).toBe(signup.user_id);
      expect(login.username).toBe(username);
      client.useToken(login.token);
      userId = login.user_id;
    });

    it('auth: the error codes the login form reads, and a taken name', async () => {
      const anonymous = new OriginalClient(t.app, auth);
      const wrong = await anonymous.call('POST', '/api/login', {
        json: { username: 'admin', password: 'not it at all' },
      });
      expect(wrong.statusCode).toBe(401);
      const unknown = await anonymous.call('POST', '/api/login', {
        json: { username: uniqueName('nobody'), password: PASSWORD },
      });
      expect(unknown.statusCode).toBe(404);
      const taken = await anonymous.call('POST', '/api/signup', {
        json: { username: 'admin', email: 'someone@example.com', password: PASSWORD },
      });
      expect(taken.statusCode).not.toBe(200);
    });

    describe('weather', () => {
      it('GET /api/weather: current, daily list, supplemental periods by date, geodata', async () => {
        const us = await client.ok(shape.weatherAnswer, 'GET', `/api/weather?${query(DENVER)}`);
        // The original client looks its texts up as codes[current.code][current.is_day].
        expect(WEATHER_CODES).toContain(us.current.code);
        for (const day of us.weather) expect(WEATHER_CODES).toContain(day.weather_code);
        expect(us.geodata).toMatchObject({ lat: expect.closeTo(39.7392, 3), lon: expect.closeTo(-104.9903, 3) });
        expect(us.timezone).toBe('America/Denver');
        expect(us.country_code).toBe('us');
        // One key per forecast date, each a list of periods in time order; the US has texts.
        expect(Object.keys(us.supplemental).sort()).toEqual(us.weather.map((d) => d.date).sort());
        expect(Object.values(us.supplemental).some((periods) => periods.length > 0)).toBe(true);
        for (const periods of Object.values(us.supplemental)) {
          const starts = periods.map((p) => Date.parse(p.startTime));
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
        }

        const abroad = await client.ok(shape.weatherAnswer, 'GET', `/api/weather?${query(PARIS)}`);
        // Outside the US the dates are still there, with empty lists (the client then says so per card).
        expect(Object.keys(abroad.supplemental).sort()).toEqual(abroad.weather.map((d) => d.date).sort());
        expect(Object.values(abroad.supplemental).every((periods) => periods.length === 0)).toBe(true);
      });

      it('POST /api/weather/, GET and DELETE /api/weather/saved: favourites with formatted', async () => {
        const saved = await client.ok(shape.favouriteLocation, 'POST', '/api/weather/', {
          json: {
            address: DENVER.formatted,
            nickname: 'Home',
            user: userId,
            lat: Number(DENVER.lat),
            lon: Number(DENVER.lon),
            timezone: DENVER.timezone,
            country_code: DENVER.country_code,
          },
        });
        expect(saved).toMatchObject({ nickname: 'Home', user: userId, formatted: DENVER.formatted });

        const list = await client.ok(z.array(shape.favouriteLocation), 'GET', `/api/weather/saved?user=${userId}`);
        const mine = list.find((f) => f.locationId === saved.locationId);
        expect(mine).toBeDefined();
        // 'Get Forecast' resends the saved place as it is.
        const again = await client.call(
          'GET',
          `/api/weather?${query({ lat: mine?.lat ?? 0, lon: mine?.lon ?? 0, country_code: mine?.country_code ?? '', formatted: mine?.formatted ?? '', timezone: mine?.timezone ?? '' })}`,
        );
        expect(again.statusCode).toBe(200);

        const removed = await client.ok(shape.deleteLocationAnswer, 'DELETE', '/api/weather/saved', {
          json: { location_id: saved.locationId },
        });
        expect(removed.data.map((f) => f.locationId)).not.toContain(saved.locationId);
      });
    });

    describe('sudoku', () => {
      it('play, savedGames, updateTime, checkSolution, saveGame, giveUp and deleteGame on boards of cells', async () => {
        const game = await client.ok(shape.sudokuGame, 'GET', `/api/sudoku/play?difficulty=easy&userid=${userId}`);
        expect(game.player.id).toBe(userId);
        expect(game.difficulty).toBe('easy');
        for (const row of game.transformed_state) {
          for (const cell of row) expect(cell.clue ? cell.value > 0 : cell.value === 0).toBe(true);
        }
        expect(game.transformed_solution.flat().every((cell) => cell.value >= 1 && cell.value <= 9)).toBe(true);

        const saved = await client.ok(z.array(shape.sudokuGame), 'GET', `/api/sudoku/savedGames?userid=${userId}`);
        expect(saved.map((g) => g.id)).toContain(game.id);

        await client.ok(z.unknown(), 'PUT', '/api/sudoku/updateTime', { json: { sudoku_id: game.id, time: 42 } });

        // The client sends its board with its own `error` flags on the cells.
        const withFlags = game.transformed_state.map((row) => row.map((cell) => ({ ...cell, error: false })));
        const check = await client.ok(shape.checkAnswer, 'POST', '/api/sudoku/checkSolution', {
          json: { board: withFlags },
        });
        expect(check.isCorrect).toBe(false);
        const solved = await client.ok(shape.checkAnswer, 'POST', '/api/sudoku/checkSolution', {
          json: { board: game.transformed_solution },
        });
        expect(solved).toMatchObject({ isCorrect: true, errors: { rows: [], columns: [], boxes: [] } });

        // Fill the first empty cell with its solution and save.
        const r = game.transformed_state.findIndex((row) => row.some((cell) => !cell.clue));
        const c = game.transformed_state[r]?.findIndex((cell) => !cell.clue) ?? -1;
        const answer = game.transformed_solution[r]?.[c]?.value ?? 0;
        const board = withFlags.map((row, i) =>
          row.map((cell, j) => (i === r && j === c ? { ...cell, value: answer } : cell)),
        );
        await client.ok(z.unknown(), 'PUT', '/api/sudoku/saveGame', {
          json: { gameid: game.id, userid: userId, current_state: board, time: 50 },
        });
        const after = await client.ok(z.array(shape.sudokuGame), 'GET', `/api/sudoku/savedGames?userid=${userId}`);
        const resumed = after.find((g) => g.id === game.id);
        expect(resumed?.transformed_state[r]?.[c]).toMatchObject({ value: answer, clue: false });
        expect(resumed?.time).toBe(50);

        await client.ok(z.unknown(), 'PUT', '/api/sudoku/giveUp', { json: { gameid: game.id } });
        await client.ok(z.unknown(), 'DELETE', '/api/sudoku/deleteGame', { json: { gameid: game.id, userid: userId } });
        const left = await client.ok(z.array(shape.sudokuGame), 'GET', `/api/sudoku/savedGames?userid=${userId}`);
        expect(left.map((g) => g.id)).not.toContain(game.id);
      });
    });

    describe('finance', () => {
      it('get_stock: symbol holds the stock, watchlist lists the user’s symbols', async () => {
        const answer = await client.ok(
          shape.getStockAnswer,
          'GET',
          `/api/finance/get_stock?symbol=AAPL&user=${userId}`,
        );
        expect(answer.symbol.symbol).toBe('AAPL');
        expect(answer.symbol.currentPrice).toBeGreaterThan(0);
        expect(answer.watchlist).toEqual([]);
        // Without `user` (a visitor's lookup) the shape is the same.
        await new OriginalClient(t.app, auth).ok(shape.getStockAnswer, 'GET', '/api/finance/get_stock?symbol=MSFT');
      });

      it('get_full_stock: info, history keyed by timestamp, news', async () => {
        const full = await client.ok(
          shape.fullStockAnswer,
          'GET',
          '/api/finance/get_full_stock?symbol=AAPL&range=1mo&interval=1d',
        );
        expect(full.info.symbol).toBe('AAPL');
        const stamps = Object.keys(full.history);
        expect(stamps.length).toBeGreaterThan(10);
        for (const stamp of stamps) expect(Number.isNaN(Date.parse(stamp))).toBe(false);
        expect(full.news.length).toBeGreaterThan(0);
      });

      it('get_full_stock: a range and interval pair Yahoo serves beyond the page’s buttons (1mo of 15m bars)', async () => {
        const full = await client.ok(
          shape.fullStockAnswer,
          'GET',
          '/api/finance/get_full_stock?symbol=AAPL&range=1mo&interval=15m',
        );
        const times = Object.keys(full.history).map((stamp) => Date.parse(stamp));
        const days = new Set(Object.keys(full.history).map((stamp) => stamp.slice(0, 10)));
        // A month of trading days, each with its 26 quarter hours (fewer today while it trades).
        expect(days.size).toBeGreaterThan(15);
        expect(times.length).toBeGreaterThan(26 * 15);
        for (let i = 1; i < times.length; i++) {
          const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
          // Within a day 15 minutes apart; between days, overnight.
          expect(gap === 15 * 60_000 || gap > 12 * 3_600_000, `gap ${gap} ms before ${times[i]}`).toBe(true);
        }
      });

      it('add_watchlist, get_watchlist, remove_watchlist with form data', async () => {
        await client.ok(shape.successAnswer, 'POST', '/api/finance/add_watchlist', {
          form: { symbol: 'msft', user: String(userId) },
        });
        const list = await client.ok(shape.watchlistAnswer, 'GET', `/api/finance/get_watchlist?user=${userId}`);
        expect(list.symbols).toContain('MSFT');
        const stock = await client.ok(shape.getStockAnswer, 'GET', `/api/finance/get_stock?symbol=MSFT&user=${userId}`);
        expect(stock.watchlist).toContain('MSFT');
        await client.ok(shape.successAnswer, 'POST', '/api/finance/remove_watchlist', {
          form: { symbol: 'MSFT', user: String(userId) },
        });
        const after = await client.ok(shape.watchlistAnswer, 'GET', `/api/finance/get_watchlist?user=${userId}`);
        expect(after.symbols).not.toContain('MSFT');
      });

      it('wallets: create, list, details, buy, history, sell, rename, delete', async () => {
        const created = await client.ok(shape.createWalletAnswer, 'POST', '/api/finance/create_wallet', {
          json: { user_id: userId, wallet_name: `Original ${auth}` },
        });
        const walletId = created.wallet_id;
        expect(created.wallet_name).toBe(`Original ${auth}`);
        expect(created.balance).toBe(100_000);

        const wallets = await client.ok(
          z.looseObject({ wallets: z.array(shape.walletSummary) }),
          'GET',
          `/api/finance/get_wallets?user_id=${userId}`,
        );
        expect(wallets.wallets.map((w) => w.wallet_id)).toContain(walletId);

        const { symbol } = await client.ok(shape.getStockAnswer, 'GET', '/api/finance/get_stock?symbol=AAPL');
        await client.ok(z.unknown(), 'POST', '/api/finance/add_stock_to_wallet', {
          json: { wallet_id: walletId, symbol: 'aapl', quantity: 2, bought_price: symbol.currentPrice },
        });
        const details = await client.ok(
          z.looseObject({ wallet: shape.wallet }),
          'GET',
          `/api/finance/get_wallet_details?wallet_id=${walletId}`,
        );
        expect(details.wallet.stocks).toEqual([expect.objectContaining({ symbol: 'AAPL', quantity: 2 })]);
        expect(details.wallet.balance).toBeLessThan(100_000);

        const history = await client.ok(
          z.looseObject({ history: z.array(shape.historyEntry) }),
          'GET',
          `/api/finance/get_wallet_history?wallet_id=${walletId}`,
        );
        expect(history.history.length).toBeGreaterThan(0);

        await client.ok(z.unknown(), 'POST', '/api/finance/sell_stock_from_wallet', {
          json: { wallet_id: walletId, symbol: 'AAPL', quantity: 1, sold_price: symbol.currentPrice },
        });
        await client.ok(z.unknown(), 'POST', '/api/finance/rename_wallet', {
          json: { wallet_id: walletId, new_wallet_name: `Renamed ${auth}` },
        });
        const renamed = await client.ok(
          z.looseObject({ wallets: z.array(shape.walletSummary) }),
          'GET',
          `/api/finance/get_wallets?user_id=${userId}`,
        );
        expect(renamed.wallets.find((w) => w.wallet_id === walletId)?.wallet_name).toBe(`Renamed ${auth}`);
        await client.ok(z.unknown(), 'POST', '/api/finance/delete_wallet', { json: { wallet_id: walletId } });
      });
    });

    describe('to-do', () => {
      it('add, list as todos and completed, edit, complete and delete', async () => {
        await client.ok(z.unknown(), 'POST', '/api/todo/', {
          json: { user: userId, title: 'Buy milk', description: '2 l' },
        });
        const lists = await client.ok(shape.todoLists, 'GET', `/api/todo?user=${userId}`);
        const item = lists.todos.find((todo) => todo.title === 'Buy milk');
        expect(item).toMatchObject({ description: '2 l', completed: false, user: userId });
        const todoId = item?.id;

        await client.ok(z.unknown(), 'PATCH', '/api/todo/', {
          json: { user: userId, todo_id: todoId, title: 'Buy oat milk', completed: false, description: '1 l' },
        });
        await client.ok(z.unknown(), 'PUT', '/api/todo/', { json: { todo_id: todoId, user: userId } });
        const done = await client.ok(shape.todoLists, 'GET', `/api/todo?user=${userId}`);
        expect(done.completed.find((todo) => todo.id === todoId)).toMatchObject({
          title: 'Buy oat milk',
          completed: true,
        });

        await client.ok(z.unknown(), 'DELETE', '/api/todo/', { json: { todo_id: todoId, user: userId } });
        const gone = await client.ok(shape.todoLists, 'GET', `/api/todo?user=${userId}`);
        expect([...gone.todos, ...gone.completed].map((todo) => todo.id)).not.toContain(todoId);
      });
    });
  });

  describe('portfolio, as the admin', () => {
    it('lists, creates, updates and deletes projects with multipart forms; images are absolute URLs', async () => {
      const admin = new OriginalClient(t.app, 'cookie');
      await admin.ok(shape.loginAnswer, 'POST', '/api/login', {
        json: { username: 'admin', password: TEST_ADMIN_PASSWORD },
      });
      const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#369' } })
        .png()
        .toBuffer();
      const fields = {
        title: 'Original client',
        description: 'Made through the original form',
        technology: 'React',
        backend_features: 'REST',
        frontend_features: 'Forms',
      };
      await admin.ok(z.unknown(), 'POST', '/api/portfolio/create', {
        form: { ...fields, image: new File([new Uint8Array(png)], 'shot.png', { type: 'image/png' }) },
      });
      const list = await admin.ok(z.array(shape.project), 'GET', '/api/portfolio/');
      const made = list.find((p) => p.title === fields.title);
      expect(made?.image).toMatch(/^https?:\/\/[^/]+\/.+/);
      const image = new URL(made?.image ?? '');
      expect((await t.app.inject({ method: 'GET', url: image.pathname + image.search })).statusCode).toBe(200);

      // On edit the original form sends the image only when a new file was chosen.
      await admin.ok(z.unknown(), 'PUT', `/api/portfolio/update/${made?.id}`, {
        form: { ...fields, title: 'Renamed' },
      });
      const edited = (await admin.ok(z.array(shape.project), 'GET', '/api/portfolio/')).find((p) => p.id === made?.id);
      expect(edited).toMatchObject({ title: 'Renamed', image: made?.image });
      await admin.ok(z.unknown(), 'DELETE', `/api/portfolio/delete/${made?.id}`);
    });
  });
});
