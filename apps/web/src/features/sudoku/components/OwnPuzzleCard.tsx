import { Alert, Badge, Button, Card, Flex, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { puzzleTextProblem, withoutSpaces } from '@site/contract';
import { IconAlertCircle, IconChecks, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useCheckPuzzle, useStartCustom } from '../api/use-sudoku';
import { capitalize } from '../logic/format';
import { gameUrl } from './PlayCard';

const CELLS = 81;

/** A refusal the server explained (400: the reason) or another failure (its message). */
function Refusal({ error, what }: { error: Error; what: string }) {
  const refused = isApiError(error, 400);
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle />}
      title={refused ? 'This puzzle cannot be played' : `Could not ${what} the puzzle`}
    >
      <Text size="sm">{error.message}</Text>
    </Alert>
  );
}

/**
 * docs/product.md#menu-appssudoku: the player's own puzzle, typed or pasted as 81 characters. The
 * text is checked as it is typed with the contract's schema (length, characters); Check puzzle asks
 * the server for one solution and a grade, and Start opens a game of it.
 */
export function OwnPuzzleCard() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const check = useCheckPuzzle();
  const start = useStartCustom();

  const cells = withoutSpaces(text).length;
  // The contract's rule for puzzle text: the server's own first check.
  const problem = cells === 0 ? null : puzzleTextProblem(text);
  const ready = cells > 0 && problem === null;

  const onChange = (value: string) => {
    setText(value);
    // A grade or refusal was about the text as it was.
    check.reset();
    start.reset();
  };

  const startGame = () =>
    start.mutate(text, {
      onSuccess: (game) => navigate(gameUrl(game.id)),
      // A refusal is shown under the buttons; anything else is logged as well.
      onError: (error) => {
        if (!isApiError(error, 400)) console.error('Failed to start the puzzle', error);
      },
    });

  let result: ReactNode = null;
  if (start.isError) {
    result = <Refusal error={start.error} what="start" />;
  } else if (check.isError) {
    result = <Refusal error={check.error} what="check" />;
  } else if (check.data) {
    const grade = check.data;
    result = (
      <Alert color="teal" icon={<IconChecks />} title={`One solution · ${capitalize(grade.difficulty)}`}>
        <Stack gap={6}>
          {grade.difficulty === 'expert' ? (
            <Text size="sm">
              {grade.clues} clues. It needs guessing: the techniques below help only part of the way, and hints reveal a
              cell wherever none helps.
            </Text>
          ) : (
            <Text size="sm">{grade.clues} clues. Techniques needed, simplest first:</Text>
          )}
          <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Techniques needed">
            {grade.techniques.map((technique) => (
              <Badge key={technique} component="li" variant="light" color="gray" tt="none">
                {capitalize(technique)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sudoku-own-heading">
      <Stack gap="md">
        <div>
          <Group gap="xs">
            <IconPencil size={22} aria-hidden color="var(--mantine-color-grape-6)" />
            <Title order={2} size="h3" id="sudoku-own-heading">
              Your own puzzle
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Type or paste a puzzle from a book or another app: 81 characters row by row, digits 1–9 for clues and '.' or
            '0' for empty cells. Spaces and line breaks are ignored.
          </Text>
        </div>
        <Textarea
          label="Puzzle"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
          autosize
          minRows={3}
          maxRows={9}
          spellCheck={false}
          autoComplete="off"
          description={`${cells} of ${CELLS} cells`}
          error={problem}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
        />
        <Flex gap="sm" wrap="wrap">
          <Button
            style={{ flex: '1 1 auto' }}
            variant="default"
            leftSection={<IconChecks size={18} aria-hidden />}
            disabled={!ready || start.isPending}
            loading={check.isPending}
            onClick={() => check.mutate(text)}
          >
            Check puzzle
          </Button>
          <Button
            style={{ flex: '1 1 auto' }}
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            disabled={!ready || check.isPending}
            loading={start.isPending}
            onClick={startGame}
          >
            Start
          </Button>
        </Flex>
        <div aria-live="polite">{result}</div>
      </Stack>
    </Card>
  );
}
