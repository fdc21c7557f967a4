import { Avatar, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AVATAR_MAX_BYTES, type Profile, RESUME_MAX_BYTES } from '@site/contract';
import { IconFileTypePdf, IconPhoto, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { formatDate } from '../../../lib/dates';
import { useRemoveAvatar, useRemoveResume, useUploadAvatar, useUploadResume } from '../api/profile';

interface Upload {
  mutate(file: File, options: { onSuccess: () => void }): void;
  isPending: boolean;
  error: Error | null;
}

interface Removal {
  mutate(_: undefined, options: { onSettled: () => void }): void;
  isPending: boolean;
  error: Error | null;
}

interface StoredFileCardProps {
  title: string;
  /** Whether a file is stored: then the input replaces it and it can be removed. */
  stored: boolean;
  upload: Upload;
  remove: Removal;
  /** What the input says with nothing stored, what it takes, and its limit. */
  input: { label: string; placeholder: string; accept: string; maxBytes: number; missing: string };
  /** Said once the upload is done. */
  done: string;
  uploadLabel: string;
  removeLabel: string;
  confirm: { title: string; text: ReactNode };
  /** What is stored, or that nothing is. */
  children: ReactNode;
}

/**
 * A file the owner keeps on the site (the photo, the résumé): what is stored, an upload checked
 * for presence and size before it is sent (the choice cleared and `done` said once it is), and
 * removing it after a question.
 */
function StoredFileCard({
  title,
  stored,
  upload,
  remove,
  input,
  done,
  uploadLabel,
  removeLabel,
  confirm,
  children,
}: StoredFileCardProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const choose = (next: File | null) => {
    setFile(next);
    setFileError(null);
  };
  const send = () => {
    if (!file) return setFileError(input.missing);
    if (file.size > input.maxBytes) return setFileError(`At most ${input.maxBytes / 1024 / 1024} MB`);
    setFileError(null);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: 'teal', message: done });
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
        <FormAlert>{(upload.error ?? remove.error)?.message}</FormAlert>
        <Group gap="sm" align="flex-end">
          <FileInput
            label={stored ? 'Replace with' : input.label}
            placeholder={input.placeholder}
            accept={input.accept}
            clearable
            value={file}
            onChange={choose}
            error={fileError}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button leftSection={<IconUpload size={16} />} onClick={send} loading={upload.isPending}>
            {uploadLabel}
          </Button>
          {stored && (
            <Button variant="default" onClick={() => setConfirmRemove(true)}>
              {removeLabel}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmRemove}
        title={confirm.title}
        confirmLabel="Remove"
        loading={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmRemove(false) })}
      >
        {confirm.text}
      </ConfirmDialog>
    </Card>
  );
}

/** The image types the server takes (docs/api.md#profile); it checks the bytes, this only filters the picker. */
const AVATAR_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The owner's photo (docs/product.md#home): the stored one, a new upload (the server crops it
 * square), or removing it, after which the hero shows the picture drawn from the name again.
 */
export function AvatarCard({ saved }: { saved: Profile }) {
  const { avatar } = saved;
  return (
    <StoredFileCard
      title="Photo"
      stored={avatar !== null}
      upload={useUploadAvatar()}
      remove={useRemoveAvatar()}
      input={{
        label: 'Image file',
        placeholder: 'Choose an image',
        accept: AVATAR_TYPES,
        maxBytes: AVATAR_MAX_BYTES,
        missing: 'Choose an image file',
      }}
      done="The photo is uploaded: the home page shows it now."
      uploadLabel="Upload photo"
      removeLabel="Remove photo"
      confirm={{
        title: 'Remove the photo',
        text: 'Remove the photo? The home page then shows the picture drawn from your name until a new one is uploaded.',
      }}
    >
      <Group gap="md" wrap="nowrap" align="center">
        {avatar ? (
          <Avatar
            src={avatar.url}
            imageProps={{ srcSet: avatar.srcset, sizes: '80px', width: 80, height: 80 }}
            alt={`${saved.name}’s photo`}
            size={80}
            radius="xl"
          />
        ) : (
          <Avatar size={80} radius="xl" aria-hidden>
            <IconPhoto size={32} />
          </Avatar>
        )}
        <Text size="sm" c="dimmed">
          {avatar
            ? 'Shown round in the home page’s banner and given to search engines as your picture.'
            : 'No photo yet: the home page’s banner shows a picture drawn from your name.'}{' '}
          PNG, JPEG, WebP or GIF, at most {AVATAR_MAX_BYTES / 1024 / 1024} MB; cropped square around its subject.
        </Text>
      </Group>
    </StoredFileCard>
  );
}

/** The résumé: the one uploaded (name, date, size), a new upload, or removing it. */
export function ResumeCard({ saved }: { saved: Profile }) {
  const { resume } = saved;
  return (
    <StoredFileCard
      title="Résumé"
      stored={resume !== null}
      upload={useUploadResume()}
      remove={useRemoveResume()}
      input={{
        label: 'PDF file',
        placeholder: 'Choose a PDF',
        accept: 'application/pdf,.pdf',
        maxBytes: RESUME_MAX_BYTES,
        missing: 'Choose a PDF file',
      }}
      done="The résumé is uploaded: the home page offers it now."
      uploadLabel="Upload"
      removeLabel="Remove"
      confirm={{
        title: 'Remove the résumé',
        text: `Remove ${resume?.file_name ?? 'the résumé'}? The home page then offers no résumé until a new one is uploaded.`,
      }}
    >
      {resume ? (
        <Group gap="xs">
          <IconFileTypePdf size={20} aria-hidden />
          <a href={resume.url} download={resume.file_name}>
            {resume.file_name}
          </a>
          <Text size="sm" c="dimmed">
            {Math.max(1, Math.round(resume.size / 1024))} KB · uploaded {formatDate(resume.uploaded_at)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No résumé yet: the home page shows no résumé button until one is uploaded.
        </Text>
      )}
    </StoredFileCard>
  );
}
