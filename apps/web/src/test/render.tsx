import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';

/** Renders `ui` inside the app's providers and a MemoryRouter at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  // Tests assert on the first answer; retries would only slow failures down.
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  // No timer turn between a keystroke or click and the next: React has rendered each event's
  // updates before user-event returns (act), and the turns only made long typing slow.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={queryClient} env="test">
        {ui}
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, user, queryClient };
}
