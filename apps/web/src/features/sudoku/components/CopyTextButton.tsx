import { Button, type ButtonProps, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyTextButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** The button's text, e.g. 'Copy result'. */
  label: string;
  /** What the field offered when the clipboard is refused is called, e.g. 'Result'. */
  fallbackLabel: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * Copies `value` to the clipboard and says so on the button ('Copied') and to screen readers. When
 * the browser refuses (no permission, or an insecure page), the text is offered in a read-only
 * field, selected, for the person to copy by hand.
 */
export function CopyTextButton({ value, label, fallbackLabel, size = 'xs', variant = 'light' }: CopyTextButtonProps) {
  const clipboard = useClipboard({ timeout: 2500 });
  return (
    <Stack gap={6}>
      <Button
        size={size}
        variant={variant}
        color={clipboard.copied ? 'teal' : undefined}
        leftSection={clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        onClick={() => clipboard.copy(value)}
      >
        {clipboard.copied ? 'Copied' : label}
      </Button>
      <VisuallyHidden role="status">{clipboard.copied ? 'Copied to the clipboard' : ''}</VisuallyHidden>
      {clipboard.error && (
        <div>
          <TextInput
            size="xs"
            readOnly
            label={fallbackLabel}
            value={value}
            // The text is selected at once, ready for Ctrl+C (or a long press on a phone).
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Text size="xs" c="dimmed" mt={4} role="alert">
            Copying was not allowed here: select the text and copy it yourself.
          </Text>
        </div>
      )}
    </Stack>
  );
}
