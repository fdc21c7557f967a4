import { Alert, Badge, Button, Card, CloseButton, Group, Kbd, List, Stack, Text, Title } from '@mantine/core';
import type { SudokuHint } from '@site/contract';
import { IconBulb } from '@tabler/icons-react';
import type { HintLevel } from '../logic/hint';

interface HintPanelProps {
  shown: { hint: SudokuHint; level: HintLevel } | null;
  used: number;
  loading: boolean;
  error: string | null;
  disabled: boolean;
  onAdvance: () => void;
  onDismiss: () => void;
}

/** The button's label says what the next press does (docs/product.md#sudoku-hints: three levels). */
function nextLabel(shown: HintPanelProps['shown']): string {
  if (!shown || shown.hint.kind === 'solved') return 'Hint';
  if (shown.hint.kind === 'mistake') return 'Clear the wrong digits';
  return shown.level === 1 ? 'Show more' : 'Apply';
}

function areaText(hint: Extract<SudokuHint, { kind: 'step' }>): string {
  return hint.area
    ? `Look at ${hint.area.unit} ${hint.area.index}.`
    : 'The pattern spans several rows, columns and boxes.';
}

/** What the hint says at its level; only level 2 tells the cells and why. */
function HintBody({ hint, level }: { hint: SudokuHint; level: HintLevel }) {
  switch (hint.kind) {
    case 'solved':
      return <Text size="sm">{hint.text}</Text>;
    case 'mistake':
      return (
        <Text size="sm">
          There is a wrong digit on the board: {hint.cells.length === 1 ? 'the outlined cell' : 'the outlined cells'}.
        </Text>
      );
    case 'reveal':
      return level === 1 ? (
        <Text size="sm">No technique finds the next step here: one cell can be revealed.</Text>
      ) : (
        <Text size="sm">{hint.text}</Text>
      );
    case 'step':
      return (
        <Stack gap={6}>
          <Text size="sm" fw={600} data-testid="hint-technique">
            {hint.name}
          </Text>
          <Text size="sm">{areaText(hint)}</Text>
          {level === 2 && (
            <>
              <Text size="sm">{hint.text}</Text>
              {hint.candidates.length > 0 && (
                <List size="sm" spacing={2} aria-label="Candidates involved">
                  {hint.candidates.map(({ cell, digits }) => (
                    <List.Item key={cell}>
                      {cell}: {digits.join(', ')}
                    </List.Item>
                  ))}
                </List>
              )}
            </>
          )}
        </Stack>
      );
  }
}

/** The hint beside the board: the button, the count, and what the hint says (read out politely). */
export function HintPanel({ shown, used, loading, error, disabled, onAdvance, onDismiss }: HintPanelProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sudoku-hint-heading">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="sudoku-hint-heading">
          Hint
        </Title>
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" color="gray">
            Hints used: {used}
          </Badge>
          {shown && <CloseButton size="sm" aria-label="Hide the hint" onClick={onDismiss} />}
        </Group>
      </Group>
      <div aria-live="polite" data-testid="hint-panel">
        {shown && (
          <Stack gap="xs" mb="sm">
            <HintBody hint={shown.hint} level={shown.level} />
          </Stack>
        )}
        {error && (
          <Alert color="red" mb="sm" title="Could not get a hint">
            {error}
          </Alert>
        )}
      </div>
      <Button
        fullWidth
        variant="light"
        color="yellow"
        leftSection={<IconBulb size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            H
          </Kbd>
        }
        aria-keyshortcuts="h"
        loading={loading}
        disabled={disabled}
        onClick={onAdvance}
      >
        {nextLabel(shown)}
      </Button>
    </Card>
  );
}
