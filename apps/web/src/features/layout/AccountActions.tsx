import { Button, Group, Skeleton, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useAuthModals, useMe } from '../auth';
import { useLogOut } from './use-log-out';

/** Right side of the top bar: Login/Signup for visitors, the username and Log Out otherwise. */
export function AccountActions() {
  const me = useMe();
  const { openLogin, openSignup } = useAuthModals();
  const { logOut, pending } = useLogOut();

  // Avoids flashing Login/Signup at a signed-in user while /api/me is on its way.
  if (me.isPending) return <Skeleton height={36} width={160} radius="sm" />;

  if (me.data) {
    return (
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconUser size={18} aria-hidden style={{ flexShrink: 0 }} />
          {/* A tablet's top bar has room for ~110 px of name beside the links and the badge. */}
          <Text fw={500} size="sm" maw={{ base: 110, md: 180 }} truncate="end" title={me.data.username}>
            {me.data.username}
          </Text>
        </Group>
        <Button variant="default" onClick={logOut} loading={pending} style={{ flexShrink: 0 }}>
          Log Out
        </Button>
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" onClick={openLogin}>
        Login
      </Button>
      <Button onClick={openSignup}>Signup</Button>
    </Group>
  );
}
