import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY, clearStorage } from '../../lib/storage';
import { renderWithProviders } from '../../test/render';
import { ColorSchemeToggle } from './ColorSchemeToggle';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('ColorSchemeToggle', () => {
  it('starts on System and cycles Light, Dark, System, saving each choice', async () => {
    const { user } = renderWithProviders(<ColorSchemeToggle />);
    const button = () => screen.getByRole('button', { name: /^Colour scheme:/ });
    expect(button()).toHaveAccessibleName('Colour scheme: System. Switch to Light');

    await user.click(button());
    expect(button()).toHaveAccessibleName('Colour scheme: Light. Switch to Dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(scheme()).toBe('light');

    await user.click(button());
    expect(button()).toHaveAccessibleName('Colour scheme: Dark. Switch to System');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(scheme()).toBe('dark');

    await user.click(button());
    expect(button()).toHaveAccessibleName('Colour scheme: System. Switch to Light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('auto');
  });

  it('starts from the saved choice', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    renderWithProviders(<ColorSchemeToggle />);
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark. Switch to System' })).toBeInTheDocument();
  });

  it('survives Log Out clearing local storage', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    localStorage.setItem('weatherSearch', 'Paris');
    clearStorage();
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(localStorage.getItem('weatherSearch')).toBeNull();
  });
});
