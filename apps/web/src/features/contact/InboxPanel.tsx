import { Accordion, Badge, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CONTACT_INBOX_PAGE_SIZE, type ContactMessage } from '@site/contract';
import { IconMail, IconMailOpened, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { formatDateTime } from '../../lib/dates';
import { useInbox, useMarkMessage, useRemoveMessage } from './api/contact-api';

/** A reply in the admin's own mail program, to the address the visitor gave. */
export function replyLink(message: Pick<ContactMessage, 'email' | 'message'>): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const query = `subject=${encodeURIComponent('Re: your message')}&body=${encodeURIComponent(`\n\n${quoted}`)}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?${query}`;
}

/**
 * The admin's inbox of contact messages (docs/product.md#contact): newest first, unread ones
 * marked; opening one marks it read. Every word a visitor wrote is shown as text, never as HTML.
 */
export function InboxPanel() {
  const [page, setPage] = useState(1);
  const inbox = useInbox({ page, page_size: CONTACT_INBOX_PAGE_SIZE });
  const mark = useMarkMessage();
  const remove = useRemoveMessage();
  const [opened, setOpened] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ContactMessage | null>(null);

  const failed = (title: string) => (error: Error) =>
    notifications.show({ color: 'red', title, message: error.message });
  const setRead = (message: ContactMessage, read: boolean) =>
    mark.mutate({ id: message.id, read }, { onError: failed('Could not change the message') });

  if (inbox.isPending) return <PageLoader label="Loading messages…" />;
  if (inbox.isError) {
    return <LoadError title="Could not load the messages" error={inbox.error} onRetry={() => inbox.refetch()} />;
  }
  const { messages, total, unread, page_size } = inbox.data;
  const pages = Math.max(1, Math.ceil(total / page_size));
  // Deleting the last message of the last page leaves that page empty: go to the one before.
  if (page > pages && !inbox.isPlaceholderData) setPage(pages);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0
          ? 'No messages yet. What visitors send through the contact form on the home page lands here.'
          : `${total} ${total === 1 ? 'message' : 'messages'}, ${unread} unread`}
      </Text>
      {messages.length > 0 && (
        <Accordion
          variant="separated"
          value={opened}
          onChange={(value) => {
            setOpened(value);
            const message = messages.find((m) => String(m.id) === value);
            if (message && message.read_at === null) setRead(message, true);
          }}
        >
          {messages.map((message) => (
            <Accordion.Item key={message.id} value={String(message.id)}>
              <Accordion.Control
                icon={message.read_at === null ? <IconMail size={18} /> : <IconMailOpened size={18} />}
                aria-label={`${message.read_at === null ? 'Unread message' : 'Message'} from ${message.name}`}
              >
                <Stack gap={2} miw={0}>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={message.read_at === null ? 700 : 400} truncate>
                      {message.name}
                    </Text>
                    {message.read_at === null && (
                      <Badge size="xs" variant="filled" style={{ flexShrink: 0 }}>
                        New
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {message.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(message.created_at)}
                  </Text>
                </Stack>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    From {message.name} &lt;{message.email}&gt;
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
                  <Group gap="xs">
                    <Button component="a" href={replyLink(message)} size="xs" leftSection={<IconSend size={14} />}>
                      Reply
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={mark.isPending && mark.variables?.id === message.id}
                      onClick={() => setRead(message, message.read_at === null)}
                    >
                      {message.read_at === null ? 'Mark read' : 'Mark unread'}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setToDelete(message)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete message"
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => setToDelete(null),
            onError: failed('Could not delete the message'),
          });
        }}
      >
        Delete the message from {toDelete?.name}? This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
