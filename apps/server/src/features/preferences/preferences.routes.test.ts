import { DEFAULT_PREFERENCES } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

describe.each(testDatabaseKinds)('preferences API on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const get = (user: TestUser) => injectAs(t.app, user, { method: 'GET', url: '/api/preferences' });
  const put = (user: TestUser, payload: unknown, options: { csrf?: boolean } = {}) =>
    injectAs(t.app, user, {
      method: 'PUT',
      url: '/api/preferences',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      ...options,
    });
  const rows = () => t.database.handle.db.selectFrom('user_preferences').selectAll().orderBy('user_id').execute();

  it('answers the seed’s units before anything is saved', async () => {
    const user = await signUp(t.app);
    const res = await get(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_PREFERENCES, updated_at: null });
    expect(DEFAULT_PREFERENCES.weather).toEqual({ temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' });
  });

  it('merges partial updates into what is stored, and keeps them', async () => {
    const user = await signUp(t.app);
    const first = await put(user, { weather: { temperature: 'C' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      weather: { temperature: 'C', wind: 'mph', precipitation: 'in', time: '12h' },
    });
    expect(first.json().updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    const second = await put(user, { weather: { wind: 'kn', time: '24h' } });
    expect(second.json().weather).toEqual({ temperature: 'C', wind: 'kn', precipitation: 'in', time: '24h' });
    expect((await get(user)).json().weather).toEqual(second.json().weather);
    // An empty change is allowed and changes nothing.
    expect((await put(user, {})).json().weather).toEqual(second.json().weather);
  });

  it('lets two partial updates at once both land', async () => {
    const user = await signUp(t.app);
    const results = await Promise.all([
      put(user, { weather: { temperature: 'C' } }),
      put(user, { weather: { wind: 'ms' } }),
      put(user, { weather: { precipitation: 'mm' } }),
      put(user, { weather: { time: '24h' } }),
    ]);
    for (const res of results) expect(res.statusCode).toBe(200);
    expect((await get(user)).json().weather).toEqual({
      temperature: 'C',
      wind: 'ms',
      precipitation: 'mm',
      time: '24h',
    });
  });

  it('keeps each user’s preferences to themselves', async () => {
    await put(alice, { weather: { temperature: 'C', precipitation: 'mm' } });
    const before = (await get(bob)).json();
    // Bob's change is his own; there is no parameter naming another user to try.
    await put(bob, { weather: { wind: 'kmh' } });
    expect((await get(alice)).json().weather).toMatchObject({ temperature: 'C', precipitation: 'mm', wind: 'mph' });
    expect((await get(bob)).json().weather).toEqual({ ...before.weather, wind: 'kmh' });
    // A user id in the query or body is not a way in: unknown keys are refused, queries ignored.
    const sneaky = await put(bob, { user: alice.id, weather: { temperature: 'F' } });
    expect(sneaky.statusCode).toBe(400);
    const viaQuery = await injectAs(t.app, bob, { method: 'GET', url: `/api/preferences?user=${alice.id}` });
    expect(viaQuery.json().weather.temperature).not.toBe('C');
    expect((await get(alice)).json().weather.temperature).toBe('C');
  });

  it.each([
    ['an unknown unit', { weather: { temperature: 'K' } }, /weather\.temperature must be one of: F, C/],
    ['an unknown key', { weather: { tempreature: 'C' } }, /tempreature/],
    ['an unknown section', { theme: 'dark' }, /theme/],
    ['a null section', { weather: null }, /weather/],
    ['a list', [{ weather: { wind: 'kn' } }], /./],
    ['a number for a unit', { weather: { wind: 5 } }, /weather\.wind/],
  ])('refuses %s with a 400 and changes nothing', async (_label, payload, message) => {
    const user = await signUp(t.app);
    await put(user, { weather: { wind: 'kn' } });
    const before = await rows();
    const res = await put(user, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(message);
    expect(await rows()).toEqual(before);
  });

  it('keeps the Sudoku settings in their own section: rule clashes by default, merged beside the weather units', async () => {
    const user = await signUp(t.app);
    expect((await get(user)).json().sudoku).toEqual({ mistakes: 'conflicts' });
    expect(DEFAULT_PREFERENCES.sudoku).toEqual({ mistakes: 'conflicts' });
    await put(user, { weather: { temperature: 'C' } });
    const changed = await put(user, { sudoku: { mistakes: 'solution' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ sudoku: { mistakes: 'solution' }, weather: { temperature: 'C' } });
    // A weather change leaves the Sudoku section alone, and the other way round.
    await put(user, { weather: { wind: 'kn' } });
    expect((await get(user)).json()).toMatchObject({
      sudoku: { mistakes: 'solution' },
      weather: { temperature: 'C', wind: 'kn' },
    });
    expect((await put(user, { sudoku: { mistakes: 'off' } })).json().weather.temperature).toBe('C');
    const [row] = (await rows()).filter((r) => r.user_id === user.id);
    expect(JSON.parse(row?.value ?? '{}')).toEqual({
      weather: { temperature: 'C', wind: 'kn' },
      sudoku: { mistakes: 'off' },
    });
    // Another user's Sudoku setting is untouched.
    expect((await get(alice)).json().sudoku).toEqual({ mistakes: 'conflicts' });
  });

  it.each([
    [
      'an unknown mistake check',
      { sudoku: { mistakes: 'always' } },
      /sudoku\.mistakes must be one of: off, conflicts, solution/,
    ],
    ['an unknown Sudoku key', { sudoku: { mistake: 'off' } }, /mistake/],
    ['a null Sudoku section', { sudoku: null }, /sudoku/],
  ])('refuses %s in the Sudoku section with a 400 and changes nothing', async (_label, payload, message) => {
    const user = await signUp(t.app);
    await put(user, { sudoku: { mistakes: 'solution' } });
    const before = await rows();
    const res = await put(user, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(message);
    expect(await rows()).toEqual(before);
  });

  it('reads a stored document from before the Sudoku section, or a damaged one, with its defaults', async () => {
    const user = await signUp(t.app);
    const db = t.database.handle.db;
    await put(user, { weather: { wind: 'kn' } });
    await db
      .updateTable('user_preferences')
      .set({ value: JSON.stringify({ weather: { wind: 'kn' } }) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await get(user)).json()).toMatchObject({ weather: { wind: 'kn' }, sudoku: { mistakes: 'conflicts' } });
    for (const damaged of [{ mistakes: 'sometimes' }, 'solution', [1], null]) {
      await db
        .updateTable('user_preferences')
        .set({ value: JSON.stringify({ weather: { wind: 'kn' }, sudoku: damaged }) })
        .where('user_id', '=', user.id)
        .execute();
      expect((await get(user)).json().sudoku).toEqual({ mistakes: 'conflicts' });
    }
    // A change to a damaged section replaces it.
    expect((await put(user, { sudoku: { mistakes: 'off' } })).json().sudoku).toEqual({ mistakes: 'off' });
  });

  it('refuses a cookie-authenticated change without the CSRF header (403) and changes nothing', async () => {
    const user = await signUp(t.app);
    const before = await rows();
    const res = await put(user, { weather: { temperature: 'C' } }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    expect((await get(user)).json().weather.temperature).toBe('F');
  });

  it('answers 401 to the signed-out, for reading and for changing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/preferences' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/api/preferences', payload: { weather: { wind: 'kn' } } });
    expect(res.statusCode).toBe(401);
  });

  it('reads a damaged or outdated stored document as defaults, key by key', async () => {
    const user = await signUp(t.app);
    await put(user, { weather: { wind: 'kn' } });
    const db = t.database.handle.db;
    await db
      .updateTable('user_preferences')
      .set({ value: JSON.stringify({ weather: { wind: 'beaufort', temperature: 'C' }, todo: { sort: 'due' } }) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await get(user)).json().weather).toEqual({
      temperature: 'C',
      wind: 'mph',
      precipitation: 'in',
      time: '12h',
    });
    // Another app's section survives a weather change.
    await put(user, { weather: { time: '24h' } });
    const row = await db
      .selectFrom('user_preferences')
      .select('value')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(JSON.parse(row?.value ?? '{}')).toMatchObject({ todo: { sort: 'due' }, weather: { time: '24h' } });
    await db.updateTable('user_preferences').set({ value: 'not json' }).where('user_id', '=', user.id).execute();
    expect((await get(user)).json().weather).toEqual(DEFAULT_PREFERENCES.weather);
  });

  it('goes with the account: deleting the user deletes the preferences (ON DELETE CASCADE)', async () => {
    const user = await signUp(t.app);
    await put(user, { weather: { temperature: 'C' } });
    const db = t.database.handle.db;
    expect(await db.selectFrom('user_preferences').where('user_id', '=', user.id).selectAll().execute()).toHaveLength(
      1,
    );
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('user_preferences').where('user_id', '=', user.id).selectAll().execute()).toHaveLength(
      0,
    );
  });
});
