import { Center, Loader } from '@mantine/core';
import { IconInbox, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { AdminPage, type AdminPanel } from '../../features/admin/AdminPage';
import { useProfile } from '../../features/home/api/profile';

const ProfilePanel = lazy(() =>
  import('../../features/home/admin/ProfilePanel').then((m) => ({ default: m.ProfilePanel })),
);

const InboxPanel = lazy(() => import('../../features/contact/InboxPanel').then((m) => ({ default: m.InboxPanel })));

/** A lazily loaded panel's place while its code arrives. */
const loading = (
  <Center py="xl">
    <Loader aria-label="Loading" />
  </Center>
);

/**
 * /admin, composed: the admin feature's own tabs (users, status, site notice) and the tabs other
 * features add, each a lazily loaded panel of its own feature.
 */
const panels: AdminPanel[] = [
  {
    value: 'profile',
    label: 'Profile',
    icon: <IconUserCircle size={16} />,
    panel: (
      <Suspense fallback={loading}>
        <ProfilePanel />
      </Suspense>
    ),
  },
  {
    value: 'inbox',
    label: 'Inbox',
    icon: <IconInbox size={16} />,
    panel: (
      <Suspense fallback={loading}>
        <InboxPanel />
      </Suspense>
    ),
  },
];

export function AdminRoute() {
  // The notice's {email} is the owner's address as the profile now has it (docs/product.md#home).
  const { profile } = useProfile();
  return <AdminPage panels={panels} noticeEmail={profile.contact_email} />;
}
