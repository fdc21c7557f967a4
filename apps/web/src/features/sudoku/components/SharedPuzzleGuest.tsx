import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { puzzleTextProblem, withoutSpaces } from '@site/contract';
import { IconShare } from '@tabler/icons-react';
import { useAuthModals } from '../../auth';

/**
 * A visitor who opens a share link (`/apps/sudoku/game?p=…`) signed out: what the link holds and that
 * signing in plays it. The link stays in the address, so the page starts the game once they are in.
 */
export function SharedPuzzleGuest({ puzzle }: { puzzle: string }) {
  const { openLogin, openSignup } = useAuthModals();
  const clues = puzzleTextProblem(puzzle) === null ? withoutSpaces(puzzle).replace(/[.0]/g, '').length : null;
  return (
    <Stack gap="lg">
      <Title order={1}>Sudoku</Title>
      <Card
        withBorder
        radius="md"
        padding="xl"
        maw={480}
        mx="auto"
        ta="center"
        component="section"
        aria-labelledby="shared-puzzle-heading"
      >
        <ThemeIcon size={48} radius="xl" variant="light" mx="auto" mb="md" aria-hidden>
          <IconShare size={26} />
        </ThemeIcon>
        <Title order={2} size="h3" id="shared-puzzle-heading">
          A Sudoku puzzle shared with you
        </Title>
        <Text mt="xs">
          Someone sent you this puzzle{clues === null ? '' : ` (${clues} clues)`}. Log in or sign up to play it: it
          opens as your own game, with your time, notes and hints saved to your account.
        </Text>
        <Group justify="center" mt="lg">
          <Button onClick={openLogin}>Login</Button>
          <Button variant="default" onClick={openSignup}>
            Signup
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
