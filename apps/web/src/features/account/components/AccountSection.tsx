import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccountSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Red border for the danger zone. */
  danger?: boolean;
}

/** One titled card of the account page; the heading names the section for screen readers. */
export function AccountSection({ title, description, children, danger }: AccountSectionProps) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card
      component="section"
      aria-labelledby={id}
      withBorder
      radius="md"
      padding="lg"
      style={danger ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={id} c={danger ? 'red' : undefined}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
