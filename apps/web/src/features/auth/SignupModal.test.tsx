import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockFetch, stubLocation } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { SignupModal } from './SignupModal';

const signupSuccess = {
  code: 200,
  token: 'tok-new',
  user_id: 12,
  username: 'bob',
  csrf_token: 'csrf',
  is_admin: false,
  message: 'Account created',
};

function renderSignup() {
  const view = renderWithProviders(<SignupModal opened onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Signup' });
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Signup' }));
  const fill = async (values: { username?: string; email?: string; password?: string }) => {
    if (values.username) await view.user.type(field(/Username/), values.username);
    if (values.email) await view.user.type(field(/Email/), values.email);
    if (values.password) await view.user.type(field(/Password/), values.password);
  };
  return { ...view, field, submit, fill };
}

describe('SignupModal', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a required message for every empty field', async () => {
    const fetchMock = mockFetch({});
    const { submit } = renderSignup();

    await submit();

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    // An entirely empty form cannot succeed, so it is not sent.
    expect(callsTo(fetchMock, 'POST', '/api/signup')).toHaveLength(0);
  });

  it('still sends a partly filled form (docs/product.md) and keeps the required message', async () => {
    const fetchMock = mockFetch({
      'POST /api/signup': apiError(400, 'Invalid request', { email: 'Email is required' }),
    });
    const { fill, submit } = renderSignup();

    await fill({ username: 'bob', password: 'long-enough-password' });
    await submit();

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/signup')).toHaveLength(1);
  });

  it('shows "Username or email is already taken" on username and email for 409', async () => {
    // The server does not say which of the two is taken (docs/api.md#errors).
    mockFetch({ 'POST /api/signup': apiError(409, 'Username or email is already taken') });
    const { fill, submit, field } = renderSignup();

    await fill({ username: 'bob', email: 'bob@example.com', password: 'long-enough-password' });
    await submit();

    expect(await screen.findAllByText('Username or email is already taken')).toHaveLength(2);
    expect(field(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Password/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's per-field messages for 400", async () => {
    mockFetch({
      'POST /api/signup': apiError(400, 'Invalid request', {
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 8 characters',
      }),
    });
    const { fill, submit } = renderSignup();

    await fill({ username: 'bo', email: 'bob@example.com', password: 'short' });
    await submit();

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('shows a readable alert for other errors', async () => {
    mockFetch({ 'POST /api/signup': apiError(500, 'Internal server error') });
    const { fill, submit } = renderSignup();

    await fill({ username: 'bob', email: 'bob@example.com', password: 'long-enough-password' });
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not create your account. Please try again.');
  });

  it('stores the session and reloads the page on success', async () => {
    const location = stubLocation();
    const fetchMock = mockFetch({ 'POST /api/signup': { body: signupSuccess } });
    const { fill, submit } = renderSignup();

    await fill({ username: 'bob', email: 'bob@example.com', password: 'long-enough-password' });
    await submit();

    await vi.waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1), { timeout: 30_000 });
    expect(callsTo(fetchMock, 'POST', '/api/signup')[0]?.body).toEqual({
      username: 'bob',
      email: 'bob@example.com',
      password: 'long-enough-password',
    });
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(localStorage.getItem('userId')).toBe('12');
    expect(localStorage.getItem('username')).toBe('bob');
  });
});
