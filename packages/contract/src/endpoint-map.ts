import type { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import type { routes } from './routes.js';

type Routes = typeof routes;

/** Every API call by its name in the plain route table: `'todo.list'` for `routes.todo.list`. */
export type EndpointName = {
  [G in keyof Routes & string]: `${G}.${keyof Routes[G] & string}`;
}[keyof Routes & string];

/**
 * Every endpoint of the contract by name, each loaded with its module on first use: a client that
 * calls the API by name (apps/web/src/lib/api-client.ts) imports this map lazily and only the
 * module of the call it makes, so zod and the schemas stay out of the pages' first JavaScript
 * (docs/decisions.md#main-thread-work-after-the-first-paint). Its types give each call's request
 * and answer. `satisfies` refuses a missing or unknown name; endpoint-map.test.ts checks that each
 * name loads the endpoint of that route.
 */
export const endpointLoaders = {
  'health.get': () => import('./health.js').then((m) => m.healthEndpoints.get),
  'health.ready': () => import('./health.js').then((m) => m.healthEndpoints.ready),
  'auth.signup': () => import('./auth.js').then((m) => m.authEndpoints.signup),
  'auth.login': () => import('./auth.js').then((m) => m.authEndpoints.login),
  'auth.logout': () => import('./auth.js').then((m) => m.authEndpoints.logout),
  'auth.me': () => import('./auth.js').then((m) => m.authEndpoints.me),
  'auth.options': () => import('./account.js').then((m) => m.accountEndpoints.authOptions),
  'account.get': () => import('./account.js').then((m) => m.accountEndpoints.get),
  'account.changePassword': () => import('./account.js').then((m) => m.accountEndpoints.changePassword),
  'account.changeEmail': () => import('./account.js').then((m) => m.accountEndpoints.changeEmail),
  'account.sessions': () => import('./account.js').then((m) => m.accountEndpoints.sessions),
  'account.endSession': () => import('./account.js').then((m) => m.accountEndpoints.endSession),
  'account.endAllSessions': () => import('./account.js').then((m) => m.accountEndpoints.endAllSessions),
  'account.exportData': () => import('./account.js').then((m) => m.accountEndpoints.exportData),
  'account.remove': () => import('./account.js').then((m) => m.accountEndpoints.remove),
  'passwordReset.request': () => import('./account.js').then((m) => m.accountEndpoints.requestReset),
  'passwordReset.check': () => import('./account.js').then((m) => m.accountEndpoints.checkReset),
  'passwordReset.confirm': () => import('./account.js').then((m) => m.accountEndpoints.confirmReset),
  'admin.users': () => import('./admin.js').then((m) => m.adminEndpoints.users),
  'admin.disableUser': () => import('./admin.js').then((m) => m.adminEndpoints.disableUser),
  'admin.enableUser': () => import('./admin.js').then((m) => m.adminEndpoints.enableUser),
  'admin.resetLink': () => import('./admin.js').then((m) => m.adminEndpoints.resetLink),
  'admin.removeUser': () => import('./admin.js').then((m) => m.adminEndpoints.removeUser),
  'admin.status': () => import('./admin.js').then((m) => m.adminEndpoints.status),
  'admin.updateNotice': () => import('./admin.js').then((m) => m.adminEndpoints.updateNotice),
  'admin.resetNotice': () => import('./admin.js').then((m) => m.adminEndpoints.resetNotice),
  'site.notice': () => import('./admin.js').then((m) => m.adminEndpoints.notice),
  'profile.get': () => import('./profile.js').then((m) => m.profileEndpoints.get),
  'profile.update': () => import('./profile.js').then((m) => m.profileEndpoints.update),
  'profile.uploadResume': () => import('./profile.js').then((m) => m.profileEndpoints.uploadResume),
  'profile.removeResume': () => import('./profile.js').then((m) => m.profileEndpoints.removeResume),
  'profile.uploadAvatar': () => import('./profile.js').then((m) => m.profileEndpoints.uploadAvatar),
  'profile.removeAvatar': () => import('./profile.js').then((m) => m.profileEndpoints.removeAvatar),
  'profile.avatar': () => import('./profile.js').then((m) => m.profileEndpoints.avatar),
  'todo.list': () => import('./todo.js').then((m) => m.todoEndpoints.list),
  'todo.create': () => import('./todo.js').then((m) => m.todoEndpoints.create),
  'todo.update': () => import('./todo.js').then((m) => m.todoEndpoints.update),
  'todo.complete': () => import('./todo.js').then((m) => m.todoEndpoints.complete),
  'todo.remove': () => import('./todo.js').then((m) => m.todoEndpoints.remove),
  'todo.lists': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.lists),
  'todo.createList': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.createList),
  'todo.updateList': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.updateList),
  'todo.removeList': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.removeList),
  'todo.members': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.members),
  'todo.putMember': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.putMember),
  'todo.removeMember': () => import('./todo-lists.js').then((m) => m.todoListEndpoints.removeMember),
  'todo.tasks': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.tasks),
  'todo.createTask': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.createTask),
  'todo.bulkTasks': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.bulkTasks),
  'todo.clearCompleted': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.clearCompleted),
  'todo.updateTask': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.updateTask),
  'todo.removeTask': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.removeTask),
  'todo.completeTask': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.completeTask),
  'todo.moveTask': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.moveTask),
  'todo.addChecklistItem': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.addChecklistItem),
  'todo.updateChecklistItem': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.updateChecklistItem),
  'todo.removeChecklistItem': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.removeChecklistItem),
  'todo.labels': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.labels),
  'todo.updateLabel': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.updateLabel),
  'todo.removeLabel': () => import('./todo-tasks.js').then((m) => m.todoTaskEndpoints.removeLabel),
  'todo.feed': () => import('./todo-transfer.js').then((m) => m.todoTransferEndpoints.feed),
  'todo.createFeed': () => import('./todo-transfer.js').then((m) => m.todoTransferEndpoints.createFeed),
  'todo.removeFeed': () => import('./todo-transfer.js').then((m) => m.todoTransferEndpoints.removeFeed),
  'todo.feedCalendar': () => import('./todo-transfer.js').then((m) => m.todoTransferEndpoints.feedCalendar),
  'todo.exportCsv': () => import('./todo-transfer.js').then((m) => m.todoTransferEndpoints.exportCsv),
  'todo.importTasks': () => import('./todo-transfer.js').then((m) => m.todoTransferEndpoints.importTasks),
  'portfolio.list': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.list),
  'portfolio.create': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.create),
  'portfolio.update': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.update),
  'portfolio.remove': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.remove),
  'portfolio.image': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.image),
  'portfolio.project': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.project),
  'portfolio.order': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.order),
  'portfolio.preview': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.preview),
  'portfolio.addImage': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.addImage),
  'portfolio.updateImage': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.updateImage),
  'portfolio.removeImage': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.removeImage),
  'portfolio.imageFile': () => import('./portfolio.js').then((m) => m.portfolioEndpoints.imageFile),
  'contact.form': () => import('./contact.js').then((m) => m.contactEndpoints.form),
  'contact.send': () => import('./contact.js').then((m) => m.contactEndpoints.send),
  'contact.inbox': () => import('./contact.js').then((m) => m.contactEndpoints.inbox),
  'contact.mark': () => import('./contact.js').then((m) => m.contactEndpoints.mark),
  'contact.remove': () => import('./contact.js').then((m) => m.contactEndpoints.remove),
  'sudoku.play': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.play),
  'sudoku.savedGames': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.savedGames),
  'sudoku.game': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.game),
  'sudoku.stats': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.stats),
  'sudoku.deleteGame': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.deleteGame),
  'sudoku.updateTime': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.updateTime),
  'sudoku.saveGame': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.saveGame),
  'sudoku.checkSolution': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.checkSolution),
  'sudoku.giveUp': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.giveUp),
  'sudoku.daily': () => import('./sudoku-puzzles.js').then((m) => m.sudokuPuzzleEndpoints.daily),
  'sudoku.dailyStats': () => import('./sudoku-puzzles.js').then((m) => m.sudokuPuzzleEndpoints.dailyStats),
  'sudoku.custom': () => import('./sudoku-puzzles.js').then((m) => m.sudokuPuzzleEndpoints.custom),
  'sudoku.customCheck': () => import('./sudoku-puzzles.js').then((m) => m.sudokuPuzzleEndpoints.customCheck),
  'sudoku.levelStats': () => import('./sudoku-level-stats.js').then((m) => m.sudokuLevelStatsEndpoints.levelStats),
  'sudoku.hint': () => import('./sudoku.js').then((m) => m.sudokuEndpoints.hint),
  'sudoku.solvingPath': () => import('./sudoku-path.js').then((m) => m.sudokuPathEndpoints.solvingPath),
  'finance.getStock': () => import('./finance.js').then((m) => m.financeEndpoints.getStock),
  'finance.getFullStock': () => import('./finance.js').then((m) => m.financeEndpoints.getFullStock),
  'finance.search': () => import('./finance.js').then((m) => m.financeEndpoints.search),
  'finance.getWatchlist': () => import('./finance.js').then((m) => m.financeEndpoints.getWatchlist),
  'finance.addWatchlist': () => import('./finance.js').then((m) => m.financeEndpoints.addWatchlist),
  'finance.removeWatchlist': () => import('./finance.js').then((m) => m.financeEndpoints.removeWatchlist),
  'wallets.list': () => import('./wallets.js').then((m) => m.walletsEndpoints.list),
  'wallets.details': () => import('./wallets.js').then((m) => m.walletsEndpoints.details),
  'wallets.history': () => import('./wallets.js').then((m) => m.walletsEndpoints.history),
  'wallets.ledger': () => import('./wallets.js').then((m) => m.walletsEndpoints.ledger),
  'wallets.create': () => import('./wallets.js').then((m) => m.walletsEndpoints.create),
  'wallets.remove': () => import('./wallets.js').then((m) => m.walletsEndpoints.remove),
  'wallets.rename': () => import('./wallets.js').then((m) => m.walletsEndpoints.rename),
  'wallets.setActive': () => import('./wallets.js').then((m) => m.walletsEndpoints.setActive),
  'wallets.buy': () => import('./wallets.js').then((m) => m.walletsEndpoints.buy),
  'wallets.sell': () => import('./wallets.js').then((m) => m.walletsEndpoints.sell),
  'corporateActions.walletEvents': () =>
    import('./corporate-actions.js').then((m) => m.corporateActionsEndpoints.walletEvents),
  'orders.place': () => import('./orders.js').then((m) => m.ordersEndpoints.place),
  'orders.preview': () => import('./orders.js').then((m) => m.ordersEndpoints.preview),
  'orders.list': () => import('./orders.js').then((m) => m.ordersEndpoints.list),
  'orders.cancel': () => import('./orders.js').then((m) => m.ordersEndpoints.cancel),
  'walletReports.performance': () => import('./wallet-reports.js').then((m) => m.walletReportsEndpoints.performance),
  'walletReports.ledgerCsv': () => import('./wallet-reports.js').then((m) => m.walletReportsEndpoints.ledgerCsv),
  'weather.forecast': () => import('./weather.js').then((m) => m.weatherEndpoints.forecast),
  'weather.addFavorite': () => import('./weather.js').then((m) => m.weatherEndpoints.addFavorite),
  'weather.listFavorites': () => import('./weather.js').then((m) => m.weatherEndpoints.listFavorites),
  'weather.removeFavorite': () => import('./weather.js').then((m) => m.weatherEndpoints.removeFavorite),
  'preferences.get': () => import('./preferences.js').then((m) => m.preferencesEndpoints.get),
  'preferences.update': () => import('./preferences.js').then((m) => m.preferencesEndpoints.update),
  'geocoding.autocomplete': () => import('./geocoding.js').then((m) => m.geocodingEndpoints.autocomplete),
  'geocoding.place': () => import('./geocoding.js').then((m) => m.geocodingEndpoints.place),
  // `unknown`, not the loader's type: as a contextual type that would widen each loader's result to any endpoint.
} satisfies Record<EndpointName, unknown>;

/** The API's error format (every non-2xx answer), loaded like the endpoints. */
export const loadApiErrorSchema = () => import('./errors.js').then((m) => m.apiErrorSchema);

/** The endpoint named `N`, with its route and schemas' types. */
export type NamedEndpoint<N extends EndpointName> = Awaited<ReturnType<(typeof endpointLoaders)[N]>>;

type AllTrue<T extends Record<EndpointName, true>> = T;
/** Checked as it compiles: every loader gives an endpoint. */
export type LoadsEndpoints = AllTrue<{ [N in EndpointName]: NamedEndpoint<N> extends Endpoint ? true : false }>;

type Input<E, K extends 'body' | 'query'> = E extends { [P in K]: infer T extends z.ZodType } ? z.input<T> : never;

/** What a client sends as the body of `N` (zod's input: before defaults and coercion); `never` without a body. */
export type EndpointBodyInput<N extends EndpointName> = Input<NamedEndpoint<N>, 'body'>;
/** What a client sends as the query string of `N`; `never` without a query. */
export type EndpointQueryInput<N extends EndpointName> = Input<NamedEndpoint<N>, 'query'>;
/** What a client reads from a 200 answer of `N` once checked (zod's output); `unknown` when the answer is not JSON. */
export type EndpointAnswer<N extends EndpointName> =
  NamedEndpoint<N> extends { response: infer T extends z.ZodType } ? z.output<T> : unknown;
