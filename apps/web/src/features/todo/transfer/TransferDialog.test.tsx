import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { me, overview, todoList } from '../sidebar/test-fixtures';
import { TransferDialog } from './TransferDialog';

const FEED_URL = 'https://todo.example/api/todo/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';
const off = { url: null, active: false, created_at: null };

function renderDialog(routes: Parameters<typeof mockFetch>[0]) {
  setCookie('csrftoken', 'csrf-123');
  const fetchMock = mockFetch({
    'GET /api/me': { body: me },
    'GET /api/todo/lists': {
      body: overview([
        todoList(2, 'Home'),
        todoList(3, 'Old', { archived: true }),
        todoList(9, 'Family', { role: 'viewer', owner: { id: 12, username: 'sam' } }),
      ]),
    },
    'GET /api/todo/feed': { body: off },
    ...routes,
  });
  const onClose = vi.fn();
  const rendered = renderWithProviders(<TransferDialog opened onClose={onClose} />);
  return { ...rendered, fetchMock, onClose };
}

afterEach(() => vi.restoreAllMocks());

describe('TransferDialog', () => {
  it('imports pasted lines into a list I can add to and shows what was created and skipped', async () => {
    const { user, fetchMock } = renderDialog({
      'POST /api/todo/import': { body: { created: 2, skipped: [{ line: 3, reason: 'No list named “Nowhere”' }] } },
    });
    const form = await screen.findByRole('form', { name: 'Import tasks' });
    const into = within(form).getByRole('combobox', { name: 'Into' });
    // Archived lists and lists I only view are not offered.
    await waitFor(() =>
      expect(
        within(into)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Inbox', 'Home']),
    );

    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a file or paste the tasks');
    expect(callsTo(fetchMock, 'POST', '/api/todo/import')).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Format' }), 'text');
    await user.selectOptions(into, '2');
    await user.type(within(form).getByRole('textbox', { name: /Or paste/ }), '- [[ ] Water plants{enter}Read #Nowhere');
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText(/Created 2 tasks\. Skipped 1 line:/)).toBeInTheDocument();
    expect(within(form).getByRole('list', { name: 'Skipped lines' })).toHaveTextContent(
      'Line 3: No list named “Nowhere”',
    );
    expect(callsTo(fetchMock, 'POST', '/api/todo/import')[0]?.body).toEqual({
      format: 'text',
      content: '- [ ] Water plants\nRead #Nowhere',
      list_id: 2,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('sends a chosen file’s text, and says why the server refused it', async () => {
    const { user, fetchMock } = renderDialog({
      'POST /api/todo/import': apiError(400, "The CSV's header lacks TYPE"),
    });
    const form = await screen.findByRole('form', { name: 'Import tasks' });
    const csv = '\uFEFFTYPE,CONTENT\r\ntask,Milk\r\n';
    await user.upload(within(form).getByLabelText('File'), new File([csv], 'export.csv', { type: 'text/csv' }));
    expect(within(form).getByRole('textbox', { name: /Or paste/ })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent("The CSV's header lacks TYPE");
    expect(callsTo(fetchMock, 'POST', '/api/todo/import')[0]?.body).toMatchObject({
      format: 'todoist-csv',
      // Read as UTF-8, which drops the byte-order mark (the server drops one too).
      content: csv.slice(1),
      list_id: null,
    });
  });

  it('downloads the CSV under the server’s name', async () => {
    const { user, fetchMock } = renderDialog({});
    const csv = 'title,description\r\nMilk,\r\n';
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/api/todo/export.csv'
        ? new Response(csv, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="todo-2026-03-04.csv"',
            },
          })
        : (answer as NonNullable<typeof answer>)(input, init),
    );
    const createObjectURL = vi.fn(() => 'blob:todo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('todo-2026-03-04.csv');
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe(csv);
  });

  it('makes a feed address and shows it; a new one and turning off ask first', async () => {
    const { user, fetchMock } = renderDialog({
      'POST /api/todo/feed': { body: { url: FEED_URL, active: true, created_at: '2026-03-04T12:00:00.000Z' } },
      'DELETE /api/todo/feed': { body: off },
    });
    await user.click(await screen.findByRole('button', { name: 'Make a feed address' }));
    expect(await screen.findByRole('textbox', { name: 'Feed address' })).toHaveValue(FEED_URL);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/todo/feed')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'New address' }));
    const ask = await screen.findByRole('dialog', { name: 'New feed address' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', '/api/todo/feed')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn off the feed' });
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Make a feed address' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/todo/feed')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Feed address' })).toBeNull();
  });

  it('says a live feed’s address is shown only when made', async () => {
    renderDialog({
      'GET /api/todo/feed': { body: { url: null, active: true, created_at: '2026-03-04T12:00:00.000Z' } },
    });
    expect(await screen.findByText(/A feed address is live since .+ It is shown only when made/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New address' })).toBeInTheDocument();
  });
});
