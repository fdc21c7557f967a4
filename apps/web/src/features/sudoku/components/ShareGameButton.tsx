import { Button, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useId } from 'react';
import { shareLink } from '../logic/daily';
import { CopyTextButton } from './CopyTextButton';

/**
 * docs/product.md#game-appssudokugame: a link to this game's puzzle (its clues only, never the
 * player's digits), shown selectable with a Copy link button. Anyone signed in who opens it starts
 * their own game of the same puzzle.
 */
export function ShareGameButton({ share }: { share: string }) {
  const link = shareLink(window.location.origin, share);
  const titleId = useId();
  return (
    <Popover width={340} position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button size="xs" variant="light" leftSection={<IconShare size={16} aria-hidden />}>
          Share
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap="xs">
          <Text fw={600} size="sm" id={titleId}>
            Share this puzzle
          </Text>
          <Text size="sm">Anyone with this link can play the same puzzle from the start (your digits stay yours).</Text>
          <TextInput
            size="xs"
            readOnly
            label="Share link"
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <CopyTextButton value={link} label="Copy link" fallbackLabel="Link" />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
