import { ActionIcon, Menu } from '@mantine/core';
import type { AdminUser } from '@site/contract';
import { IconDots, IconKey, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';

interface UserActionsProps {
  user: AdminUser;
  onDisable: (user: AdminUser) => void;
  onEnable: (user: AdminUser) => void;
  onResetLink: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** One user's actions; the admin's own row offers only a reset link (the server refuses the rest). */
export function UserActions({ user, onDisable, onEnable, onResetLink, onDelete }: UserActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.username}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!user.is_admin &&
          (user.disabled ? (
            <Menu.Item leftSection={<IconLockOpen size={14} />} onClick={() => onEnable(user)}>
              Enable
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconLock size={14} />} onClick={() => onDisable(user)}>
              Disable
            </Menu.Item>
          ))}
        <Menu.Item leftSection={<IconKey size={14} />} onClick={() => onResetLink(user)}>
          Reset link
        </Menu.Item>
        {!user.is_admin && (
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(user)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
