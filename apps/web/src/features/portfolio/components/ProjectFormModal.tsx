import { Button, FileInput, Group, Image, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PORTFOLIO_IMAGE_MAX_BYTES, PORTFOLIO_TITLE_MAX, type PortfolioProject } from '@site/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api-client';
import type { ProjectFormInput } from '../api/portfolio-api';

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

type Values = Omit<ProjectFormInput, 'image'> & { image: File | null };
const empty: Values = {
  title: '',
  description: '',
  technology: '',
  backend_features: '',
  frontend_features: '',
  image: null,
};

/** The seed's Add and Edit modals (50% wide) with an image preview. */
export function ProjectFormModal({ opened, onClose, mode, project, projects = [], onSubmit }: ProjectFormModalProps) {
  const [pickedId, setPickedId] = useState<string | null>(null);
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
    },
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const values: Values = current
      ? {
          title: current.title,
          description: current.description,
          technology: current.technology,
          backend_features: current.backend_features,
          frontend_features: current.frontend_features,
          image: null,
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
  const submit = form.onSubmit(async ({ image, ...fields }) => {
    setFailure(null);
    try {
      await onSubmit({ ...fields, image }, current);
      onClose();
    } catch (error) {
      const named = isApiError(error) && error.fields ? error.fields : {};
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
