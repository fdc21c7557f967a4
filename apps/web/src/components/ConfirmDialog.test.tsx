import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

/** What the harness asks about; null closes the dialog, as the app's pages do. */
let setSubject: (subject: string | null) => void = () => {};

function Harness() {
  const [subject, set] = useState<string | null>('Water the plants');
  setSubject = set;
  return (
    <ConfirmDialog opened={subject !== null} title="Delete item" onCancel={vi.fn()} onConfirm={vi.fn()}>
      Are you sure you want to delete <strong>{subject}</strong>?
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('keeps showing the question it asked while it closes, though the caller cleared its subject', () => {
    // Not the app's test providers: they switch Mantine's transitions off, and this is about one.
    render(
      <MantineProvider>
        <Harness />
      </MantineProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Delete item' })).toHaveTextContent(
      'Are you sure you want to delete Water the plants?',
    );

    act(() => setSubject(null));
    // Mantine keeps the modal in the document for its exit transition.
    expect(screen.getByText(/Are you sure you want to delete/)).toHaveTextContent(
      'Are you sure you want to delete Water the plants?',
    );

    act(() => setSubject('Feed the cat'));
    expect(screen.getByRole('dialog', { name: 'Delete item' })).toHaveTextContent(
      'Are you sure you want to delete Feed the cat?',
    );
  });
});
