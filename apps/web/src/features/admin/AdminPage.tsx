import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { IconActivity, IconLock, IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { siteConfig } from '../../config/site';
import { RequireSignIn, useMe } from '../auth';
import { NoticePanel } from './components/NoticePanel';
import { StatusPanel } from './components/StatusPanel';
import { UsersPanel } from './components/UsersPanel';

/** A tab another feature adds to /admin (composed in app/routes/AdminRoute.tsx). */
export interface AdminPanel {
  /** Its value in the address: /admin?tab=<value>. */
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

const OWN_TABS = ['users', 'status', 'notice'];

export const NOT_ALLOWED = 'Only the site’s admin can open this page.';

/**
 * /admin: users, the site's status, the home page notice and the tabs of other features; the admin
 * only. `noticeEmail`: the owner's address from their profile, which the notice's `{email}` shows
 * (the first start's until the composer passes it).
 */
export function AdminPage({
  panels = [],
  noticeEmail = siteConfig.contactEmail,
}: {
  panels?: AdminPanel[];
  noticeEmail?: string;
}) {
  return (
    <RequireSignIn title="Admin" reason="The admin page is for the site's operator.">
      <AdminOnly panels={panels} noticeEmail={noticeEmail} />
    </RequireSignIn>
  );
}

function AdminOnly({ panels, noticeEmail }: { panels: AdminPanel[]; noticeEmail: string }) {
  const me = useMe();
  // The server refuses every admin call to anyone else (403); this only spares them a broken page.
  if (!me.data?.is_admin) {
    return (
      <Stack gap="lg">
        <Title order={1}>Admin</Title>
        <Alert color="orange" variant="light" icon={<IconLock />} title="Not allowed" role="alert">
          {NOT_ALLOWED}
        </Alert>
      </Stack>
    );
  }
  return <AdminTabs panels={panels} noticeEmail={noticeEmail} />;
}

function AdminTabs({ panels, noticeEmail }: { panels: AdminPanel[]; noticeEmail: string }) {
  // The tab is in the address (?tab=status), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') ?? '';
  const known = [...OWN_TABS, ...panels.map((p) => p.value)];
  const tab = known.includes(tabParam) ? tabParam : 'users';
  return (
    <Stack gap="lg">
      <Title order={1}>Admin</Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'users' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="status" leftSection={<IconActivity size={16} />}>
            Status
          </Tabs.Tab>
          <Tabs.Tab value="notice" leftSection={<IconSpeakerphone size={16} />}>
            Site notice
          </Tabs.Tab>
          {panels.map((p) => (
            <Tabs.Tab key={p.value} value={p.value} leftSection={p.icon}>
              {p.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="status">
          <StatusPanel />
        </Tabs.Panel>
        <Tabs.Panel value="notice">
          <NoticePanel email={noticeEmail} />
        </Tabs.Panel>
        {panels.map((p) => (
          <Tabs.Panel key={p.value} value={p.value}>
            {p.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
