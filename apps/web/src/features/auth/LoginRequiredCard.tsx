import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useAuthModals } from './auth-modals-context';

interface LoginRequiredCardProps {
  /** Why this app needs an account, e.g. "Your to-do items are saved to your account." */
  reason?: string;
}

/** Shown by every per-user app in place of its content while nobody is signed in. */
export function LoginRequiredCard({ reason }: LoginRequiredCardProps) {
  const { openLogin, openSignup } = useAuthModals();
  return (
    <Card withBorder radius="md" padding="xl" maw={480} mx="auto" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
        <IconLock size={26} />
      </ThemeIcon>
      <Title order={2} size="h3">
        Please log in to use this app
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
