import type { ContactMessage } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, mockFetch, requestsTo } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { InboxPanel, replyLink } from './InboxPanel';

const message = (id: number, fields: Partial<ContactMessage> = {}): ContactMessage => ({
  id,
  name: `Visitor ${id}`,
  email: `visitor${id}@example.com`,
  message: `Message ${id}`,
  created_at: '2026-11-28T10:00:00.000Z',
  read_at: null,
  ...fields,
});
const page = (messages: ContactMessage[], unread = messages.filter((m) => !m.read_at).length) => ({
  messages,
  total: messages.length,
  unread,
  page: 1,
  page_size: 20,
});

describe('InboxPanel', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setCookie('csrftoken', 'csrf-123');
  });

  it('lists messages with the unread count; opening one shows it as text and marks it read', async () => {
    const evil = message(2, { name: '<b>Mallory</b>', message: '<script>alert(1)</script>\nSecond line' });
    const fetchMock = mockFetch({
      'GET /api/admin/contact': { body: page([evil, message(1, { read_at: '2026-11-28T11:00:00.000Z' })]) },
      'PATCH /api/admin/contact/2': { body: { message: { ...evil, read_at: '2026-11-29T00:00:00.000Z' } } },
    });
    const { user, container } = renderWithProviders(<InboxPanel />);
    expect(await screen.findByText('2 messages, 1 unread')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/admin/contact')[0]?.query).toEqual({ page: '1', page_size: '20' });

    await user.click(screen.getByRole('button', { name: 'Unread message from <b>Mallory</b>' }));
    // The preview line and the opened message, both as text.
    await waitFor(() => expect(screen.getAllByText(/<script>alert\(1\)<\/script>/)).toHaveLength(2));
    expect(screen.getByText('From <b>Mallory</b> <visitor2@example.com>')).toBeInTheDocument();
    expect(container.querySelector('b, script')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/admin/contact/2')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/contact/2')[0]?.body).toEqual({ read: true });
    // The reply goes to the visitor's address in the admin's own mail program.
    const reply = screen.getByRole('link', { name: 'Reply' });
    expect(reply.getAttribute('href')).toMatch(/^mailto:visitor2@example\.com\?subject=Re%3A%20your%20message&body=/);
  });

  it('marks a read message unread', async () => {
    const read = message(3, { read_at: '2026-11-28T11:00:00.000Z' });
    const fetchMock = mockFetch({
      'GET /api/admin/contact': { body: page([read]) },
      'PATCH /api/admin/contact/3': { body: { message: { ...read, read_at: null } } },
    });
    const { user } = renderWithProviders(<InboxPanel />);
    await user.click(await screen.findByRole('button', { name: 'Message from Visitor 3' }));
    await user.click(await screen.findByRole('button', { name: 'Mark unread' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/admin/contact/3')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/contact/3')[0]?.body).toEqual({ read: false });
  });

  it('deletes a message only after the question', async () => {
    const fetchMock = mockFetch({
      'GET /api/admin/contact': { body: page([message(4, { read_at: '2026-11-28T11:00:00.000Z' })]) },
      'DELETE /api/admin/contact/4': { body: { success: true } },
    });
    const { user } = renderWithProviders(<InboxPanel />);
    await user.click(await screen.findByRole('button', { name: 'Message from Visitor 4' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    expect(dialog).toHaveTextContent('Delete the message from Visitor 4? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/contact/4')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete message' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/admin/contact/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes back a page when the last message of the last page is deleted', async () => {
    const first = Array.from({ length: 20 }, (_, i) => message(i + 1, { read_at: '2026-11-28T11:00:00.000Z' }));
    const last = message(21, { read_at: '2026-11-28T11:00:00.000Z' });
    let deleted = false;
    // The answers in the order the panel asks: page 1, page 2, then after the delete page 2 (now
    // empty) and page 1 again.
    const answers = [
      { ...page(first), total: 21 },
      { ...page([last]), total: 21, page: 2 },
    ];
    const fetchMock = mockFetch({
      'GET /api/admin/contact': () => ({ body: answers.shift() ?? { ...page(first), total: 20 } }),
      'DELETE /api/admin/contact/21': () => {
        deleted = true;
        answers.push({ ...page([]), total: 20, page: 2 });
        return { body: { success: true } };
      },
    });
    const { user } = renderWithProviders(<InboxPanel />);
    await user.click(await screen.findByRole('button', { name: '2' }));
    await user.click(await screen.findByRole('button', { name: 'Message from Visitor 21' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('button', { name: 'Message from Visitor 1' })).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(requestsTo(fetchMock, 'GET', '/api/admin/contact').at(-1)?.query).toEqual({ page: '1', page_size: '20' });
  });

  it('says when the inbox is empty, and shows a failed load with a retry', async () => {
    mockFetch({ 'GET /api/admin/contact': { body: page([]) } });
    const { unmount } = renderWithProviders(<InboxPanel />);
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    unmount();

    mockFetch({ 'GET /api/admin/contact': apiError(403, 'Only the site administrator can do this.') });
    renderWithProviders(<InboxPanel />);
    expect(await screen.findByText('Could not load the messages')).toBeInTheDocument();
    expect(screen.getByText('Only the site administrator can do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('builds a reply link to the visitor with the message quoted', () => {
    expect(replyLink({ email: 'a.b+c@example.com', message: 'Hi\nthere' })).toBe(
      'mailto:a.b%2Bc@example.com?subject=Re%3A%20your%20message&body=%0A%0A%3E%20Hi%0A%3E%20there',
    );
  });
});
