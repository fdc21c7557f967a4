import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

// Mantine's own environment (portals on, not renderWithProviders' 'test'): what a closed Mantine
// Modal mounts is its portal.
const at = (opened: boolean) => (
  <MantineProvider>
    <Modal opened={opened} onClose={() => {}} title="Question">
      Sure?
    </Modal>
  </MantineProvider>
);
const portals = () => document.querySelectorAll('[data-portal], [data-mantine-shared-portal-node]').length;

describe('Modal', () => {
  it('mounts nothing, not even a portal, until it is first opened', () => {
    render(at(false));
    expect(portals()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as Mantine’s, and stays mounted once closed (so closing animates)', async () => {
    const { rerender } = render(at(false));
    rerender(at(true));
    expect(await screen.findByRole('dialog', { name: 'Question' })).toBeTruthy();
    rerender(at(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portals()).toBeGreaterThan(0);
  });

  it('gives the focus back to where it was when it opened, even when its content took the focus at once', async () => {
    // The content focuses itself as it is attached, before any passive effect of the opening commit
    // runs: what Mantine's focus trap does on a timer, and what happens first on a busy page.
    const grab = (input: HTMLInputElement | null) => input?.focus();
    const page = (opened: boolean) => (
      <MantineProvider>
        <button type="button">Search</button>
        <Modal opened={opened} onClose={() => {}} title="Quote">
          <input aria-label="Inside" ref={grab} />
        </Modal>
      </MantineProvider>
    );
    const { rerender } = render(page(false));
    const opener = screen.getByRole('button', { name: 'Search' });
    act(() => opener.focus());
    rerender(page(true));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Inside' })).toHaveFocus());
    rerender(page(false));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
