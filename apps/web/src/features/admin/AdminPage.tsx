import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { IconActivity, IconLock, IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { RequireSignIn, useMe } from '../auth';
import { NoticePanel } from './components/NoticePanel';
import { StatusPanel } from './components/StatusPanel';
import { UsersPanel } from './components/UsersPanel';

const TABS = ['users', 'status', 'notice'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

export const NOT_ALLOWED = 'Only the site’s admin can open this page.';

/** /admin: users, the site's status and the home page notice; the admin only. */
export function AdminPage() {
  return (
    <RequireSignIn title="Admin" reason="The admin page is for the site's operator.">
      <AdminOnly />
    </RequireSignIn>
  );
}

function AdminOnly() {
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
  return <AdminTabs />;
}

function AdminTabs() {
  // The tab is in the address (?tab=status), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'users';
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
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="status">
          <StatusPanel />
        </Tabs.Panel>
        <Tabs.Panel value="notice">
          <NoticePanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
