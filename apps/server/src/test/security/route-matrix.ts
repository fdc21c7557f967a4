import { defaultProfileFields } from '@site/contract';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { agedFormToken } from '../../features/contact/testing/aged-form-token.js';
import { multipartBody } from '../multipart.js';
import { logIn, signUp, TEST_PASSWORD, type TestUser, uniqueName } from '../test-app.js';

/**
 * Who may call a route. `user`: any signed-in user, on their own data; `admin`: the admin role;
 * `public`: anyone; `public-docs`: the OpenAPI pages.
 */
export type Access = 'public' | 'public-docs' | 'user' | 'admin';

/** One request as `app.inject` takes it; the method comes from the matrix key. */
export interface RouteRequest {
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

/**
 * Builds a valid request against the owner's resource (alice's, or the admin's on admin routes).
 * `claimed` is the legacy `user` / `userid` / `user_id` parameter: the owner's id, or undefined to
 * leave it out (so another user's request reaches the ownership check instead of the claimed check).
 */
export type BuildRequest = (ctx: MatrixContext, claimed: number | undefined) => Promise<RouteRequest>;

export interface MatrixEntry {
  access: Access;
  request: BuildRequest;
  /** Takes the legacy user parameter: another signed-in user naming the owner gets 403. */
  claimedUserParam?: boolean;
  /** What another signed-in user gets for the owner's resource (the app answers 404: no probing ids). */
  foreign?: 403 | 404;
  /** A successful call uses its resource up (deletes it): the next request needs a new one. */
  consumes?: boolean;
  /** The status of a working call when it is not 2xx (a redirect). */
  status?: number;
  /** Login and signup create the session, so they cannot carry its CSRF token. */
  csrfExempt?: boolean;
  /**
   * The user whose own calls succeed, when not alice (or the admin on admin routes): calls that
   * end the caller's sessions or delete the account act on a user of their own, so alice's
   * session survives for every other route.
   */
  owner?: (ctx: MatrixContext) => Promise<TestUser>;
}

export interface MatrixUsers {
  alice: TestUser;
  bob: TestUser;
  admin: TestUser;
}

/** Resources the builders share, created on first use through the API (token auth, no CSRF). */
export class MatrixContext {
  private n = 0;
  private readonly shared = new Map<string, Promise<unknown>>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    readonly app: FastifyInstance,
    readonly users: MatrixUsers,
  ) {}

  /** A number not used before in this app, for names, titles and coordinates. */
  unique() {
    return ++this.n;
  }

  /** Created once, reused by every request (for calls that do not use it up). */
  once<T>(key: string, create: () => Promise<T>): Promise<T> {
    if (!this.shared.has(key)) this.shared.set(key, create());
    return this.shared.get(key) as Promise<T>;
  }

  /** Reused by refused requests until one succeeds and `consume()` is called. */
  fresh<T>(key: string, create: () => Promise<T>): Promise<T> {
    if (!this.pending.has(key)) this.pending.set(key, create());
    return this.pending.get(key) as Promise<T>;
  }

  consume() {
    this.pending.clear();
  }

  /** Calls the API as `user` and returns the JSON answer, failing on anything but 2xx. */
  async call<T = Record<string, unknown>>(
    user: TestUser,
    method: HTTPMethods,
    url: string,
    payload?: object,
  ): Promise<T> {
    const res = await this.app.inject({
      method,
      url,
      headers: { authorization: `Token ${user.token}` },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }
}

type Params = Record<string, string | number | undefined>;
/** `key=value&…` without the undefined ones. */
const qs = (params: Params) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
/** The body with the legacy user field only when given (JSON has no undefined). */
const body = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
const get = (url: string, params: Params = {}) => {
  const query = qs(params);
  return { url: query ? `${url}?${query}` : url };
};

// ---- alice's resources (their names carry her username, so a leak shows in another user's answer)

const todo = (c: MatrixContext) =>
  c.call<{ id: number }>(c.users.alice, 'POST', '/api/todo', { title: `${c.users.alice.username} todo ${c.unique()}` });

const todoList = (c: MatrixContext) =>
  c
    .call<{ id: number }>(c.users.alice, 'POST', '/api/todo/lists', {
      name: `${c.users.alice.username} l${c.unique()}`,
    })
    .then((r) => r.id);
const checklistItem = async (c: MatrixContext): Promise<[number, number]> => {
  const task = (await c.once('todo', () => todo(c))).id;
  const item = await c.call<{ id: number }>(c.users.alice, 'POST', `/api/todo/tasks/${task}/checklist`, {
    title: `step ${c.unique()}`,
  });
  return [task, item.id];
};
/** A label of alice's (on a task of hers), by name. */
const todoLabel = async (c: MatrixContext) => {
  const name = `label${c.unique()}`;
  await c.call(c.users.alice, 'POST', '/api/todo/tasks', { title: `labelled ${c.unique()}`, labels: [name] });
  return name;
};

interface Game {
  id: number;
  puzzle: number[][];
}
/** A player's own puzzle with one solution (the well-known one from Wikipedia's Sudoku article). */
const OWN_SUDOKU = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const game = (c: MatrixContext) => c.call<Game>(c.users.alice, 'GET', '/api/sudoku/play?difficulty=easy');

const wallet = (c: MatrixContext) =>
  c
    .call<{ wallet: { wallet_id: number } }>(c.users.alice, 'POST', '/api/finance/create_wallet', {
      wallet_name: `${c.users.alice.username} w${c.unique()}`,
    })
    .then((r) => r.wallet.wallet_id);
/** A wallet holding shares, so sells succeed. */
const tradingWallet = (c: MatrixContext) =>
  c.once('wallet', async () => {
    const id = await wallet(c);
    await c.call(c.users.alice, 'POST', '/api/finance/add_stock_to_wallet', {
      wallet_id: id,
      symbol: 'AAPL',
      quantity: 10,
    });
    return id;
  });

/** An open order of alice's (a limit buy far below the price: it never fills while the tests run). */
const orderBody = async (c: MatrixContext, claimed: number | undefined) =>
  body({
    user_id: claimed,
    wallet_id: await tradingWallet(c),
    symbol: 'AAPL',
    side: 'buy',
    type: 'limit',
    quantity: 1,
    limit_price: 1,
  });
const openOrder = (c: MatrixContext) =>
  orderBody(c, undefined).then((payload) =>
    c
      .call<{ order: { order_id: number } }>(c.users.alice, 'POST', '/api/finance/place_order', payload)
      .then((r) => r.order.order_id),
  );

const favorite = (c: MatrixContext) =>
  c
    .call<{ locationId: number }>(c.users.alice, 'POST', '/api/weather', favoriteBody(c, undefined))
    .then((r) => r.locationId);
/** A new place each time: saving the same coordinates twice is a 409. */
const favoriteBody = (c: MatrixContext, claimed: number | undefined) => {
  const n = c.unique();
  return body({
    user: claimed,
    address: `Place ${n}`,
    nickname: `${c.users.alice.username} place ${n}`,
    lat: 10 + n / 100,
    lon: 20,
    timezone: 'Africa/Ndjamena',
  });
};

const WATCHED = 'MSFT';
/** Symbol alice's watchlist holds (for removal) or lacks (for adding); the other case answers 404/409. */
const setWatched = async (c: MatrixContext, symbol: string, present: boolean) => {
  const res = await c.app.inject({
    method: 'POST',
    url: `/api/finance/${present ? 'add' : 'remove'}_watchlist`,
    headers: { authorization: `Token ${c.users.alice.token}` },
    payload: { symbol },
  });
  if (![200, 404, 409].includes(res.statusCode)) throw new Error(`setup watchlist: ${res.body}`);
  return symbol;
};

const projectFields = (c: MatrixContext) => ({
  title: `Project ${c.unique()}`,
  description: 'A project',
  technology: 'TypeScript',
  backend_features: 'API',
  frontend_features: 'UI',
});
const project = (c: MatrixContext) =>
  c.call<{ id: number }>(c.users.admin, 'POST', '/api/portfolio/create', projectFields(c)).then((r) => r.id);
const multipart = async (fields: Record<string, string | Blob>) => {
  const { payload, headers } = await multipartBody(fields);
  return { payload, headers };
};
/** A 1×1 PNG and its alt text: the gallery's upload form (docs/api.md#project-images). */
const galleryForm = () => ({
  image: new File(
    [
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    ],
    'pixel.png',
    { type: 'image/png' },
  ),
  alt: 'One pixel',
});
/** A new image in the gallery project's gallery: [project id, image id]. */
const galleryImage = async (c: MatrixContext): Promise<[number, number]> => {
  const projectId = await c.once('galleryProject', () => project(c));
  const { payload, headers } = await multipartBody(galleryForm());
  const res = await c.app.inject({
    method: 'POST',
    url: `/api/portfolio/${projectId}/images`,
    payload,
    headers: { ...headers, authorization: `Token ${c.users.admin.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`setup gallery image: ${res.statusCode} ${res.body}`);
  const images = (res.json() as { images: { id: number }[] }).images;
  return [projectId, (images[images.length - 1] as { id: number }).id];
};

/** A tiny PDF as the résumé upload takes it (the server checks the `%PDF-` header). */
const resumeForm = () =>
  multipartBody({ file: new File(['%PDF-1.4\n%%EOF\n'], 'resume.pdf', { type: 'application/pdf' }) });
const uploadResume = async (c: MatrixContext) => {
  const { payload, headers } = await resumeForm();
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/admin/resume',
    headers: { ...headers, authorization: `Token ${c.users.admin.token}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`setup résumé upload: ${res.statusCode} ${res.body}`);
};

/** A 1×1 PNG as the photo upload takes it (docs/api.md#profile). */
const avatarForm = () =>
  multipartBody({
    file: new File(
      [
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          'base64',
        ),
      ],
      'me.png',
      { type: 'image/png' },
    ),
  });
const uploadAvatar = async (c: MatrixContext) => {
  const { payload, headers } = await avatarForm();
  const res = await c.app.inject({
    method: 'PUT',
    url: '/api/admin/profile/avatar',
    headers: { ...headers, authorization: `Token ${c.users.admin.token}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`setup photo upload: ${res.statusCode} ${res.body}`);
};

/** A user only `key`'s calls use (signed up on first use). */
const ownUser = (key: string) => (c: MatrixContext) => c.once(`user:${key}`, () => signUp(c.app, uniqueName('own')));
/**
 * Makes `user` usable again, in place, after a call ended its sessions (a new log-in) or deleted
 * the account (a new sign-up under another name), so the next request of its test can succeed.
 */
async function revive(c: MatrixContext, user: TestUser) {
  const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Token ${user.token}` } });
  if (me.statusCode === 200) return;
  const fresh = await logIn(c.app, user.username, TEST_PASSWORD).catch(() => signUp(c.app, uniqueName('own')));
  Object.assign(user, fresh);
}
/** A session of alice's other than the one her requests use: its id. */
const aliceOtherSession = (c: MatrixContext) =>
  c.fresh('account-session', async () => {
    const other = await logIn(c.app, c.users.alice.username, TEST_PASSWORD);
    const { sessions } = await c.call<{ sessions: { id: number; current: boolean }[] }>(
      other,
      'GET',
      '/api/account/sessions',
    );
    return sessions.find((s) => s.current)?.id;
  });
/** A contact message's fields with a token old enough to be sent. */
const contactFields = async (c: MatrixContext) => ({
  name: `Visitor ${c.unique()}`,
  email: 'visitor@example.com',
  message: 'Hello from the security sweep.',
  form_token: await agedFormToken(c.app),
});
/** A message in the admin's inbox (sent from an address of its own, outside the hourly limit). */
const contactMessage = async (c: MatrixContext) => {
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: await contactFields(c),
    remoteAddress: `10.78.${c.unique() % 250}.1`,
  });
  if (res.statusCode !== 200) throw new Error(`setup contact: ${res.body}`);
  const inbox = await c.call<{ messages: { id: number }[] }>(c.users.admin, 'GET', '/api/admin/contact');
  return inbox.messages[0]?.id as number;
};
/** A user of their own (signed up from an address of their own, outside the sign-up limit). */
const member = async (c: MatrixContext) => {
  const username = `member${process.pid}_${c.unique()}`;
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { username, email: `${username}@example.com`, password: 'a long password' },
    remoteAddress: `10.77.${c.unique() % 250}.1`,
  });
  if (res.statusCode !== 200) throw new Error(`setup signup: ${res.body}`);
  return res.json().user_id as number;
};
/** A live reset token of a user of its own (the admin's link), as the link carries it. */
const resetToken = async (c: MatrixContext) => {
  const { url } = await c.call<{ url: string }>(
    c.users.admin,
    'POST',
    `/api/admin/users/${await member(c)}/reset-link`,
  );
  return new URL(url, 'http://localhost').searchParams.get('token') as string;
};
const adminUserRoute = (action: string): MatrixEntry => ({
  access: 'admin',
  request: async (c) => ({ url: `/api/admin/users/${await c.once('member', () => member(c))}/${action}` }),
});

const walletIdRoute = (path: string): MatrixEntry => ({
  access: 'user',
  claimedUserParam: true,
  foreign: 404,
  request: async (c, claimed) => get(`/api/finance/${path}`, { wallet_id: await tradingWallet(c), user_id: claimed }),
});
const docs = (url: string): MatrixEntry => ({ access: 'public-docs', request: async () => ({ url }) });

/**
 * Every route of the app, `METHOD url` exactly as registered. A route added without an entry
 * here fails authorization-matrix.test.ts, so its access rules get decided and tested.
 */
export const routeMatrix: Record<string, MatrixEntry> = {
  'GET /api/docs': docs('/api/docs'),
  // Swagger UI's own redirect to /api/docs/.
  'GET /api/docs/static/index.html': { ...docs('/api/docs/static/index.html'), status: 302 },
  'GET /api/docs/static/swagger-initializer.js': docs('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/json': docs('/api/docs/json'),
  'GET /api/docs/yaml': docs('/api/docs/yaml'),
  'GET /api/docs/static/*': docs('/api/docs/static/swagger-ui.css'),

  'GET /api/health': { access: 'public', request: async () => get('/api/health') },
  'GET /api/health/ready': { access: 'public', request: async () => get('/api/health/ready') },
  // docs/api.md#pages: what search engines read, public and the same for everyone.
  'GET /sitemap.xml': { access: 'public', request: async () => get('/sitemap.xml') },
  'GET /robots.txt': { access: 'public', request: async () => get('/robots.txt') },
  // docs/api.md#feeds: the published projects, public and the same for everyone.
  'GET /rss.xml': { access: 'public', request: async () => get('/rss.xml') },
  'GET /feed.json': { access: 'public', request: async () => get('/feed.json') },
  // A project's former slug: the page route's own answer (a current slug is the web app's page).
  'GET /portfolio/:slug': {
    access: 'public',
    status: 301,
    request: async (c) => {
      const former = await c.once('moved project', async () => {
        const made = await c.call<{ id: number; slug: string }>(c.users.admin, 'POST', '/api/portfolio/create', {
          title: `Moved ${c.unique()}`,
        });
        await c.call(c.users.admin, 'PUT', `/api/portfolio/update/${made.id}`, {
          title: 'Moved',
          slug: `${made.slug}-now`,
        });
        return made.slug;
      });
      return get(`/portfolio/${former}`);
    },
  },
  'POST /api/signup': {
    access: 'public',
    csrfExempt: true,
    request: async (c) => {
      const username = `new${process.pid}_${c.unique()}`;
      return {
        url: '/api/signup',
        payload: { username, email: `${username}@example.com`, password: 'a long password' },
      };
    },
  },
  'POST /api/login': {
    access: 'public',
    csrfExempt: true,
    request: async (c) => ({
      url: '/api/login',
      payload: { username: c.users.bob.username, password: 'correct horse battery' },
    }),
  },
  // Public (signed out it just answers), but a cookie session must not be ended by a forged post.
  'POST /api/logout': { access: 'public', request: async () => ({ url: '/api/logout' }) },
  'GET /api/me': { access: 'user', request: async () => get('/api/me') },
  'GET /api/auth/options': { access: 'public', request: async () => get('/api/auth/options') },
  // The matrix's app has a mailer (authorization-matrix.test.ts); an unknown address gets the same answer.
  'POST /api/password-reset/request': {
    access: 'public',
    request: async (c) => ({
      url: '/api/password-reset/request',
      payload: { email: `nobody${c.unique()}@example.com` },
    }),
  },
  'POST /api/password-reset/check': {
    access: 'public',
    request: async (c) => ({
      url: '/api/password-reset/check',
      payload: { token: await c.once('reset', () => resetToken(c)) },
    }),
  },
  'POST /api/password-reset/confirm': {
    access: 'public',
    consumes: true,
    request: async (c) => ({
      url: '/api/password-reset/confirm',
      payload: { token: await c.fresh('reset-to-use', () => resetToken(c)), new_password: 'a new long password' },
    }),
  },

  'GET /api/admin/users': { access: 'admin', request: async () => get('/api/admin/users', { q: 'member' }) },
  'POST /api/admin/users/:id/disable': adminUserRoute('disable'),
  'POST /api/admin/users/:id/enable': adminUserRoute('enable'),
  'POST /api/admin/users/:id/reset-link': adminUserRoute('reset-link'),
  'DELETE /api/admin/users/:id': {
    access: 'admin',
    consumes: true,
    request: async (c) => ({ url: `/api/admin/users/${await c.fresh('doomed', () => member(c))}` }),
  },

  'GET /api/account': { access: 'user', request: async () => get('/api/account') },
  // The same password again, and her own address: alice's calls succeed and she keeps both.
  'POST /api/account/password': {
    access: 'user',
    request: async () => ({
      url: '/api/account/password',
      payload: { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
    }),
  },
  'PUT /api/account/email': {
    access: 'user',
    request: async (c) => ({
      url: '/api/account/email',
      payload: { email: `${c.users.alice.username}@example.com`, password: TEST_PASSWORD },
    }),
  },
  'GET /api/account/sessions': { access: 'user', request: async () => get('/api/account/sessions') },
  'DELETE /api/account/sessions/:id': {
    access: 'user',
    foreign: 404,
    consumes: true,
    request: async (c) => ({ url: `/api/account/sessions/${await aliceOtherSession(c)}` }),
  },
  'POST /api/account/sessions/end-all': {
    access: 'user',
    owner: ownUser('end-all'),
    request: async (c) => {
      await revive(c, await ownUser('end-all')(c));
      return { url: '/api/account/sessions/end-all' };
    },
  },
  'GET /api/account/export': { access: 'user', request: async () => get('/api/account/export') },
  'POST /api/account/delete': {
    access: 'user',
    owner: ownUser('delete'),
    request: async (c) => {
      await revive(c, await ownUser('delete')(c));
      return { url: '/api/account/delete', payload: { password: TEST_PASSWORD } };
    },
  },

  'GET /api/todo': {
    access: 'user',
    claimedUserParam: true,
    request: async (_c, claimed) => get('/api/todo', { user: claimed }),
  },
  'POST /api/todo': {
    access: 'user',
    claimedUserParam: true,
    request: async (c, claimed) => ({
      url: '/api/todo',
      payload: body({ user: claimed, title: `todo ${c.unique()}` }),
    }),
  },
  'PATCH /api/todo': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({
      url: '/api/todo',
      payload: body({
        user: claimed,
        todo_id: (await c.once('todo', () => todo(c))).id,
        description: `d${c.unique()}`,
      }),
    }),
  },
  'PUT /api/todo': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({
      url: '/api/todo',
      payload: body({ user: claimed, todo_id: (await c.once('todo', () => todo(c))).id }),
    }),
  },
  'DELETE /api/todo': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/todo',
      payload: body({ user: claimed, todo_id: (await c.fresh('todo', () => todo(c))).id }),
    }),
  },
  // Lists, sharing, tasks, checklists and labels: alice's, so bob gets 404 (ids reveal nothing).
  'GET /api/todo/lists': { access: 'user', request: async () => get('/api/todo/lists') },
  'POST /api/todo/lists': {
    access: 'user',
    request: async (c) => ({ url: '/api/todo/lists', payload: { name: `list ${c.unique()}` } }),
  },
  'PATCH /api/todo/lists/:id': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/lists/${await c.once('todoList', () => todoList(c))}`,
      payload: { name: `list ${c.unique()}` },
    }),
  },
  'DELETE /api/todo/lists/:id': {
    access: 'user',
    foreign: 404,
    consumes: true,
    request: async (c) => ({ url: `/api/todo/lists/${await c.fresh('todoList', () => todoList(c))}` }),
  },
  'GET /api/todo/lists/:id/members': {
    access: 'user',
    foreign: 404,
    request: async (c) => get(`/api/todo/lists/${await c.once('todoList', () => todoList(c))}/members`),
  },
  // Shared with the admin (never bob, whose refusals the matrix checks).
  'PUT /api/todo/lists/:id/members': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/lists/${await c.once('todoList', () => todoList(c))}/members`,
      payload: { username: c.users.admin.username, role: 'viewer' },
    }),
  },
  'DELETE /api/todo/lists/:id/members/:userId': {
    access: 'user',
    foreign: 404,
    consumes: true,
    request: async (c) => {
      const list = await c.fresh('sharedTodoList', async () => {
        const id = await todoList(c);
        await c.call(c.users.alice, 'PUT', `/api/todo/lists/${id}/members`, {
          username: c.users.admin.username,
          role: 'editor',
        });
        return id;
      });
      return { url: `/api/todo/lists/${list}/members/${c.users.admin.id}` };
    },
  },
  'GET /api/todo/tasks': { access: 'user', request: async () => get('/api/todo/tasks', { view: 'inbox' }) },
  'POST /api/todo/tasks': {
    access: 'user',
    request: async (c) => ({ url: '/api/todo/tasks', payload: { title: `task ${c.unique()}`, priority: 2 } }),
  },
  'POST /api/todo/tasks/bulk': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: '/api/todo/tasks/bulk',
      payload: { ids: [(await c.once('todo', () => todo(c))).id], action: 'label', label: `l${c.unique()}` },
    }),
  },
  'POST /api/todo/tasks/clear-completed': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: '/api/todo/tasks/clear-completed',
      payload: { list_id: await c.once('todoList', () => todoList(c)) },
    }),
  },
  'PATCH /api/todo/tasks/:id': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/tasks/${(await c.once('todo', () => todo(c))).id}`,
      payload: { priority: 1, due: { date: '2030-01-01', time: null, zone: 'UTC' } },
    }),
  },
  'DELETE /api/todo/tasks/:id': {
    access: 'user',
    foreign: 404,
    consumes: true,
    request: async (c) => ({ url: `/api/todo/tasks/${(await c.fresh('todo', () => todo(c))).id}` }),
  },
  'POST /api/todo/tasks/:id/complete': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/tasks/${(await c.once('todo', () => todo(c))).id}/complete`,
      payload: { completed: true },
    }),
  },
  'POST /api/todo/tasks/:id/move': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/tasks/${(await c.once('todo', () => todo(c))).id}/move`,
      payload: { list_id: await c.once('todoList', () => todoList(c)) },
    }),
  },
  'POST /api/todo/tasks/:id/checklist': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/tasks/${(await c.once('todo', () => todo(c))).id}/checklist`,
      payload: { title: `step ${c.unique()}` },
    }),
  },
  'PATCH /api/todo/tasks/:id/checklist/:itemId': {
    access: 'user',
    foreign: 404,
    request: async (c) => {
      const [task, item] = await c.once('checklistItem', () => checklistItem(c));
      return { url: `/api/todo/tasks/${task}/checklist/${item}`, payload: { done: true } };
    },
  },
  'DELETE /api/todo/tasks/:id/checklist/:itemId': {
    access: 'user',
    foreign: 404,
    consumes: true,
    request: async (c) => {
      const [task, item] = await c.fresh('checklistItem', () => checklistItem(c));
      return { url: `/api/todo/tasks/${task}/checklist/${item}` };
    },
  },
  'GET /api/todo/labels': { access: 'user', request: async () => get('/api/todo/labels') },
  'PATCH /api/todo/labels/:name': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: `/api/todo/labels/${await c.once('todoLabel', () => todoLabel(c))}`,
      payload: { colour: 'red' },
    }),
  },
  'DELETE /api/todo/labels/:name': {
    access: 'user',
    foreign: 404,
    consumes: true,
    request: async (c) => ({ url: `/api/todo/labels/${await c.fresh('todoLabel', () => todoLabel(c))}` }),
  },
  'GET /api/todo/feed': { access: 'user', request: async () => get('/api/todo/feed') },
  'POST /api/todo/feed': { access: 'user', request: async () => ({ url: '/api/todo/feed' }) },
  'DELETE /api/todo/feed': { access: 'user', request: async () => ({ url: '/api/todo/feed' }) },
  // The secret in the address is the credential: a fresh one each time (other entries replace or revoke it).
  'GET /api/todo/feed/:token.ics': {
    access: 'public',
    request: async (c) => {
      const { url } = await c.call<{ url: string }>(c.users.alice, 'POST', '/api/todo/feed');
      return { url: new URL(url).pathname };
    },
  },
  'GET /api/todo/export.csv': { access: 'user', request: async () => get('/api/todo/export.csv') },
  'POST /api/todo/import': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: '/api/todo/import',
      payload: {
        format: 'text',
        content: `imported ${c.unique()} @moved`,
        list_id: await c.once('todoList', () => todoList(c)),
      },
    }),
  },

  'GET /api/portfolio': { access: 'public', request: async () => get('/api/portfolio') },
  'POST /api/portfolio/create': {
    access: 'admin',
    request: async (c) => ({ url: '/api/portfolio/create', ...(await multipart(projectFields(c))) }),
  },
  'PUT /api/portfolio/update/:id': {
    access: 'admin',
    request: async (c) => ({
      url: `/api/portfolio/update/${await c.once('project', () => project(c))}`,
      ...(await multipart(projectFields(c))),
    }),
  },
  'DELETE /api/portfolio/delete/:id': {
    access: 'admin',
    consumes: true,
    request: async (c) => ({ url: `/api/portfolio/delete/${await c.fresh('project', () => project(c))}` }),
  },
  'GET /api/portfolio/projects/:slug': {
    access: 'public',
    request: async (c) => {
      const projects = await c.call<{ slug: string }[]>(c.users.alice, 'GET', '/api/portfolio');
      return get(`/api/portfolio/projects/${projects[0]?.slug ?? 'sudoku-engine'}`);
    },
  },
  'PUT /api/portfolio/order': {
    access: 'admin',
    request: async (c) => {
      const projects = await c.call<{ id: number }[]>(c.users.admin, 'GET', '/api/portfolio');
      return { url: '/api/portfolio/order', payload: { ids: projects.map((p) => p.id) } };
    },
  },
  'POST /api/portfolio/preview': {
    access: 'admin',
    request: async () => ({ url: '/api/portfolio/preview', payload: { body: '**Preview**' } }),
  },
  'POST /api/portfolio/:id/images': {
    access: 'admin',
    request: async (c) => ({
      // A project of its own: the matrix's other calls fill the gallery project's gallery.
      url: `/api/portfolio/${await c.once('uploadProject', () => project(c))}/images`,
      ...(await multipart(galleryForm())),
    }),
  },
  'PATCH /api/portfolio/:id/images/:imageId': {
    access: 'admin',
    request: async (c) => {
      const [projectId, imageId] = await c.once('galleryImage', () => galleryImage(c));
      return { url: `/api/portfolio/${projectId}/images/${imageId}`, payload: { caption: `Caption ${c.unique()}` } };
    },
  },
  'DELETE /api/portfolio/:id/images/:imageId': {
    access: 'admin',
    consumes: true,
    request: async (c) => {
      const [projectId, imageId] = await c.fresh('galleryImage', () => galleryImage(c));
      return { url: `/api/portfolio/${projectId}/images/${imageId}` };
    },
  },
  'GET /api/portfolio/:id/images/:imageId': {
    access: 'public',
    request: async (c) => {
      const [projectId, imageId] = await c.once('galleryImage', () => galleryImage(c));
      return get(`/api/portfolio/${projectId}/images/${imageId}`, { f: 'webp', w: 1 });
    },
  },
  'GET /api/portfolio/:id/image': {
    access: 'public',
    request: async (c) => {
      const projects = await c.call<{ image: string | null }[]>(c.users.alice, 'GET', '/api/portfolio');
      return get(projects.find((p) => p.image)?.image ?? '/api/portfolio/1/image');
    },
  },

  'GET /api/admin/status': { access: 'admin', request: async () => get('/api/admin/status') },
  'PUT /api/admin/notice': {
    access: 'admin',
    request: async (c) => ({
      url: '/api/admin/notice',
      payload: { title: `Notice ${c.unique()}`, paragraphs: ['Written by the security sweep.'] },
    }),
  },
  'DELETE /api/admin/notice': { access: 'admin', request: async () => ({ url: '/api/admin/notice' }) },
  'GET /api/site/notice': { access: 'public', request: async () => get('/api/site/notice') },

  'GET /api/profile': { access: 'public', request: async () => get('/api/profile') },
  'PUT /api/admin/profile': {
    access: 'admin',
    request: async (c) => ({
      url: '/api/admin/profile',
      payload: { ...defaultProfileFields, name: `Owner ${c.unique()}` },
    }),
  },
  'POST /api/admin/resume': {
    access: 'admin',
    request: async () => ({ url: '/api/admin/resume', ...(await resumeForm()) }),
  },
  'GET /resume.pdf': {
    access: 'public',
    // Uploaded again each time: the removal above may have run first.
    request: async (c) => {
      await uploadResume(c);
      return get('/resume.pdf');
    },
  },
  'DELETE /api/admin/resume': {
    access: 'admin',
    consumes: true,
    request: async (c) => {
      await c.fresh('resume', () => uploadResume(c));
      return { url: '/api/admin/resume' };
    },
  },
  'PUT /api/admin/profile/avatar': {
    access: 'admin',
    request: async () => ({ url: '/api/admin/profile/avatar', ...(await avatarForm()) }),
  },
  'GET /api/profile/avatar': {
    access: 'public',
    // Uploaded again each time: the removal below may have run first.
    request: async (c) => {
      await uploadAvatar(c);
      return get('/api/profile/avatar');
    },
  },
  'DELETE /api/admin/profile/avatar': {
    access: 'admin',
    consumes: true,
    request: async (c) => {
      await c.fresh('avatar', () => uploadAvatar(c));
      return { url: '/api/admin/profile/avatar' };
    },
  },

  'GET /api/contact/form': { access: 'public', request: async () => get('/api/contact/form') },
  'POST /api/contact': {
    access: 'public',
    request: async (c) => ({ url: '/api/contact', payload: await contactFields(c) }),
  },
  'GET /api/admin/contact': { access: 'admin', request: async () => get('/api/admin/contact') },
  'PATCH /api/admin/contact/:id': {
    access: 'admin',
    request: async (c) => ({
      url: `/api/admin/contact/${await c.once('contact', () => contactMessage(c))}`,
      payload: { read: true },
    }),
  },
  'DELETE /api/admin/contact/:id': {
    access: 'admin',
    consumes: true,
    request: async (c) => ({ url: `/api/admin/contact/${await c.fresh('contact', () => contactMessage(c))}` }),
  },

  'GET /api/sudoku/play': {
    access: 'user',
    claimedUserParam: true,
    request: async (_c, claimed) => get('/api/sudoku/play', { difficulty: 'easy', userid: claimed }),
  },
  'GET /api/sudoku/savedGames': {
    access: 'user',
    claimedUserParam: true,
    request: async (_c, claimed) => get('/api/sudoku/savedGames', { userid: claimed }),
  },
  'GET /api/sudoku/game': {
    access: 'user',
    foreign: 404,
    request: async (c) => get('/api/sudoku/game', { id: (await c.once('game', () => game(c))).id }),
  },
  'GET /api/sudoku/stats': { access: 'user', request: async () => get('/api/sudoku/stats') },
  'DELETE /api/sudoku/deleteGame': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/sudoku/deleteGame',
      payload: body({ gameid: (await c.fresh('game', () => game(c))).id, userid: claimed }),
    }),
  },
  'PUT /api/sudoku/updateTime': {
    access: 'user',
    foreign: 404,
    request: async (c) => ({
      url: '/api/sudoku/updateTime',
      payload: { sudoku_id: (await c.once('game', () => game(c))).id, time: c.unique() },
    }),
  },
  'PUT /api/sudoku/saveGame': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => {
      const { id, puzzle } = await c.once('game', () => game(c));
      return {
        url: '/api/sudoku/saveGame',
        payload: body({ gameid: id, userid: claimed, current_state: puzzle, time: c.unique() }),
      };
    },
  },
  'POST /api/sudoku/checkSolution': {
    access: 'user',
    foreign: 404,
    request: async (c) => {
      // The unsolved puzzle: a valid check that is not a win, so the game stays open.
      const { id, puzzle } = await c.once('game', () => game(c));
      return { url: '/api/sudoku/checkSolution', payload: { board: puzzle, gameid: id } };
    },
  },
  'POST /api/sudoku/hint': {
    access: 'user',
    foreign: 404,
    request: async (c) => {
      const { id, puzzle } = await c.once('game', () => game(c));
      return { url: '/api/sudoku/hint', payload: { gameid: id, board: puzzle } };
    },
  },
  'GET /api/sudoku/solving-path': {
    access: 'user',
    foreign: 404,
    // Only a finished game has a path (a playing one answers 409), so alice gives one up first.
    request: async (c) => {
      const { id } = await c.once('lostGame', async () => {
        const lost = await game(c);
        await c.call(c.users.alice, 'PUT', '/api/sudoku/giveUp', { gameid: lost.id });
        return lost;
      });
      return get('/api/sudoku/solving-path', { id });
    },
  },
  'PUT /api/sudoku/giveUp': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/sudoku/giveUp',
      payload: body({ gameid: (await c.fresh('game', () => game(c))).id, userid: claimed }),
    }),
  },
  'GET /api/sudoku/daily': { access: 'user', request: async () => get('/api/sudoku/daily', { difficulty: 'easy' }) },
  'GET /api/sudoku/daily/stats': { access: 'user', request: async () => get('/api/sudoku/daily/stats') },
  'GET /api/sudoku/stats/levels': { access: 'user', request: async () => get('/api/sudoku/stats/levels') },
  'POST /api/sudoku/custom': {
    access: 'user',
    request: async () => ({ url: '/api/sudoku/custom', payload: { puzzle: OWN_SUDOKU } }),
  },
  'POST /api/sudoku/custom/check': {
    access: 'user',
    request: async () => ({ url: '/api/sudoku/custom/check', payload: { puzzle: OWN_SUDOKU } }),
  },

  'GET /api/finance/get_stock': {
    access: 'public',
    claimedUserParam: true, // checked only when someone is signed in
    request: async (_c, claimed) => get('/api/finance/get_stock', { symbol: 'AAPL', user: claimed }),
  },
  'GET /api/finance/get_full_stock': {
    access: 'public',
    request: async () => get('/api/finance/get_full_stock', { symbol: 'AAPL', range: '1mo', interval: '1d' }),
  },
  'GET /api/finance/search': { access: 'public', request: async () => get('/api/finance/search', { q: 'app' }) },
  'GET /api/finance/get_watchlist': {
    access: 'user',
    claimedUserParam: true,
    request: async (_c, claimed) => get('/api/finance/get_watchlist', { user: claimed }),
  },
  // The seed's client posts these as forms: one urlencoded, one multipart, covering both parsers.
  'POST /api/finance/add_watchlist': {
    access: 'user',
    claimedUserParam: true,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/finance/add_watchlist',
      payload: qs({ symbol: await c.fresh('absent', () => setWatched(c, 'NVDA', false)), user: claimed }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'POST /api/finance/remove_watchlist': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/finance/remove_watchlist',
      ...(await multipart({
        symbol: await c.fresh('watched', () => setWatched(c, WATCHED, true)),
        ...(claimed === undefined ? {} : { user: String(claimed) }),
      })),
    }),
  },

  'GET /api/finance/get_wallets': {
    access: 'user',
    claimedUserParam: true,
    request: async (_c, claimed) => get('/api/finance/get_wallets', { user_id: claimed }),
  },
  'GET /api/finance/get_wallet_details': walletIdRoute('get_wallet_details'),
  'GET /api/finance/get_wallet_history': walletIdRoute('get_wallet_history'),
  'GET /api/finance/get_wallet_ledger': walletIdRoute('get_wallet_ledger'),
  'GET /api/finance/get_wallet_events': walletIdRoute('get_wallet_events'),
  'GET /api/finance/get_wallet_performance': walletIdRoute('get_wallet_performance'),
  'GET /api/finance/get_wallet_ledger_csv': walletIdRoute('get_wallet_ledger_csv'),
  'POST /api/finance/create_wallet': {
    access: 'user',
    claimedUserParam: true,
    request: async (c, claimed) => ({
      url: '/api/finance/create_wallet',
      payload: body({ user_id: claimed, wallet_name: `wallet ${c.unique()}` }),
    }),
  },
  'POST /api/finance/delete_wallet': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/finance/delete_wallet',
      payload: body({ user_id: claimed, wallet_id: await c.fresh('wallet', () => wallet(c)) }),
    }),
  },
  'POST /api/finance/rename_wallet': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({
      url: '/api/finance/rename_wallet',
      payload: body({
        user_id: claimed,
        wallet_id: await tradingWallet(c),
        new_wallet_name: `${c.users.alice.username} r${c.unique()}`,
      }),
    }),
  },
  'POST /api/finance/set_active_wallet': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({
      url: '/api/finance/set_active_wallet',
      payload: body({ user_id: claimed, wallet_id: await tradingWallet(c) }),
    }),
  },
  'POST /api/finance/add_stock_to_wallet': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({
      url: '/api/finance/add_stock_to_wallet',
      payload: body({ user_id: claimed, wallet_id: await tradingWallet(c), symbol: 'AAPL', quantity: 1 }),
    }),
  },
  'POST /api/finance/sell_stock_from_wallet': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({
      url: '/api/finance/sell_stock_from_wallet',
      payload: body({ user_id: claimed, wallet_id: await tradingWallet(c), symbol: 'AAPL', quantity: 1 }),
    }),
  },

  'POST /api/finance/place_order': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({ url: '/api/finance/place_order', payload: await orderBody(c, claimed) }),
  },
  'POST /api/finance/preview_order': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    request: async (c, claimed) => ({ url: '/api/finance/preview_order', payload: await orderBody(c, claimed) }),
  },
  'GET /api/finance/get_orders': walletIdRoute('get_orders'),
  'POST /api/finance/cancel_order': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/finance/cancel_order',
      payload: body({ user_id: claimed, order_id: await c.fresh('order', () => openOrder(c)) }),
    }),
  },

  'GET /api/weather': {
    access: 'public',
    request: async () => get('/api/weather', { lat: 48.8534, lon: 2.3488, country_code: 'fr' }),
  },
  'POST /api/weather': {
    access: 'user',
    claimedUserParam: true,
    request: async (c, claimed) => ({ url: '/api/weather', payload: favoriteBody(c, claimed) }),
  },
  'GET /api/weather/saved': {
    access: 'user',
    claimedUserParam: true,
    request: async (_c, claimed) => get('/api/weather/saved', { user: claimed }),
  },
  'DELETE /api/weather/saved': {
    access: 'user',
    claimedUserParam: true,
    foreign: 404,
    consumes: true,
    request: async (c, claimed) => ({
      url: '/api/weather/saved',
      payload: body({ user: claimed, location_id: await c.fresh('favorite', () => favorite(c)) }),
    }),
  },

  'GET /api/geocode/autocomplete': {
    access: 'public',
    request: async () => get('/api/geocode/autocomplete', { text: 'Paris' }),
  },
  // Identity from the session only: no parameter names a user, so another user simply gets their own.
  'GET /api/preferences': { access: 'user', request: async () => get('/api/preferences') },
  'PUT /api/preferences': {
    access: 'user',
    request: async () => ({ url: '/api/preferences', payload: { weather: { temperature: 'C' } } }),
  },
  'GET /api/geocode/place': {
    access: 'public',
    request: async () => get('/api/geocode/place', { id: 'demo:city:2657896' }),
  },
};

/** `METHOD url` → method and url. */
export function splitKey(key: string): { method: HTTPMethods; url: string } {
  const [method, url] = key.split(' ') as [HTTPMethods, string];
  return { method, url };
}
