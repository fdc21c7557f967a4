import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch, stubLocation } from '../../test/fetch-mock';
import { account, session } from '../../test/fixtures/account';
import { me } from '../../test/fixtures/session';
import { renderWithProviders } from '../../test/render';
import { AccountPage } from './AccountPage';
import { ADMIN_CANNOT_DELETE } from './components/DeleteAccountSection';

const sessions = { sessions: [session(1, { current: true, client: 'Chrome on Linux' }), session(2)] };

function signedIn(extra: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-123');
  return mockFetch({
    'GET /api/me': { body: me },
    'GET /api/account': { body: account },
    'GET /api/account/sessions': { body: sessions },
    ...extra,
  });
}

describe('AccountPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks a visitor to log in and loads nothing', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<AccountPage />);
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/account')).toHaveLength(0);
  });

  it('shows a loader, then the username, e-mail and sessions with This device', async () => {
    const fetchMock = signedIn();
    const held = holdRequests(fetchMock, 'GET', '/api/account');
    renderWithProviders(<AccountPage />);
    expect(await screen.findByRole('status', { name: 'Loading your account…' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText(account.email)).toBeInTheDocument();
    expect(screen.getByText(account.username)).toBeInTheDocument();
    const current = await screen.findByRole('listitem', { name: 'Chrome on Linux' });
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /End/ })).toBeNull();
    const other = screen.getByRole('listitem', { name: 'Firefox on Linux' });
    expect(within(other).getByText('Address 203.0.113.7')).toBeInTheDocument();
  });

  it('shows the error and retries when the account cannot load', async () => {
    signedIn({ 'GET /api/account': apiError(500, 'Database unavailable') });
    renderWithProviders(<AccountPage />);
    expect(await screen.findByText('Could not load your account')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('changes the e-mail with the password, and shows 409 as Email is already taken on the field', async () => {
    let taken = true;
    const fetchMock = signedIn({
      'PUT /api/account/email': (init) => {
        const body = JSON.parse(String(init?.body));
        if (taken) return apiError(409, 'That email belongs to another account');
        return { body: { success: true, email: body.email } };
      },
    });
    const { user } = renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const form = screen.getByRole('form', { name: 'Change email' });
    await user.click(within(form).getByRole('button', { name: 'Save email' }));
    expect(await within(form).findByText('This is already your email')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/account/email')).toHaveLength(0);

    const email = within(form).getByLabelText('New email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(within(form).getByLabelText(/Your password/), 'secret-pass');
    await user.click(within(form).getByRole('button', { name: 'Save email' }));
    expect(await within(form).findByText('Email is already taken')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/account/email')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'secret-pass',
    });

    taken = false;
    await user.click(within(form).getByRole('button', { name: 'Save email' }));
    expect(await screen.findByText('Your email is now new@example.com.')).toBeInTheDocument();
  });

  it('changes the password: checks the fields first, then says other sessions were ended', async () => {
    const fetchMock = signedIn({
      'POST /api/account/password': (init) =>
        JSON.parse(String(init?.body)).current_password === 'wrong-pass'
          ? apiError(403, 'The current password is wrong')
          : { body: { success: true, message: 'Password changed', ended_sessions: 2 } },
    });
    const { user } = renderWithProviders(<AccountPage />);
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('New password', { selector: 'input' }), 'short');
    await user.type(within(form).getByLabelText('Confirm new password'), 'other');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is required')).toBeInTheDocument();
    expect(within(form).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(form).getByText('The passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/account/password')).toHaveLength(0);

    const newPassword = within(form).getByLabelText('New password', { selector: 'input' });
    const confirm = within(form).getByLabelText('Confirm new password');
    await user.clear(newPassword);
    await user.type(newPassword, 'a-new-password');
    await user.clear(confirm);
    await user.type(confirm, 'a-new-password');
    await user.type(within(form).getByLabelText('Current password'), 'wrong-pass');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is wrong')).toBeInTheDocument();

    const current = within(form).getByLabelText('Current password');
    await user.clear(current);
    await user.type(current, 'old-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(/Your other sessions were ended \(2\)/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/account/password').at(-1)?.body).toEqual({
      current_password: 'old-password',
      new_password: 'a-new-password',
    });
  });

  it('ends another session after confirmation, and logs out everywhere back to the signed-out home', async () => {
    const location = stubLocation();
    localStorage.setItem('token', 'tok');
    const fetchMock = signedIn({
      'DELETE /api/account/sessions/2': { body: { success: true, ended: 1 } },
      'POST /api/account/sessions/end-all': { body: { success: true, ended: 2 } },
    });
    const { user } = renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'End session: Firefox on Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'End session' });
    expect(callsTo(fetchMock, 'DELETE', '/api/account/sessions/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/account/sessions/2')).toHaveLength(1));
    expect(
      new Headers(callsTo(fetchMock, 'DELETE', '/api/account/sessions/2')[0]?.init?.headers).get('X-CSRFToken'),
    ).toBe('csrf-123');

    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    const all = await screen.findByRole('dialog', { name: 'Log out everywhere' });
    await user.click(within(all).getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('downloads the export as a JSON file and says when it fails', async () => {
    let fail = true;
    signedIn({
      'GET /api/account/export': () =>
        fail ? apiError(500, 'Export failed on the server') : { body: { format: 'site-account-export', version: 1 } },
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
    expect(screen.getByText('Export failed on the server')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^dana-export-\d{4}-\d{2}-\d{2}\.json$/);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(JSON.parse(await blob.text())).toEqual({ format: 'site-account-export', version: 1 });
  });

  it('deletes the account only with the password, then goes home signed out', async () => {
    const location = stubLocation();
    const fetchMock = signedIn({
      'POST /api/account/delete': (init) =>
        JSON.parse(String(init?.body)).password === 'right-password'
          ? { body: { success: true } }
          : apiError(403, 'Wrong password'),
    });
    const { user } = renderWithProviders(<AccountPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/account/delete')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Your password/), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Wrong password')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();

    const password = within(dialog).getByLabelText(/Your password/);
    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/'));
  });

  it('shows the admin the delete button disabled, with the reason, and a link to /admin', async () => {
    signedIn({
      'GET /api/me': { body: { ...me, username: 'admin', is_admin: true } },
      'GET /api/account': { body: { ...account, username: 'admin', is_admin: true } },
    });
    renderWithProviders(<AccountPage />);
    const button = await screen.findByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    expect(screen.getByText(ADMIN_CANNOT_DELETE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
