import { MantineProvider } from '@mantine/core';
import type { NotificationsProps } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { AuthModalsProvider } from '../features/auth';
import { colorSchemeManager } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';
import { themeCssVariables } from './theme-css-variables';

// The notifications' container downloads after the first render, and mounts with the first
// notification (NotificationsWhenShown): `notifications.show` keeps what is shown before it is
// there in its store, and the container shows it then. The pages that show
// notifications import the same module, so if it cannot be downloaded they cannot run either;
// nothing is shown then rather than an error.
const Notifications = lazy<ComponentType<NotificationsProps>>(() =>
  import('./NotificationsWhenShown').then(
    (module) => ({ default: module.NotificationsWhenShown }),
    (error: unknown) => {
      console.error('Could not load the notifications', error);
      return { default: () => null };
    },
  ),
);

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals for jsdom. */
  env?: 'default' | 'test';
}

/** Everything a page needs around it; the router goes outside so tests can use a MemoryRouter. */
export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      env={env}
      // The same style, worked out once rather than on every render (theme-css-variables.ts).
      withCssVariables={false}
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the theme's own variables, no one's input */}
      <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: themeCssVariables() }} />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          {/* Bottom right: at the top they covered the fixed header's Log Out and username. */}
          <Notifications position="bottom-right" />
        </Suspense>
        <AuthModalsProvider>{children}</AuthModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
