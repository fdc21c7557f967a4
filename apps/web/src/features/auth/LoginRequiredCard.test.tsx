import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LoginRequiredCard } from './LoginRequiredCard';

describe('LoginRequiredCard', () => {
  it('opens the login and signup modals', async () => {
    const { user } = renderWithProviders(<LoginRequiredCard />);
    expect(screen.getByRole('heading', { name: 'Please log in to use this app' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findByRole('dialog', { name: 'Signup' })).toBeInTheDocument();
  });
});
