import { registerSW } from 'virtual:pwa-register';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { UpdateAvailable } from './UpdateAvailable';

const UPDATE_NOTIFICATION = 'site-update';

/**
 * Registers the service worker (docs/architecture.md#service-worker-and-offline). Loaded by
 * main.tsx after the first page, so none of it weighs on the first page. When a new version's
 * worker is installed and waiting, a notification offers Reload (activate it, then reload);
 * otherwise the new version is picked up on the next page load, because navigations go to the
 * network first.
 */
export function registerServiceWorker() {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: UPDATE_NOTIFICATION,
        color: 'blue',
        autoClose: false,
        message: createElement(UpdateAvailable, { onReload: () => updateServiceWorker(true) }),
      });
    },
    onRegisterError(error: unknown) {
      console.error('Could not register the service worker', error);
    },
  });
}
