import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { LINK_NOT_VALID, ResetPasswordPage } from './ResetPasswordPage';

const token = 'A'.repeat(43);
const route = `/reset-password?token=${token}`;
const checked = { username: 'dana', expires_at: '2026-11-24T22:00:00.000Z' };

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('checks the token, names the account, validates, sets the password and offers Log in', async () => {
    const fetchMock = mockFetch({
      'POST /api/password-reset/check': { body: checked },
      'POST /api/password-reset/confirm': { body: { success: true, message: 'Password set', username: 'dana' } },
    });
    const held = holdRequests(fetchMock, 'POST', '/api/password-reset/check');
    const { user } = renderWithProviders(<ResetPasswordPage />, { route });
    expect(await screen.findByRole('status', { name: 'Checking the reset link…' })).toBeInTheDocument();
    held.release();

    const form = await screen.findByRole('form', { name: 'Set a new password' });
    expect(within(form).getByText('dana')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/password-reset/check')[0]?.body).toEqual({ token });

    await user.type(within(form).getByLabelText('New password', { selector: 'input' }), 'short');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(form).getByText('The passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/password-reset/confirm')).toHaveLength(0);

    const password = within(form).getByLabelText('New password', { selector: 'input' });
    await user.clear(password);
    await user.type(password, 'brand-new-password');
    await user.type(within(form).getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('Your password is set')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/password-reset/confirm')[0]?.body).toEqual({
      token,
      new_password: 'brand-new-password',
    });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('says clearly when the link is used up or expired', async () => {
    mockFetch({ 'POST /api/password-reset/check': apiError(400, 'The reset link has expired or was used') });
    renderWithProviders(<ResetPasswordPage />, { route });
    expect(await screen.findByText(LINK_NOT_VALID)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('does not even ask the server about a link without a proper token', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    expect(await screen.findByText(LINK_NOT_VALID)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/password-reset/check')).toHaveLength(0);
  });

  it('offers to try again when the server cannot be reached, rather than calling the link bad', async () => {
    mockFetch({ 'POST /api/password-reset/check': { networkError: true } });
    renderWithProviders(<ResetPasswordPage />, { route });
    expect(await screen.findByText('Could not check the link')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the link as gone when it was used while the form was open', async () => {
    mockFetch({
      'POST /api/password-reset/check': { body: checked },
      'POST /api/password-reset/confirm': apiError(400, 'The reset link has expired or was used'),
    });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route });
    const form = await screen.findByRole('form', { name: 'Set a new password' });
    await user.type(within(form).getByLabelText('New password', { selector: 'input' }), 'brand-new-password');
    await user.type(within(form).getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(LINK_NOT_VALID)).toBeInTheDocument();
    expect(screen.getByText(/The reset link has expired or was used/)).toBeInTheDocument();
  });
});
