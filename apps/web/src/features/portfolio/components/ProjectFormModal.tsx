import {
  Button,
  Checkbox,
  Divider,
  FileInput,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PORTFOLIO_IMAGE_MAX_BYTES,
  PORTFOLIO_SLUG_MAX,
  PORTFOLIO_SLUG_PATTERN,
  PORTFOLIO_SUMMARY_MAX,
  PORTFOLIO_TITLE_MAX,
  type PortfolioProject,
  type PortfolioStatus,
} from '@site/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api-client';
import type { ProjectFormInput } from '../api/portfolio-api';
import { portfolioQueries } from '../api/use-portfolio';
import { BodyEditor } from './BodyEditor';
import { GalleryEditor } from './GalleryEditor';

interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** 'add', or 'edit' with the project chosen (or to be chosen from `projects`). */
  mode: 'add' | 'edit';
  project?: PortfolioProject | undefined;
  /** For "Edit Project" from the menu: the projects to pick from. */
  projects?: PortfolioProject[];
  onSubmit: (input: ProjectFormInput, project?: PortfolioProject) => Promise<unknown>;
}

interface Values {
  title: string;
  description: string;
  technology: string;
  backend_features: string;
  frontend_features: string;
  image: File | null;
  slug: string;
  summary: string;
  body: string;
  role: string;
  period_start: string;
  period_end: string;
  ongoing: boolean;
  link_source: string;
  link_demo: string;
  link_writeup: string;
  featured: boolean;
  status: PortfolioStatus;
}
const empty: Values = {
  title: '',
  description: '',
  technology: '',
  backend_features: '',
  frontend_features: '',
  image: null,
  slug: '',
  summary: '',
  body: '',
  role: '',
  period_start: '',
  period_end: '',
  ongoing: false,
  link_source: '',
  link_demo: '',
  link_writeup: '',
  featured: false,
  status: 'published',
};
/** The server names a link's error by its kind (`links.source`); the form's field is `link_source`. */
const LINK_FIELDS: Record<string, keyof Values> = {
  'links.source': 'link_source',
  'links.demo': 'link_demo',
  'links.writeup': 'link_writeup',
};
const MONTH = /^(?:\d{4}-(?:0[1-9]|1[0-2]))?$/;
const LINK = /^(?:$|\/(?![/\\])\S*$|https?:\/\/\S+$)/i;
const linkError = (v: string) =>
  LINK.test(v.trim()) ? null : 'Start with https://, http:// or / (a page of this site)';

/** The seed's Add and Edit modals (50% wide) with an image preview. */
export function ProjectFormModal({
  opened,
  onClose: close,
  mode,
  project,
  projects = [],
  onSubmit,
}: ProjectFormModalProps) {
  const [pickedId, setPickedId] = useState<string | null>(null);
  // The gallery saves each change at once. The lists are fetched again when the modal closes, not
  // after each change: a new project object would re-seed the form and lose its unsaved edits.
  const queryClient = useQueryClient();
  const galleryChanged = useRef(false);
  const onClose = () => {
    if (galleryChanged.current) {
      galleryChanged.current = false;
      void queryClient.invalidateQueries({ queryKey: portfolioQueries.projects().queryKey });
    }
    close();
  };
  const current = project ?? projects.find((p) => String(p.id) === pickedId);
  const form = useForm<Values>({
    initialValues: empty,
    validate: {
      title: (v) =>
        v.trim()
          ? v.trim().length > PORTFOLIO_TITLE_MAX
            ? `Title must be at most ${PORTFOLIO_TITLE_MAX} characters`
            : null
          : 'Title is required',
      image: (file) => (file && file.size > PORTFOLIO_IMAGE_MAX_BYTES ? 'The image must be 5 MB or smaller' : null),
      slug: (v) =>
        v === '' || (PORTFOLIO_SLUG_PATTERN.test(v) && v.length <= PORTFOLIO_SLUG_MAX)
          ? null
          : 'Lower-case letters, digits and single hyphens between them',
      period_start: (v) => (MONTH.test(v) ? null : 'A month as YYYY-MM'),
      period_end: (v) => (MONTH.test(v) ? null : 'A month as YYYY-MM'),
      link_source: linkError,
      link_demo: linkError,
      link_writeup: linkError,
    },
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const values: Values = current
      ? {
          title: current.title,
          description: current.description,
          // The tags as the comma field, each once (docs/api.md#portfolio).
          technology: current.tags.join(', '),
          backend_features: current.backend_features,
          frontend_features: current.frontend_features,
          image: null,
          slug: current.slug,
          summary: current.summary,
          body: current.body,
          role: current.role,
          period_start: current.period_start,
          period_end: current.period_end,
          ongoing: current.ongoing,
          link_source: current.links.source,
          link_demo: current.links.demo,
          link_writeup: current.links.writeup,
          featured: current.featured,
          status: current.status,
        }
      : empty;
    setValues(values);
    resetDirty(values);
    clearErrors();
  }, [opened, current, setValues, resetDirty, clearErrors]);

  useEffect(() => {
    if (!opened) setPickedId(null);
  }, [opened]);

  // Preview the newly chosen file, else the project's current image.
  const chosen = form.values.image;
  const previewUrl = useMemo(() => (chosen ? URL.createObjectURL(chosen) : null), [chosen]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  // A file that is no image (the server refuses it) shows no broken preview.
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const shown = previewUrl ?? current?.image ?? null;
  const preview = shown === brokenPreview ? null : shown;

  // A failure stays in the modal: on its fields when the server names them, else above the form.
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setFailure(null);
  }, [opened]);
  const submit = form.onSubmit(async ({ image, link_source, link_demo, link_writeup, ...fields }) => {
    setFailure(null);
    try {
      await onSubmit(
        { ...fields, links: { source: link_source, demo: link_demo, writeup: link_writeup }, image },
        current,
      );
      onClose();
    } catch (error) {
      const raw = isApiError(error) && error.fields ? error.fields : {};
      const named = Object.fromEntries(Object.entries(raw).map(([k, v]) => [LINK_FIELDS[k] ?? k, v]));
      form.setErrors(named);
      if (!Object.keys(named).some((field) => field in empty)) {
        setFailure(error instanceof Error ? error.message : 'Something went wrong. Try again.');
      }
    }
  });

  const needsPick = mode === 'edit' && !current;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'add' ? 'Add Project' : 'Edit Project'}
      // Half the screen on a desktop, but never narrower than the form needs (34rem) while the
      // screen has room: a phone gets the whole width instead of a 170 px column.
      size="calc(max(50%, min(100%, 34rem)))"
      centered
    >
      {mode === 'edit' && !project && (
        <Select
          label="Project"
          placeholder="Choose a project to edit"
          data={projects.map((p) => ({ value: String(p.id), label: p.title }))}
          value={pickedId}
          onChange={setPickedId}
          mb="md"
          data-autofocus
        />
      )}
      {!needsPick && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormAlert title={mode === 'add' ? 'Could not add the project' : 'Could not save the project'}>
              {failure}
            </FormAlert>
            <TextInput label="Title" maxLength={PORTFOLIO_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
            <Textarea label="Description" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
            <TextInput
              label="Technology"
              description="The project's tags, comma-separated; a repeated one is kept once"
              placeholder="React, Fastify, PostgreSQL"
              {...form.getInputProps('technology')}
            />
            <Textarea
              label="Backend features"
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('backend_features')}
            />
            <Textarea
              label="Frontend features"
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('frontend_features')}
            />
            <FileInput
              label="Image"
              description={
                current?.image ? 'Leave empty to keep the current image' : 'PNG, JPEG, WebP or GIF, up to 5 MB'
              }
              accept="image/png,image/jpeg,image/webp,image/gif"
              leftSection={<IconPhoto size={16} />}
              clearable
              {...form.getInputProps('image')}
            />
            {preview && (
              <Image
                src={preview}
                alt="Image preview"
                h={180}
                fit="contain"
                radius="sm"
                bg="gray.0"
                onError={() => setBrokenPreview(preview)}
              />
            )}
            <Divider label="Gallery" labelPosition="left" />
            {current ? (
              <GalleryEditor
                key={current.id}
                project={current}
                onChange={() => {
                  galleryChanged.current = true;
                }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                The image above is the cover. Add more images, with their alt text, once the project is added.
              </Text>
            )}
            <Divider label="Project page" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Select
                label="Status"
                data={[
                  { value: 'published', label: 'Published' },
                  { value: 'draft', label: 'Draft (only you see it)' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <TextInput
                label="Slug"
                description={current ? `/portfolio/${current.slug}` : 'Empty: made from the title'}
                maxLength={PORTFOLIO_SLUG_MAX}
                {...form.getInputProps('slug')}
              />
            </SimpleGrid>
            <TextInput
              label="Summary"
              description="One line for the card and the page's description"
              maxLength={PORTFOLIO_SUMMARY_MAX}
              {...form.getInputProps('summary')}
            />
            <TextInput label="Role" placeholder="Sole developer" {...form.getInputProps('role')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label="Start" placeholder="YYYY-MM" {...form.getInputProps('period_start')} />
              <TextInput
                label="End"
                placeholder="YYYY-MM"
                disabled={form.values.ongoing}
                {...form.getInputProps('period_end')}
              />
            </SimpleGrid>
            <Checkbox label="Ongoing" {...form.getInputProps('ongoing', { type: 'checkbox' })} />
            <TextInput label="Source link" placeholder="https://github.com/…" {...form.getInputProps('link_source')} />
            <TextInput label="Live demo link" placeholder="https://… or /apps/…" {...form.getInputProps('link_demo')} />
            <TextInput label="Write-up link" placeholder="https://…" {...form.getInputProps('link_writeup')} />
            <BodyEditor
              value={form.values.body}
              onChange={(v) => form.setFieldValue('body', typeof v === 'string' ? v : v.currentTarget.value)}
              error={form.errors.body}
            />
            <Checkbox
              label="Featured"
              description="Marked on its card and page"
              {...form.getInputProps('featured', { type: 'checkbox' })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting}>
                {mode === 'add' ? 'Add Project' : 'Save'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
