import { Menu } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { appIcon } from '../../config/app-icons';
import { apps, docsPath } from '../../config/apps';
import { AppsButton } from './AppsButton';

export interface AppsMenuDropdownProps {
  variant: 'light' | 'subtle';
  /** Open at once: the stand-in button was clicked while this code was downloading. */
  defaultOpened: boolean;
  /** The stand-in button had keyboard focus. */
  focusOnMount: boolean;
}

/** docs/product.md#layout: the four apps, then a Docs section with the same four names (loaded by AppsMenu). */
export function AppsMenuDropdown({ variant, defaultOpened, focusOnMount }: AppsMenuDropdownProps) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) target.current?.focus();
  }, [focusOnMount]);

  return (
    <Menu position="bottom-start" width={220} shadow="md" offset={6} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AppsButton ref={target} variant={variant} />
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
