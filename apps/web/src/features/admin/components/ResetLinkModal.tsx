import { ActionIcon, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { AdminUser, ResetLinkResponse } from '@site/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { FormAlert } from '../../../components/FormAlert';
import { Modal } from '../../../components/Modal';
import { formatDateTime } from '../../../lib/dates';

interface ResetLinkModalProps {
  user: AdminUser | null;
  link: ResetLinkResponse | undefined;
  error: Error | null;
  pending: boolean;
  onClose: () => void;
}

/** The one-time reset link the admin hands to a user, with a copy button and its expiry. */
export function ResetLinkModal({ user, link, error, pending, onClose }: ResetLinkModalProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Password reset link" centered size="lg">
      <Stack gap="md">
        {pending && <Text size="sm">Creating a link for {user?.username}…</Text>}
        <FormAlert title="No link was made">{error?.message}</FormAlert>
        {link && (
          <>
            <Text size="sm">
              Give this link to <strong>{user?.username}</strong>. It works once and until{' '}
              <strong>{formatDateTime(link.expires_at)}</strong>; using it ends all of their sessions.
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code
                block
                style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                aria-label="Reset link"
              >
                {link.url}
              </Code>
              <CopyButton value={link.url} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow position="left">
                    <ActionIcon
                      color={copied ? 'teal' : 'gray'}
                      variant="subtle"
                      size="lg"
                      onClick={copy}
                      aria-label={copied ? 'Copied' : 'Copy link'}
                    >
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
