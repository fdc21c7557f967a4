import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  AVATAR_MAX_BYTES,
  PROFILE_LIMITS as L,
  type Profile,
  type ProfileFields,
  RESUME_MAX_BYTES,
} from '@site/contract';
import { IconFileTypePdf, IconPhoto, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import {
  profileQuery,
  useRemoveAvatar,
  useRemoveResume,
  useUpdateProfile,
  useUploadAvatar,
  useUploadResume,
} from '../api/profile';
import { ProfileAbout, ProfileFacts, ProfileInterests, ProfilePersonality, ProfileSkills } from '../ProfileSections';

/** The form's values: interests as one text, a line each. */
type FormValues = Omit<ProfileFields, 'interests'> & { interests: string };

const toForm = (profile: Profile): FormValues => ({
  name: profile.name,
  title: profile.title,
  tagline: profile.tagline,
  about: profile.about,
  skills: profile.skills.map((g) => ({ group: g.group, items: [...g.items] })),
  interests: profile.interests.join('\n'),
  personality: profile.personality.map((b) => ({ ...b })),
  location: profile.location,
  availability: profile.availability,
  contact_email: profile.contact_email,
  links: profile.links.map((l) => ({ ...l })),
});

const toFields = (values: FormValues): ProfileFields => ({
  ...values,
  name: values.name.trim(),
  skills: values.skills.map((g) => ({ group: g.group.trim(), items: g.items.map((s) => s.trim()).filter(Boolean) })),
  interests: values.interests
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  personality: values.personality.map((b) => ({ title: b.title.trim(), text: b.text.trim() })),
  links: values.links.map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
});

/** What the preview shows: the form as it would be saved, with the saved résumé and photo. */
const previewOf = (values: FormValues, saved: Profile): Profile => ({
  ...toFields(values),
  updated_at: saved.updated_at,
  resume: saved.resume,
  avatar: saved.avatar,
});

const required = (value: string, what: string) => (value.trim() ? null : `${what} is required`);
const isWebAddress = (value: string) => {
  try {
    const { protocol } = new URL(value.trim());
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Profile: the owner's profile edited with a live preview beside it (below it on a phone), their
 * photo and the résumé PDF.
 */
export function ProfilePanel() {
  const profile = useQuery(profileQuery());
  if (profile.isPending) return <PageLoader label="Loading the profile…" />;
  if (profile.isError)
    return <LoadError title="Could not load the profile" error={profile.error} onRetry={() => profile.refetch()} />;
  return (
    <Stack gap="xl">
      <ProfileEditor saved={profile.data} />
      <AvatarCard saved={profile.data} />
      <ResumeCard saved={profile.data} />
    </Stack>
  );
}

function ProfileEditor({ saved }: { saved: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<FormValues>({
    initialValues: toForm(saved),
    validate: {
      name: (value) => required(value, 'Name'),
      contact_email: (value) =>
        value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'Enter an e-mail address',
      skills: { group: (value) => required(value, 'The group’s name') },
      personality: { title: (value) => required(value, 'A title'), text: (value) => required(value, 'A text') },
      links: {
        label: (value) => required(value, 'A label'),
        url: (value) => (isWebAddress(value) ? null : 'A full http:// or https:// address'),
      },
    },
  });

  // A save (here or elsewhere) is the new starting point. Keyed on the fields alone: a résumé
  // uploaded or removed meanwhile is a new profile too, and must not wipe unsaved edits.
  const seed = JSON.stringify(toForm(saved));
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed only when the saved fields change
  useEffect(() => {
    const values = JSON.parse(seed) as FormValues;
    form.setInitialValues(values);
    form.setValues(values);
  }, [seed]);

  const submit = form.onSubmit((values) =>
    update.mutate(toFields(values), {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: 'The profile is saved: the home page shows it now.' }),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
      },
    }),
  );
  const serverError = update.error;
  const values = form.values;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={submit} noValidate aria-label="Profile">
        <Stack gap="sm">
          <Group gap="xs">
            {saved.updated_at ? (
              <Badge variant="light">Edited {formatDateTime(saved.updated_at)}</Badge>
            ) : (
              <Badge variant="light" color="gray">
                Default profile
              </Badge>
            )}
          </Group>
          <FormAlert>
            {serverError && !(serverError instanceof ApiError && serverError.fields) && serverError.message}
          </FormAlert>
          <TextInput label="Name" required maxLength={L.name} {...form.getInputProps('name')} />
          <TextInput label="Title" maxLength={L.title} {...form.getInputProps('title')} />
          <TextInput label="Tagline" maxLength={L.tagline} {...form.getInputProps('tagline')} />
          <Textarea
            label="About"
            description="Markdown: **bold**, _italic_, [links](https://…), lists. No HTML is shown."
            autosize
            minRows={4}
            maxLength={L.about}
            {...form.getInputProps('about')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Location" maxLength={L.location} {...form.getInputProps('location')} />
            <TextInput
              label="Contact e-mail"
              type="email"
              maxLength={L.email}
              {...form.getInputProps('contact_email')}
            />
          </SimpleGrid>
          <TextInput
            label="Availability"
            placeholder="Open to contract work from March"
            maxLength={L.availability}
            {...form.getInputProps('availability')}
          />

          <Title order={3} size="h5" mt="sm">
            Skills
          </Title>
          {values.skills.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: groups are edited in place; the index is their identity
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ flex: 1 }}>
                <TextInput
                  label={`Group ${index + 1}`}
                  maxLength={L.skillGroup}
                  {...form.getInputProps(`skills.${index}.group`)}
                />
                <TagsInput
                  aria-label={`Skills of group ${index + 1}`}
                  placeholder="Type a skill, then Enter"
                  maxTags={L.skillsPerGroup}
                  {...form.getInputProps(`skills.${index}.items`)}
                />
              </Stack>
              <RemoveButton label={`Remove group ${index + 1}`} onClick={() => form.removeListItem('skills', index)} />
            </Group>
          ))}
          <AddButton
            disabled={values.skills.length >= L.skillGroups}
            onClick={() => form.insertListItem('skills', { group: '', items: [] })}
          >
            Add a skill group
          </AddButton>

          <Textarea
            label="Professional interests"
            description="One per line."
            autosize
            minRows={3}
            {...form.getInputProps('interests')}
          />

          <Title order={3} size="h5" mt="sm">
            About me blurbs
          </Title>
          {values.personality.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blurbs are edited in place; the index is their identity
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ flex: 1 }}>
                <TextInput
                  label={`Blurb ${index + 1} title`}
                  maxLength={L.blurbTitle}
                  {...form.getInputProps(`personality.${index}.title`)}
                />
                <Textarea
                  aria-label={`Blurb ${index + 1} text`}
                  autosize
                  minRows={2}
                  maxLength={L.blurbText}
                  {...form.getInputProps(`personality.${index}.text`)}
                />
              </Stack>
              <RemoveButton
                label={`Remove blurb ${index + 1}`}
                onClick={() => form.removeListItem('personality', index)}
              />
            </Group>
          ))}
          <AddButton
            disabled={values.personality.length >= L.personality}
            onClick={() => form.insertListItem('personality', { title: '', text: '' })}
          >
            Add a blurb
          </AddButton>

          <Title order={3} size="h5" mt="sm">
            Links
          </Title>
          <Text size="xs" c="dimmed">
            GitHub, LinkedIn, Mastodon (https://host/@name: verified with rel="me"), a website…
          </Text>
          {values.links.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: links are edited in place; the index is their identity
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={`Link ${index + 1} label`}
                maxLength={L.linkLabel}
                w={{ base: 110, sm: 150 }}
                {...form.getInputProps(`links.${index}.label`)}
              />
              <TextInput
                label={`Link ${index + 1} address`}
                type="url"
                maxLength={L.url}
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`links.${index}.url`)}
              />
              <RemoveButton label={`Remove link ${index + 1}`} onClick={() => form.removeListItem('links', index)} />
            </Group>
          ))}
          <AddButton
            disabled={values.links.length >= L.links}
            onClick={() => form.insertListItem('links', { label: '', url: 'https://' })}
          >
            Add a link
          </AddButton>

          <Group mt="md">
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
              Undo changes
            </Button>
          </Group>
        </Stack>
      </form>

      <Stack gap="xs" component="section" aria-label="Preview">
        <Text size="sm" c="dimmed" fw={600}>
          Preview
        </Text>
        <Paper withBorder radius="md" p="lg">
          <ProfilePreview profile={previewOf(values, saved)} />
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}

/** The home page's profile parts, as the form stands. */
function ProfilePreview({ profile }: { profile: Profile }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h2">
          {profile.name || 'Your name'}
        </Title>
        {profile.title && <Text fw={600}>{profile.title}</Text>}
        {profile.tagline && <Text c="dimmed">{profile.tagline}</Text>}
      </div>
      <ProfileFacts profile={profile} />
      <ProfileAbout profile={profile} />
      <ProfileSkills profile={profile} />
      <ProfileInterests profile={profile} />
      <ProfilePersonality profile={profile} />
    </Stack>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" mt={28} aria-label={label} onClick={onClick}>
      <IconTrash size={18} />
    </ActionIcon>
  );
}

function AddButton({ children, ...props }: { children: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button variant="subtle" leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }} {...props}>
      {children}
    </Button>
  );
}

/**
 * A file chosen for an upload card (the photo, the résumé): checked for presence and size before
 * `upload` sends it; once sent, the choice is cleared and `done` is said.
 */
function useChosenFile(
  upload: { mutate: (file: File, options: { onSuccess: () => void }) => void },
  { missing, maxBytes, done }: { missing: string; maxBytes: number; done: string },
) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (next: File | null) => {
    setFile(next);
    setError(null);
  };
  const send = () => {
    if (!file) return setError(missing);
    if (file.size > maxBytes) return setError(`At most ${maxBytes / 1024 / 1024} MB`);
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: 'teal', message: done });
      },
    });
  };
  return { file, choose, error, send };
}

/** The image types the server takes (docs/api.md#profile); it checks the bytes, this only filters the picker. */
const AVATAR_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The owner's photo (docs/product.md#home): the stored one, a new upload (the server crops it
 * square), or removing it, after which the hero shows the picture drawn from the name again.
 */
function AvatarCard({ saved }: { saved: Profile }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const chosen = useChosenFile(upload, {
    missing: 'Choose an image file',
    maxBytes: AVATAR_MAX_BYTES,
    done: 'The photo is uploaded: the home page shows it now.',
  });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { avatar } = saved;
  const error = upload.error ?? remove.error;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Photo">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Photo
        </Title>
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
        <FormAlert>{error?.message}</FormAlert>
        <Group gap="sm" align="flex-end">
          <FileInput
            label={avatar ? 'Replace with' : 'Image file'}
            placeholder="Choose an image"
            accept={AVATAR_TYPES}
            clearable
            value={chosen.file}
            onChange={chosen.choose}
            error={chosen.error}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button leftSection={<IconUpload size={16} />} onClick={chosen.send} loading={upload.isPending}>
            Upload photo
          </Button>
          {avatar && (
            <Button variant="default" onClick={() => setConfirmRemove(true)}>
              Remove photo
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmRemove}
        title="Remove the photo"
        confirmLabel="Remove"
        loading={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmRemove(false) })}
      >
        Remove the photo? The home page then shows the picture drawn from your name until a new one is uploaded.
      </ConfirmDialog>
    </Card>
  );
}

/** The résumé: the one uploaded (name, date, size), a new upload, or removing it. */
function ResumeCard({ saved }: { saved: Profile }) {
  const upload = useUploadResume();
  const remove = useRemoveResume();
  const chosen = useChosenFile(upload, {
    missing: 'Choose a PDF file',
    maxBytes: RESUME_MAX_BYTES,
    done: 'The résumé is uploaded: the home page offers it now.',
  });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { resume } = saved;
  const error = upload.error ?? remove.error;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Résumé">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Résumé
        </Title>
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
        <FormAlert>{error?.message}</FormAlert>
        <Group gap="sm" align="flex-end">
          <FileInput
            label={resume ? 'Replace with' : 'PDF file'}
            placeholder="Choose a PDF"
            accept="application/pdf,.pdf"
            clearable
            value={chosen.file}
            onChange={chosen.choose}
            error={chosen.error}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button leftSection={<IconUpload size={16} />} onClick={chosen.send} loading={upload.isPending}>
            Upload
          </Button>
          {resume && (
            <Button variant="default" onClick={() => setConfirmRemove(true)}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmRemove}
        title="Remove the résumé"
        confirmLabel="Remove"
        loading={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmRemove(false) })}
      >
        Remove {resume?.file_name}? The home page then offers no résumé until a new one is uploaded.
      </ConfirmDialog>
    </Card>
  );
}
