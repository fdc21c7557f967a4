import { Badge } from '@mantine/core';
import type { AdminUser } from '@site/contract';

export function UserStatusBadge({ user }: { user: AdminUser }) {
  if (user.is_admin)
    return (
      <Badge variant="light" color="violet">
        Admin
      </Badge>
    );
  if (user.disabled)
    return (
      <Badge variant="light" color="red">
        Disabled
      </Badge>
    );
  return (
    <Badge variant="light" color="teal">
      Active
    </Badge>
  );
}
