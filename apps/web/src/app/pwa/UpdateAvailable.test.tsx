import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UpdateAvailable } from './UpdateAvailable';

describe('UpdateAvailable', () => {
  it('says a new version is available and activates it on Reload, once', async () => {
    const onReload = vi.fn(() => new Promise<void>(() => {}));
    renderWithProviders(<UpdateAvailable onReload={onReload} />);
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    expect(onReload).toHaveBeenCalledTimes(1);
    // While the page reloads the button shows a loader and cannot be pressed again.
    expect(reload).toHaveAttribute('data-loading');
  });
});
