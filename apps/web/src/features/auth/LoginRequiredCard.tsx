import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useAuthModals } from './auth-modals-context';

interface LoginRequiredCardProps {
  /** Why this app needs an account, e.g. "Your to-do items are saved to your account." */
  reason?: ReactNode;
  /** The card's heading; the apps' own wording unless a page has something more to say. */
  title?: string;
  /** The icon above the heading (a lock unless given). */
  icon?: ReactNode;
}

/** Shown by every per-user app in place of its content while nobody is signed in. */
export function LoginRequiredCard({
  reason,
  title = 'Please log in to use this app',
  icon = <IconLock size={26} />,
}: LoginRequiredCardProps) {
  const { openLogin, openSignup } = useAuthModals();
  const headingId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      maw={480}
      mx="auto"
      ta="center"
      component="section"
      aria-labelledby={headingId}
    >
      <ThemeIcon size={48} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {reason ?? 'Your data is saved to your account, so you need to be signed in.'}
      </Text>
      <Group justify="center" mt="lg">
        <Button onClick={openLogin}>Login</Button>
        <Button variant="default" onClick={openSignup}>
          Signup
        </Button>
      </Group>
    </Card>
  );
}
