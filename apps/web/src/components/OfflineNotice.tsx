import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

export const OFFLINE_NOTICE = "You're offline — showing the last saved copy; changes are disabled";

/** docs/product.md#offline: above a page that shows its last saved copy read-only. */
export function OfflineNotice() {
  return (
    <Alert color="yellow" variant="light" icon={<IconWifiOff />} role="status">
      {OFFLINE_NOTICE}
    </Alert>
  );
}
