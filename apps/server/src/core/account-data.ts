import type { AccountExport } from '@site/contract';

/**
 * What each feature contributes to a user's account data (docs/api.md#export), by name, so the
 * auth feature can export and delete an account without importing the features that own its
 * rows (features never import each other; docs/architecture.md). Each entry is one part of the
 * export document: the keys it fills, typed here so the part and the export agree.
 *
 * Deleting an account needs no part: every table a user owns references the user (or one of their
 * wallets) with ON DELETE CASCADE, so deleting the user's row in usersRepository.remove removes all
 * of it in one transaction, in the lock order of db/user-lock.ts (features/auth/account/
 * account-delete.test.ts checks every user-owned table the schema has). No feature keeps files or
 * per-user caches today; one that does would add a deletion step to its part here, run inside
 * that transaction after the user's row is locked.
 */
export interface AccountDataParts {
  /** features/todo: the to-dos (tasks), and the lists, memberships, labels and rows of the tasks. */
  todos: Pick<
    AccountExport,
    | 'todos'
    | 'todo_lists'
    | 'todo_list_members'
    | 'todo_labels'
    | 'todo_task_labels'
    | 'todo_checklist_items'
    | 'todo_completions'
  >;
  /** features/sudoku: the games, and their stats as GET /api/sudoku/stats answers them. */
  sudoku: Pick<AccountExport, 'sudoku_games' | 'sudoku_stats'>;
  /** features/weather: saved locations. */
  weather: Pick<AccountExport, 'weather_favorites'>;
  /** features/finance */
  watchlist: Pick<AccountExport, 'watchlist'>;
  /** features/preferences */
  preferences: Pick<AccountExport, 'user_preferences'>;
  /** features/wallets: each wallet with its holdings, trades, history, corporate actions and orders. */
  wallets: Pick<AccountExport, 'wallets'>;
}
export type AccountDataPartName = keyof AccountDataParts;

/** The parts in the order the export lists their keys: the export's format is public, so is its order. */
export const ACCOUNT_DATA_PART_ORDER: readonly AccountDataPartName[] = [
  'todos',
  'sudoku',
  'weather',
  'watchlist',
  'preferences',
  'wallets',
];

/** The keys the auth feature fills itself (the document's head and the user's own row). */
export type AccountExportHead = Pick<AccountExport, 'format' | 'version' | 'exported_at' | 'user'>;

// Every key of the export is the head's or one part's: a key added to the contract without a part
// does not compile here.
type PartKeys = { [K in AccountDataPartName]: keyof AccountDataParts[K] }[AccountDataPartName];
const everyKeyHasAPart: Record<Exclude<keyof AccountExport, keyof AccountExportHead | PartKeys>, never> = {};
void everyKeyHasAPart;

export interface AccountDataPart<K extends AccountDataPartName> {
  /**
   * The user's rows of this part, read through the feature's repository outside any transaction
   * (an export taken while the user changes data elsewhere may show part of that change).
   */
  exportRows(userId: number): Promise<AccountDataParts[K]>;
}

/** One per app instance, in `app.deps.accountData`; each feature registers its part as it registers. */
export class AccountData {
  private readonly parts = new Map<AccountDataPartName, AccountDataPart<AccountDataPartName>>();

  /** Registers `name`'s part; a second registration of a name is a programming error. */
  register<K extends AccountDataPartName>(name: K, part: AccountDataPart<K>): void {
    if (this.parts.has(name)) throw new Error(`Account data part ${name} is registered twice`);
    this.parts.set(name, part as unknown as AccountDataPart<AccountDataPartName>);
  }

  /**
   * Every part of the user's export, read at once and listed in ACCOUNT_DATA_PART_ORDER after the
   * head. A part no feature registered is a programming error: the export would silently lack it.
   */
  async exportOf(userId: number, head: AccountExportHead): Promise<AccountExport> {
    const parts = await Promise.all(ACCOUNT_DATA_PART_ORDER.map((name) => this.part(name).exportRows(userId)));
    return Object.assign({ ...head }, ...parts) as AccountExport;
  }

  private part(name: AccountDataPartName): AccountDataPart<AccountDataPartName> {
    const part = this.parts.get(name);
    if (!part) throw new Error(`No feature registered the account data part ${name}`);
    return part;
  }
}
