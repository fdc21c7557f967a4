import { ActionIcon, Badge, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  NOTICE_PARAGRAPH_MAX,
  NOTICE_PARAGRAPHS_MAX,
  NOTICE_TITLE_MAX,
  type SiteNotice,
  type SiteNoticeResponse,
} from '@site/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { LoadError } from '../../../components/LoadError';
import { NoticeCard } from '../../../components/NoticeCard';
import { PageLoader } from '../../../components/PageLoader';
import { siteConfig } from '../../../config/site';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useAdminNotice, useResetNotice, useUpdateNotice } from '../api/use-admin';

const configNotice = (): SiteNotice => ({
  title: siteConfig.notice.title,
  paragraphs: [...siteConfig.notice.paragraphs],
});
const shown = (answer: SiteNoticeResponse): SiteNotice =>
  answer.notice ? { title: answer.notice.title, paragraphs: answer.notice.paragraphs } : configNotice();

/**
 * Site notice: edit the home page's notice (title and paragraphs) with a live preview, or go back
 * to the config's. `email` is the owner's address from their profile, which `{email}` becomes on
 * the home page (passed in by app/routes/AdminRoute.tsx: features do not read each other).
 */
export function NoticePanel({ email }: { email: string }) {
  const notice = useAdminNotice();
  if (notice.isPending) return <PageLoader label="Loading the notice…" />;
  if (notice.isError)
    return <LoadError title="Could not load the notice" error={notice.error} onRetry={() => notice.refetch()} />;
  return <NoticeEditor answer={notice.data} email={email} />;
}

function NoticeEditor({ answer, email }: { answer: SiteNoticeResponse; email: string }) {
  const update = useUpdateNotice();
  const reset = useResetNotice();
  const form = useForm<SiteNotice>({
    initialValues: shown(answer),
    // Each paragraph's message goes under its own field (`paragraphs.2`).
    validate: (values) => {
      const errors: Record<string, string | null> = {
        title: !values.title.trim()
          ? 'Title is required'
          : values.title.length > NOTICE_TITLE_MAX
            ? `At most ${NOTICE_TITLE_MAX} characters`
            : null,
      };
      values.paragraphs.forEach((value, index) => {
        errors[`paragraphs.${index}`] = !value.trim()
          ? 'Write something or remove the paragraph'
          : value.length > NOTICE_PARAGRAPH_MAX
            ? `At most ${NOTICE_PARAGRAPH_MAX} characters`
            : null;
      });
      return errors;
    },
  });

  // What the server now says is the saved state (after a save or a restore).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed the form only when the stored notice changes
  useEffect(() => {
    form.setInitialValues(shown(answer));
    form.setValues(shown(answer));
  }, [answer]);

  const serverError = update.error ?? reset.error;
  const submit = form.onSubmit((values) =>
    update.mutate(
      { title: values.title.trim(), paragraphs: values.paragraphs.map((p) => p.trim()) },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: 'The notice is saved: the home page shows it now.' }),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        },
      },
    ),
  );
  const restore = () =>
    reset.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'The home page shows the default notice again.' }),
    });

  const paragraphs = form.values.paragraphs;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={submit} noValidate aria-label="Site notice">
        <Stack gap="sm">
          <Group gap="xs">
            {answer.notice ? (
              <Badge variant="light">Edited {formatDateTime(answer.notice.updated_at)}</Badge>
            ) : (
              <Badge variant="light" color="gray">
                Default text (from the site config)
              </Badge>
            )}
          </Group>
          <FormAlert>
            {serverError && !(serverError instanceof ApiError && serverError.fields) && serverError.message}
          </FormAlert>
          <TextInput label="Title" maxLength={NOTICE_TITLE_MAX} {...form.getInputProps('title')} />
          {paragraphs.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are edited in place; the index is their identity
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <Textarea
                label={`Paragraph ${index + 1}`}
                autosize
                minRows={2}
                maxLength={NOTICE_PARAGRAPH_MAX}
                style={{ flex: 1 }}
                {...form.getInputProps(`paragraphs.${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove paragraph ${index + 1}`}
                disabled={paragraphs.length <= 1}
                onClick={() => form.removeListItem('paragraphs', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            Write {'{email}'} where the owner’s address ({email}) should appear as a link.
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={paragraphs.length >= NOTICE_PARAGRAPHS_MAX}
              onClick={() => form.insertListItem('paragraphs', '')}
            >
              Add paragraph
            </Button>
          </Group>
          <Group gap="sm" mt="sm">
            <Button type="submit" loading={update.isPending}>
              Save notice
            </Button>
            <Button variant="default" onClick={restore} loading={reset.isPending} disabled={!answer.notice}>
              Restore default
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Preview
        </Title>
        <NoticeCard
          email={email}
          notice={{
            title: form.values.title.trim() || 'Title',
            paragraphs: paragraphs.filter((p) => p.trim()).length ? paragraphs.filter((p) => p.trim()) : ['…'],
          }}
        />
      </Stack>
    </SimpleGrid>
  );
}
