import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The 404 page: the router's catch-all, and any page whose address names nothing (e.g. docs of an unknown app). */
export function NotFoundPage({ message }: { message?: string }) {
  return (
    <Stack align="center" gap="sm" py={48} ta="center">
      <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" maw={420}>
        {message ?? 'The page you are looking for does not exist or has moved.'}
      </Text>
      <Button component={Link} to="/" variant="light" leftSection={<IconArrowLeft size={16} />} mt="sm">
        Back to home
      </Button>
    </Stack>
  );
}
