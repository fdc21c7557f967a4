import { SUDOKU_UNFINISHED_MAX } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-databases.js';

const CAP_MESSAGE = `You can have at most ${SUDOKU_UNFINISHED_MAX} unfinished games. Finish or delete one to start another.`;

/** docs/api.md#limits: the cap on unfinished games, on the real API under concurrent starts. */
describe.each(testDatabaseKinds)('Sudoku limits on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const play = (user: TestUser) => injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/play?difficulty=easy' });
  const games = (user: TestUser) =>
    t.database.handle.db.selectFrom('sudoku_games').selectAll().where('user_id', '=', user.id).execute();
  const playing = async (user: TestUser) => (await games(user)).filter((g) => g.status === 'playing').length;

  /** A user with `count` unfinished games: one started through the API, the rest copied in the database. */
  const userWithGames = async (count: number) => {
    const user = await signUp(t.app);
    expect((await play(user)).statusCode).toBe(200);
    const [first] = await games(user);
    const { id: _id, ...game } = first!;
    const copies = Array.from({ length: count - 1 }, () => game);
    for (let i = 0; i < copies.length; i += 50) {
      await t.database.handle.db
        .insertInto('sudoku_games')
        .values(copies.slice(i, i + 50))
        .execute();
    }
    return user;
  };

  it('a burst of concurrent starts at the cap stores exactly up to it; the rest get 400 with the cap message', async () => {
    const user = await userWithGames(SUDOKU_UNFINISHED_MAX - 3);
    const burst = await Promise.all(Array.from({ length: 12 }, () => play(user)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = burst.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(9);
    for (const res of refused) expect(res.json()).toEqual({ success: false, code: 400, message: CAP_MESSAGE });
    expect(await playing(user)).toBe(SUDOKU_UNFINISHED_MAX);
    const saved = await injectAs(t.app, user, { method: 'GET', url: '/api/sudoku/savedGames' });
    expect(saved.json()).toHaveLength(SUDOKU_UNFINISHED_MAX);
  });

  it('finished games do not count: giving up or deleting one makes room for one more', async () => {
    const user = await userWithGames(SUDOKU_UNFINISHED_MAX);
    expect((await play(user)).statusCode).toBe(400);
    const [a, b] = await games(user);
    const gaveUp = await injectAs(t.app, user, {
      method: 'PUT',
      url: '/api/sudoku/giveUp',
      payload: { gameid: a!.id },
    });
    expect(gaveUp.statusCode).toBe(200);
    expect((await play(user)).statusCode).toBe(200);
    expect((await play(user)).statusCode).toBe(400);
    const deleted = await injectAs(t.app, user, {
      method: 'DELETE',
      url: '/api/sudoku/deleteGame',
      payload: { gameid: b!.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await play(user)).statusCode).toBe(200);
    expect(await playing(user)).toBe(SUDOKU_UNFINISHED_MAX);
  });

  it('is per user: a full list does not stop anyone else', async () => {
    const full = await userWithGames(SUDOKU_UNFINISHED_MAX);
    expect((await play(full)).statusCode).toBe(400);
    expect((await play(await signUp(t.app))).statusCode).toBe(200);
  });
});
