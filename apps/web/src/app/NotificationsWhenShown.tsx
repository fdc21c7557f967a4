import { Notifications, type NotificationsProps, notificationsStore } from '@mantine/notifications';
import { useEffect, useState } from 'react';

const hasAny = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/**
 * Mantine's notifications' container, mounted when the first notification is shown (it stays
 * then). Mounted with the page, its portal and transition group set state as they mounted, which
 * React rendered again at once, in a blocking task, on every page
 * (docs/decisions.md#main-thread-work-after-the-first-paint). `notifications.show` keeps what it is
 * given in the store, and the container shows it as it mounts.
 */
export function NotificationsWhenShown(props: NotificationsProps) {
  const [shown, setShown] = useState(hasAny);
  useEffect(() => {
    if (shown) return;
    const check = () => {
      if (hasAny()) setShown(true);
    };
    check();
    return notificationsStore.subscribe(check);
  }, [shown]);
  return shown ? <Notifications {...props} /> : null;
}
