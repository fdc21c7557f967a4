/**
 * Every API call as plain data: method, path (relative to `/api`), who may call it and the seed's
 * user parameter it still accepts. No zod here: the web app's first page imports this module (for
 * `/api/me`, `/api/health`, `/api/logout`) and must stay free of zod and the schemas. The schemas
 * of each call are in its feature's `*Endpoints` (e.g. `todoEndpoints` in todo.ts), built on these.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `user`: signed in (401 otherwise); `admin`: the admin role (401 signed
 * out, 403 for anyone else); `public`: anyone; `optional-user`: anyone, but a signed-in caller is
 * known to the handler (and a claimed user parameter is checked against them).
 */
export type Access = 'public' | 'user' | 'admin' | 'optional-user';

/**
 * The seed's clients name the acting user as `user`, `userid` or `user_id`, in the query string
 * or the body. Identity comes from the session: the parameter, when present, must name the
 * signed-in user (403 otherwise).
 */
export interface ClaimedUserParam {
  readonly in: 'query' | 'body';
  readonly name: 'user' | 'userid' | 'user_id';
}

export interface ApiRoute {
  readonly method: HttpMethod;
  /** Relative to {@link API_PREFIX}, with `:name` path parameters, exactly as the server registers it. */
  readonly path: string;
  readonly access: Access;
  readonly claimedUser?: ClaimedUserParam;
  /**
   * A GET that writes (the original API's choice of method, kept for its clients): with a session
   * cookie it is refused when it arrives as a page navigation or from a site that is neither this
   * one nor in `CORS_ORIGINS`, since no CSRF header guards a GET (docs/api.md#csrf).
   */
  readonly changesState?: true;
}

/** Where the API is mounted. */
export const API_PREFIX = '/api';

const query = (name: ClaimedUserParam['name']) => ({ in: 'query', name }) as const;
const body = (name: ClaimedUserParam['name']) => ({ in: 'body', name }) as const;

export const routes = {
  health: {
    get: { method: 'GET', path: '/health', access: 'public' },
    ready: { method: 'GET', path: '/health/ready', access: 'public' },
  },
  auth: {
    signup: { method: 'POST', path: '/signup', access: 'public' },
    login: { method: 'POST', path: '/login', access: 'public' },
    logout: { method: 'POST', path: '/logout', access: 'public' },
    me: { method: 'GET', path: '/me', access: 'user' },
    options: { method: 'GET', path: '/auth/options', access: 'public' },
  },
  account: {
    get: { method: 'GET', path: '/account', access: 'user' },
    changePassword: { method: 'POST', path: '/account/password', access: 'user' },
    changeEmail: { method: 'PUT', path: '/account/email', access: 'user' },
    sessions: { method: 'GET', path: '/account/sessions', access: 'user' },
    endSession: { method: 'DELETE', path: '/account/sessions/:id', access: 'user' },
    endAllSessions: { method: 'POST', path: '/account/sessions/end-all', access: 'user' },
    exportData: { method: 'GET', path: '/account/export', access: 'user' },
    remove: { method: 'POST', path: '/account/delete', access: 'user' },
  },
  passwordReset: {
    request: { method: 'POST', path: '/password-reset/request', access: 'public' },
    check: { method: 'POST', path: '/password-reset/check', access: 'public' },
    confirm: { method: 'POST', path: '/password-reset/confirm', access: 'public' },
  },
  admin: {
    users: { method: 'GET', path: '/admin/users', access: 'admin' },
    disableUser: { method: 'POST', path: '/admin/users/:id/disable', access: 'admin' },
    enableUser: { method: 'POST', path: '/admin/users/:id/enable', access: 'admin' },
    resetLink: { method: 'POST', path: '/admin/users/:id/reset-link', access: 'admin' },
    removeUser: { method: 'DELETE', path: '/admin/users/:id', access: 'admin' },
    status: { method: 'GET', path: '/admin/status', access: 'admin' },
    updateNotice: { method: 'PUT', path: '/admin/notice', access: 'admin' },
    resetNotice: { method: 'DELETE', path: '/admin/notice', access: 'admin' },
  },
  site: {
    notice: { method: 'GET', path: '/site/notice', access: 'public' },
  },
  profile: {
    get: { method: 'GET', path: '/profile', access: 'public' },
    update: { method: 'PUT', path: '/admin/profile', access: 'admin' },
    uploadResume: { method: 'POST', path: '/admin/resume', access: 'admin' },
    removeResume: { method: 'DELETE', path: '/admin/resume', access: 'admin' },
    uploadAvatar: { method: 'PUT', path: '/admin/profile/avatar', access: 'admin' },
    removeAvatar: { method: 'DELETE', path: '/admin/profile/avatar', access: 'admin' },
    avatar: { method: 'GET', path: '/profile/avatar', access: 'public' },
  },
  todo: {
    list: { method: 'GET', path: '/todo', access: 'user', claimedUser: query('user') },
    create: { method: 'POST', path: '/todo', access: 'user', claimedUser: body('user') },
    update: { method: 'PATCH', path: '/todo', access: 'user', claimedUser: body('user') },
    complete: { method: 'PUT', path: '/todo', access: 'user', claimedUser: body('user') },
    remove: { method: 'DELETE', path: '/todo', access: 'user', claimedUser: body('user') },
    // Lists, sharing, tasks, checklists and labels (docs/api.md#to-do-lists-sharing-and-tasks).
    lists: { method: 'GET', path: '/todo/lists', access: 'user' },
    createList: { method: 'POST', path: '/todo/lists', access: 'user' },
    updateList: { method: 'PATCH', path: '/todo/lists/:id', access: 'user' },
    removeList: { method: 'DELETE', path: '/todo/lists/:id', access: 'user' },
    members: { method: 'GET', path: '/todo/lists/:id/members', access: 'user' },
    putMember: { method: 'PUT', path: '/todo/lists/:id/members', access: 'user' },
    removeMember: { method: 'DELETE', path: '/todo/lists/:id/members/:userId', access: 'user' },
    tasks: { method: 'GET', path: '/todo/tasks', access: 'user' },
    createTask: { method: 'POST', path: '/todo/tasks', access: 'user' },
    bulkTasks: { method: 'POST', path: '/todo/tasks/bulk', access: 'user' },
    clearCompleted: { method: 'POST', path: '/todo/tasks/clear-completed', access: 'user' },
    updateTask: { method: 'PATCH', path: '/todo/tasks/:id', access: 'user' },
    removeTask: { method: 'DELETE', path: '/todo/tasks/:id', access: 'user' },
    completeTask: { method: 'POST', path: '/todo/tasks/:id/complete', access: 'user' },
    moveTask: { method: 'POST', path: '/todo/tasks/:id/move', access: 'user' },
    addChecklistItem: { method: 'POST', path: '/todo/tasks/:id/checklist', access: 'user' },
    updateChecklistItem: { method: 'PATCH', path: '/todo/tasks/:id/checklist/:itemId', access: 'user' },
    removeChecklistItem: { method: 'DELETE', path: '/todo/tasks/:id/checklist/:itemId', access: 'user' },
    labels: { method: 'GET', path: '/todo/labels', access: 'user' },
    updateLabel: { method: 'PATCH', path: '/todo/labels/:name', access: 'user' },
    removeLabel: { method: 'DELETE', path: '/todo/labels/:name', access: 'user' },
    // Calendar feed, export and import (docs/api.md#calendar-feed-import-and-export).
    feed: { method: 'GET', path: '/todo/feed', access: 'user' },
    createFeed: { method: 'POST', path: '/todo/feed', access: 'user' },
    removeFeed: { method: 'DELETE', path: '/todo/feed', access: 'user' },
    // The token in the path is the credential: calendar apps send no cookie or header.
    feedCalendar: { method: 'GET', path: '/todo/feed/:token.ics', access: 'public' },
    exportCsv: { method: 'GET', path: '/todo/export.csv', access: 'user' },
    importTasks: { method: 'POST', path: '/todo/import', access: 'user' },
  },
  portfolio: {
    // optional-user: the admin's list holds the drafts too.
    list: { method: 'GET', path: '/portfolio', access: 'optional-user' },
    create: { method: 'POST', path: '/portfolio/create', access: 'admin' },
    update: { method: 'PUT', path: '/portfolio/update/:id', access: 'admin' },
    remove: { method: 'DELETE', path: '/portfolio/delete/:id', access: 'admin' },
    image: { method: 'GET', path: '/portfolio/:id/image', access: 'public' },
    project: { method: 'GET', path: '/portfolio/projects/:slug', access: 'optional-user' },
    order: { method: 'PUT', path: '/portfolio/order', access: 'admin' },
    preview: { method: 'POST', path: '/portfolio/preview', access: 'admin' },
    // A project's gallery (docs/api.md#project-images).
    addImage: { method: 'POST', path: '/portfolio/:id/images', access: 'admin' },
    updateImage: { method: 'PATCH', path: '/portfolio/:id/images/:imageId', access: 'admin' },
    removeImage: { method: 'DELETE', path: '/portfolio/:id/images/:imageId', access: 'admin' },
    imageFile: { method: 'GET', path: '/portfolio/:id/images/:imageId', access: 'public' },
  },
  // The contact form and the admin's inbox (docs/api.md#contact).
  contact: {
    form: { method: 'GET', path: '/contact/form', access: 'public' },
    send: { method: 'POST', path: '/contact', access: 'public' },
    inbox: { method: 'GET', path: '/admin/contact', access: 'admin' },
    mark: { method: 'PATCH', path: '/admin/contact/:id', access: 'admin' },
    remove: { method: 'DELETE', path: '/admin/contact/:id', access: 'admin' },
  },
  sudoku: {
    // Starts (stores) a new game.
    play: { method: 'GET', path: '/sudoku/play', access: 'user', claimedUser: query('userid'), changesState: true },
    savedGames: { method: 'GET', path: '/sudoku/savedGames', access: 'user', claimedUser: query('userid') },
    game: { method: 'GET', path: '/sudoku/game', access: 'user' },
    stats: { method: 'GET', path: '/sudoku/stats', access: 'user' },
    deleteGame: { method: 'DELETE', path: '/sudoku/deleteGame', access: 'user', claimedUser: body('userid') },
    updateTime: { method: 'PUT', path: '/sudoku/updateTime', access: 'user' },
    saveGame: { method: 'PUT', path: '/sudoku/saveGame', access: 'user', claimedUser: body('userid') },
    checkSolution: { method: 'POST', path: '/sudoku/checkSolution', access: 'user' },
    giveUp: { method: 'PUT', path: '/sudoku/giveUp', access: 'user', claimedUser: body('userid') },
    // Starts (stores) the user's game of today's daily puzzle at a level, or resumes it.
    daily: { method: 'GET', path: '/sudoku/daily', access: 'user', changesState: true },
    dailyStats: { method: 'GET', path: '/sudoku/daily/stats', access: 'user' },
    custom: { method: 'POST', path: '/sudoku/custom', access: 'user' },
    customCheck: { method: 'POST', path: '/sudoku/custom/check', access: 'user' },
    levelStats: { method: 'GET', path: '/sudoku/stats/levels', access: 'user' },
    hint: { method: 'POST', path: '/sudoku/hint', access: 'user' },
    solvingPath: { method: 'GET', path: '/sudoku/solving-path', access: 'user' },
  },
  finance: {
    getStock: { method: 'GET', path: '/finance/get_stock', access: 'optional-user', claimedUser: query('user') },
    getFullStock: { method: 'GET', path: '/finance/get_full_stock', access: 'public' },
    search: { method: 'GET', path: '/finance/search', access: 'public' },
    getWatchlist: { method: 'GET', path: '/finance/get_watchlist', access: 'user', claimedUser: query('user') },
    addWatchlist: { method: 'POST', path: '/finance/add_watchlist', access: 'user', claimedUser: body('user') },
    removeWatchlist: { method: 'POST', path: '/finance/remove_watchlist', access: 'user', claimedUser: body('user') },
  },
  wallets: {
    list: { method: 'GET', path: '/finance/get_wallets', access: 'user', claimedUser: query('user_id') },
    details: { method: 'GET', path: '/finance/get_wallet_details', access: 'user', claimedUser: query('user_id') },
    history: { method: 'GET', path: '/finance/get_wallet_history', access: 'user', claimedUser: query('user_id') },
    ledger: { method: 'GET', path: '/finance/get_wallet_ledger', access: 'user', claimedUser: query('user_id') },
    create: { method: 'POST', path: '/finance/create_wallet', access: 'user', claimedUser: body('user_id') },
    remove: { method: 'POST', path: '/finance/delete_wallet', access: 'user', claimedUser: body('user_id') },
    rename: { method: 'POST', path: '/finance/rename_wallet', access: 'user', claimedUser: body('user_id') },
    setActive: { method: 'POST', path: '/finance/set_active_wallet', access: 'user', claimedUser: body('user_id') },
    buy: { method: 'POST', path: '/finance/add_stock_to_wallet', access: 'user', claimedUser: body('user_id') },
    sell: { method: 'POST', path: '/finance/sell_stock_from_wallet', access: 'user', claimedUser: body('user_id') },
  },
  corporateActions: {
    walletEvents: {
      method: 'GET',
      path: '/finance/get_wallet_events',
      access: 'user',
      claimedUser: query('user_id'),
    },
  },
  orders: {
    place: { method: 'POST', path: '/finance/place_order', access: 'user', claimedUser: body('user_id') },
    preview: { method: 'POST', path: '/finance/preview_order', access: 'user', claimedUser: body('user_id') },
    list: { method: 'GET', path: '/finance/get_orders', access: 'user', claimedUser: query('user_id') },
    cancel: { method: 'POST', path: '/finance/cancel_order', access: 'user', claimedUser: body('user_id') },
  },
  walletReports: {
    performance: {
      method: 'GET',
      path: '/finance/get_wallet_performance',
      access: 'user',
      claimedUser: query('user_id'),
    },
    ledgerCsv: { method: 'GET', path: '/finance/get_wallet_ledger_csv', access: 'user', claimedUser: query('user_id') },
  },
  weather: {
    forecast: { method: 'GET', path: '/weather', access: 'public' },
    addFavorite: { method: 'POST', path: '/weather', access: 'user', claimedUser: body('user') },
    listFavorites: { method: 'GET', path: '/weather/saved', access: 'user', claimedUser: query('user') },
    removeFavorite: { method: 'DELETE', path: '/weather/saved', access: 'user', claimedUser: body('user') },
  },
  preferences: {
    get: { method: 'GET', path: '/preferences', access: 'user' },
    update: { method: 'PUT', path: '/preferences', access: 'user' },
  },
  geocoding: {
    autocomplete: { method: 'GET', path: '/geocode/autocomplete', access: 'public' },
    place: { method: 'GET', path: '/geocode/place', access: 'public' },
  },
} as const satisfies Record<string, Record<string, ApiRoute>>;

/** Every route of the table, for sweeping (tests, docs). */
export function allRoutes(): ApiRoute[] {
  return Object.values(routes).flatMap((feature) => Object.values(feature) as ApiRoute[]);
}

/** The `:name` parameters of a path, e.g. `'/portfolio/update/:id'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters; `undefined` when it has none. */
export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : Record<PathParamNames<P>, string | number>;

/**
 * The URL of a route as a client calls it: `/api` + its path with the parameters filled in
 * (percent-encoded), e.g. `apiUrl(routes.portfolio.update, { id: 3 })` → `/api/portfolio/update/3`.
 */
export function apiUrl<R extends ApiRoute>(
  route: R,
  ...[params]: PathParams<R['path']> extends undefined ? [] : [PathParams<R['path']>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  return API_PREFIX + path;
}
