import { describe, expect, it } from 'vitest';
import { EXPORT_KEYS } from '../test/account-data.js';
import { AccountData, type AccountExportHead } from './account-data.js';

const head: AccountExportHead = {
  format: 'site-account-export',
  version: 1,
  exported_at: '2026-01-01T00:00:00.000Z',
  user: { id: 1, username: 'a', email: 'a@example.com', is_admin: false, created_at: '2026-01-01T00:00:00.000Z' },
};

/** Registers every part, in the reverse of the export's order. */
function complete(): AccountData {
  const data = new AccountData();
  data.register('wallets', { exportRows: async () => ({ wallets: [] }) });
  data.register('preferences', { exportRows: async () => ({ user_preferences: [] }) });
  data.register('watchlist', { exportRows: async () => ({ watchlist: [] }) });
  data.register('weather', { exportRows: async () => ({ weather_favorites: [] }) });
  data.register('sudoku', { exportRows: async () => ({ sudoku_games: [], sudoku_stats: {} }) });
  data.register('todos', {
    exportRows: async (userId) => ({
      todos: [{ user_id: userId }],
      todo_lists: [],
      todo_list_members: [],
      todo_labels: [],
      todo_task_labels: [],
      todo_checklist_items: [],
      todo_completions: [],
    }),
  });
  return data;
}

describe('AccountData', () => {
  it('builds the export in the published key order, not the order of registration', async () => {
    const exported = await complete().exportOf(7, head);
    expect(Object.keys(exported)).toEqual(EXPORT_KEYS);
    expect(exported.todos).toEqual([{ user_id: 7 }]);
  });

  it('refuses a part registered twice', () => {
    const data = complete();
    expect(() => data.register('todos', { exportRows: async () => ({ todos: [] }) })).toThrow(/twice/);
  });

  it('refuses to export without every part: the document would silently lack one', async () => {
    const data = new AccountData();
    data.register('todos', { exportRows: async () => ({ todos: [] }) });
    await expect(data.exportOf(1, head)).rejects.toThrow(/sudoku/);
  });
});
