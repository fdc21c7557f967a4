import {
  ActionIcon,
  Badge,
  Button,
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
import { PROFILE_LIMITS as L, type Profile, type ProfileFields } from '@site/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { profileQuery, useUpdateProfile } from '../api/profile';
import { ProfileAbout, ProfileFacts, ProfileInterests, ProfilePersonality, ProfileSkills } from '../ProfileSections';
import { AvatarCard, ResumeCard } from './StoredFileCards';

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
