import { Button, Menu } from '@mantine/core';
import { IconBook, IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { appIcon } from '../../config/app-icons';
import { apps, docsPath } from '../../config/apps';

/** Seed §2 Layout: the four apps, then a Docs section with the same four names. */
export function AppsMenu() {
  const { pathname } = useLocation();
  const inApps = pathname.startsWith('/apps/') || pathname.startsWith('/docs/');

  return (
    <Menu position="bottom-start" width={220} shadow="md" offset={6} withinPortal>
      <Menu.Target>
        <Button variant={inApps ? 'light' : 'subtle'} color="gray" rightSection={<IconChevronDown size={14} />}>
          Apps
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {apps.map((app) => (
          <Menu.Item key={app.key} component={Link} to={app.path} leftSection={appIcon(app.key)}>
            {app.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>Docs</Menu.Label>
        {apps.map((app) => (
          <Menu.Item key={app.key} component={Link} to={docsPath(app.key)} leftSection={<IconBook size={16} />}>
            {app.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
