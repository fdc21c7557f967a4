import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockFetch, stubLocation } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { settled } from '../../test/settled';
import { LoginModal } from './LoginModal';

const loginSuccess = {
  code: 200,
  token: 'tok-123',
  user_id: 7,
  username: 'alice',
  csrf_token: 'csrf',
  is_admin: false,
  message: 'Login successful',
};

function renderLogin() {
  const view = renderWithProviders(<LoginModal opened onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Login' });
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Login' }));
  const fill = async (username: string, password: string) => {
    await view.user.type(within(dialog).getByLabelText(/Username/), username);
    await view.user.type(within(dialog).getByLabelText(/Password/), password);
  };
  return { ...view, dialog, submit, fill };
}

describe('LoginModal', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('requires both fields and sends nothing when they are empty', async () => {
    const fetchMock = mockFetch({});
    const { submit } = renderLogin();

    await submit();

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/login')).toHaveLength(0);
  });

  it('shows "Invalid username or password" on both fields for 401', async () => {
    mockFetch({ 'POST /api/login': apiError(401, 'Invalid username or password') });
    const { fill, submit } = renderLogin();

    await fill('alice', 'wrong-password');
    await submit();

    expect(await screen.findAllByText('Invalid username or password')).toHaveLength(2);
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows "User not found" on the username field for 404', async () => {
    mockFetch({ 'POST /api/login': apiError(404, 'No such user') });
    const { fill, submit } = renderLogin();

    await fill('nobody', 'whatever-password');
    await submit();

    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Password/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server message for 429', async () => {
    mockFetch({ 'POST /api/login': apiError(429, 'Too many login attempts. Try again in 5 minutes.') });
    const { fill, submit } = renderLogin();

    await fill('alice', 'password1');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts. Try again in 5 minutes.');
  });

  it('shows a readable alert when the server cannot be reached', async () => {
    mockFetch({ 'POST /api/login': { networkError: true } });
    const { fill, submit } = renderLogin();

    await fill('alice', 'password1');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/i);
    expect(console.error).toHaveBeenCalled();
  });

  it('stores the session and reloads the page on success', async () => {
    const location = stubLocation();
    const fetchMock = mockFetch({ 'POST /api/login': { body: loginSuccess } });
    const { fill, submit } = renderLogin();

    await fill(' alice ', 'correct-password');
    await submit();

    await vi.waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    expect(callsTo(fetchMock, 'POST', '/api/login')[0]?.body).toEqual({
      username: 'alice',
      password: 'correct-password',
    });
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('username')).toBe('alice');
  });

  it('submits with Enter', async () => {
    const location = stubLocation();
    mockFetch({ 'POST /api/login': { body: loginSuccess } });
    const { user, dialog } = renderLogin();

    await user.type(within(dialog).getByLabelText(/Username/), 'alice');
    await user.type(within(dialog).getByLabelText(/Password/), 'correct-password{Enter}');

    await vi.waitFor(() => expect(location.reload).toHaveBeenCalled(), { timeout: 30_000 });
  });

  it('offers no Forgot password? when the server cannot e-mail', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/options': { body: { password_reset_by_email: false } } });
    const { queryClient } = renderLogin();
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/options')).toHaveLength(1), { timeout: 30_000 });
    // The answer is parsed after it arrives (the schema loads lazily): wait until it is, and shown.
    await vi.waitFor(() => expect(queryClient.getQueryState(['auth', 'options'])?.status).toBe('success'), {
      timeout: 30_000,
    });
    await settled(queryClient, fetchMock);
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
  });

  it('with e-mail on the server, Forgot password? asks for the address and shows the neutral answer', async () => {
    const neutral = 'If that address has an account, a reset link is on its way.';
    const fetchMock = mockFetch({
      'GET /api/auth/options': { body: { password_reset_by_email: true } },
      'POST /api/password-reset/request': { body: { success: true, message: neutral } },
    });
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/password-reset/request')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Email/), 'dana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText(neutral)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/password-reset/request')[0]?.body).toEqual({ email: 'dana@example.com' });

    await user.click(within(dialog).getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });
});
