import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ComingSoonProps {
  title: string;
  children?: ReactNode;
}

/** Stand-in for an app page that has not been built yet. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
            <IconHammer size={26} />
          </ThemeIcon>
          <Text fw={600}>This app is being built.</Text>
          <Text c="dimmed" size="sm">
            It will appear here soon. Check back later!
          </Text>
          {children}
        </Stack>
      </Card>
    </Stack>
  );
}
