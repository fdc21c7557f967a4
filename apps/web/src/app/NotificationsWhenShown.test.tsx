import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsWhenShown } from './NotificationsWhenShown';

const portals = () => document.querySelectorAll('[data-portal]').length;

describe('NotificationsWhenShown', () => {
  afterEach(() => act(() => notifications.clean()));

  it('mounts no container until a notification is shown, then shows it', async () => {
    render(
      <MantineProvider>
        <NotificationsWhenShown />
      </MantineProvider>,
    );
    expect(portals()).toBe(0);
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('shows what was shown before it mounted', async () => {
    notifications.show({ message: 'Earlier' });
    render(
      <MantineProvider>
        <NotificationsWhenShown />
      </MantineProvider>,
    );
    expect(await screen.findByText('Earlier')).toBeTruthy();
  });
});
