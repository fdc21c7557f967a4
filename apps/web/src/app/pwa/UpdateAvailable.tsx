import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

interface UpdateAvailableProps {
  /** Activates the waiting service worker and reloads the page with the new version. */
  onReload: () => Promise<void> | void;
}

/**
 * The body of the 'new version' notification (docs/product.md#offline): the new version is used
 * on the next page load anyway; Reload takes it now.
 */
export function UpdateAvailable({ onReload }: UpdateAvailableProps) {
  const [reloading, setReloading] = useState(false);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">A new version is available</Text>
      <Button
        size="xs"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void onReload();
        }}
      >
        Reload
      </Button>
    </Group>
  );
}
