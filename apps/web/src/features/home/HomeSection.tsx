import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function HomeSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
