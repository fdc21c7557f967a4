import { ActionIcon, Button, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconShieldLock, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuthModals, useMe } from '../../features/auth';
import { useLogOut } from './use-log-out';

/**
 * Right side of the top bar: Login/Signup for visitors, the username and Log Out otherwise. The
 * username links to /account, and the admin gets a shield linking to /admin (plain links, not a
 * menu: Mantine's Menu would weigh on the first page, docs/architecture.md#the-web-app-appswebsrc).
 */
export function AccountActions() {
  const me = useMe();
  const { openLogin, openSignup } = useAuthModals();
  const { logOut, pending } = useLogOut();

  // Avoids flashing Login/Signup at a signed-in user while /api/me is on its way.
  if (me.isPending) return <Skeleton height={36} width={160} radius="sm" />;

  if (me.data) {
    return (
      <Group gap="sm" wrap="nowrap" miw={0}>
        <UnstyledButton
          component={Link}
          to="/account"
          // Name and visible text agree (WCAG 2.5.3): axe refuses the name in brackets.
          aria-label={`Account: ${me.data.username}`}
          title="Account"
          miw={0}
          style={{ display: 'flex', alignItems: 'center', gap: 6 }}
        >
          <IconUser size={18} aria-hidden style={{ flexShrink: 0 }} />
          {/* A tablet's top bar has room for ~110 px of name beside the links and the badge. */}
          <Text fw={500} size="sm" maw={{ base: 110, md: 180 }} truncate="end" td="underline dotted">
            {me.data.username}
          </Text>
        </UnstyledButton>
        {/* From 992 px: a tablet's bar has no room for it beside the name (the account page links to Admin). */}
        {me.data.is_admin && (
          <ActionIcon
            visibleFrom="md"
            component={Link}
            to="/admin"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Admin"
            title="Admin"
          >
            <IconShieldLock size={18} />
          </ActionIcon>
        )}
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
