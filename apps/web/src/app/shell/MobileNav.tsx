import { Badge, Divider, Drawer, NavLink, Stack, Text, useMantineColorScheme } from '@mantine/core';
import {
  IconBriefcase,
  IconBuilding,
  IconFolder,
  IconHome,
  IconLogin,
  IconLogout,
  IconShieldLock,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { SegmentedChoice } from '../../components/SegmentedChoice';
import { appIcon } from '../../config/app-icons';
import { apps } from '../../config/apps';
import { useAuthModals, useMe } from '../../features/auth';
import { colorSchemeOptions } from './color-scheme-options';
import { MobileWarning } from './MobileWarning';
import { useLogOut } from './use-log-out';

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
}

const soon = (
  <Badge size="xs" variant="light" color="gray">
    Soon
  </Badge>
);

/** docs/product.md#layout: the phone-sized slide-in sidebar that replaces the top bar. */
export function MobileNav({ opened, onClose }: MobileNavProps) {
  const { pathname } = useLocation();
  const me = useMe();
  const { openLogin, openSignup } = useAuthModals();
  const { logOut, pending } = useLogOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  const openModal = (open: () => void) => () => {
    onClose();
    open();
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Navigation" size="80%" padding="md">
      <Stack gap="md">
        <MobileWarning />
        <nav aria-label="Main">
          <NavLink
            component={Link}
            to="/"
            label="Home"
            leftSection={<IconHome size={18} />}
            active={pathname === '/'}
            onClick={onClose}
          />
          {/* Placeholders kept from the seed's sidebar; they have no pages yet. aria-disabled: an
              inactive control, exempt from the contrast minimum (WCAG 1.4.3). */}
          <NavLink aria-disabled label="Work" leftSection={<IconBriefcase size={18} />} rightSection={soon} disabled />
          <NavLink
            aria-disabled
            label="Company"
            leftSection={<IconBuilding size={18} />}
            rightSection={soon}
            disabled
          />
          <NavLink aria-disabled label="Careers" leftSection={<IconUsers size={18} />} rightSection={soon} disabled />
          {me.data ? (
            <>
              <NavLink
                component={Link}
                to="/account"
                label="Account"
                description={me.data.username}
                leftSection={<IconUserCircle size={18} />}
                active={pathname === '/account'}
                onClick={onClose}
              />
              {me.data.is_admin && (
                <NavLink
                  component={Link}
                  to="/admin"
                  label="Admin"
                  leftSection={<IconShieldLock size={18} />}
                  active={pathname === '/admin'}
                  onClick={onClose}
                />
              )}
              <NavLink
                component="button"
                label="Log Out"
                description={`Signed in as ${me.data.username}`}
                leftSection={<IconLogout size={18} />}
                onClick={logOut}
                disabled={pending}
              />
            </>
          ) : (
            <>
              <NavLink
                component="button"
                label="Log in"
                leftSection={<IconLogin size={18} />}
                onClick={openModal(openLogin)}
              />
              <NavLink
                component="button"
                label="Sign Up"
                leftSection={<IconUserPlus size={18} />}
                onClick={openModal(openSignup)}
              />
            </>
          )}
        </nav>
        <Divider />
        <nav aria-label="Apps">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
            Apps
          </Text>
          {apps.map((app) => (
            <NavLink
              key={app.key}
              component={Link}
              to={app.path}
              label={app.label}
              leftSection={appIcon(app.key, 18)}
              active={pathname.startsWith(app.path)}
              onClick={onClose}
            />
          ))}
          <NavLink
            component={Link}
            to="/portfolio"
            label="Portfolio"
            leftSection={<IconFolder size={18} />}
            active={pathname === '/portfolio'}
            onClick={onClose}
          />
        </nav>
        <Divider />
        <Stack gap={4} px="sm">
          <Text id="mobile-color-scheme" size="xs" fw={700} c="dimmed" tt="uppercase">
            Colour scheme
          </Text>
          <SegmentedChoice
            aria-labelledby="mobile-color-scheme"
            fullWidth
            data={[...colorSchemeOptions]}
            value={colorScheme}
            onChange={(value) => setColorScheme(value as typeof colorScheme)}
          />
        </Stack>
      </Stack>
    </Drawer>
  );
}
