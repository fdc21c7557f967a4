import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
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
});
