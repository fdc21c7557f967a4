import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadErrorProps {
  /** What could not be loaded, e.g. "Could not load your to-do list". */
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A failed load: what failed, the server's readable message, and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title}>
      <Text size="sm">{error.message}</Text>
      <Button size="xs" mt="sm" variant="white" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
