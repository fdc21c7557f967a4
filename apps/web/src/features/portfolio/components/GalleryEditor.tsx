import { ActionIcon, Button, Card, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  PORTFOLIO_ALT_MAX,
  PORTFOLIO_CAPTION_MAX,
  PORTFOLIO_GALLERY_MAX,
  PORTFOLIO_IMAGE_MAX_BYTES,
  type PortfolioImage,
  type PortfolioImagePatch,
  type PortfolioProject,
} from '@site/contract';
import { IconArrowDown, IconArrowUp, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { isApiError } from '../../../lib/api-client';
import { type ImageUploadInput, portfolioApi } from '../api/portfolio-api';
import { type FocalPoint, FocalPointPicker } from './FocalPointPicker';

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };
const ALT_REQUIRED = 'Describe the image for people who cannot see it';
const TOO_LARGE = `The image must be ${PORTFOLIO_IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller`;

/** What a failed call says: the server's message, or a generic one. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Try again.');

/** The narrowest WebP (the srcset's first entry): enough for the editor's preview. */
const smallest = (image: PortfolioImage) => image.sources.webp.split(' ')[0] || image.src;

interface GalleryEditorProps {
  project: PortfolioProject;
  /** Each change answers the project as it now stands. */
  onChange: (project: PortfolioProject) => void;
}

/**
 * A project's gallery in the admin's form (docs/product.md#portfolio): add an image with its alt
 * text (required), caption and focal point; edit those; move an image up or down (the first is the
 * cover); remove one after a confirmation. Each change is saved at once, apart from the project's
 * other fields.
 */
export function GalleryEditor({ project, onChange }: GalleryEditorProps) {
  const [images, setImages] = useState<PortfolioImage[]>(project.images);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<PortfolioImage | null>(null);

  /** Runs one change; `key` names the control that shows it as loading. */
  const run = async (key: string, call: () => Promise<PortfolioProject>): Promise<boolean> => {
    setFailure(null);
    setBusy(key);
    try {
      const next = await call();
      setImages(next.images);
      onChange(next);
      return true;
    } catch (error) {
      setFailure(messageOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };
  /** An upload's failure goes back to its form, which shows it on the field the server names. */
  const add = async (input: ImageUploadInput) => {
    setFailure(null);
    setBusy('add');
    try {
      const next = await portfolioApi.addImage(project.id, input);
      setImages(next.images);
      onChange(next);
    } finally {
      setBusy(null);
    }
  };
  const update = (image: PortfolioImage, patch: PortfolioImagePatch, key: string) =>
    run(key, () => portfolioApi.updateImage(project.id, image.id, patch));

  return (
    <Stack gap="sm" aria-label="Gallery" component="section">
      <Text size="sm" c="dimmed">
        The first image is the cover. {images.length} of {PORTFOLIO_GALLERY_MAX} images.
      </Text>
      <FormAlert title="Could not change the gallery">{failure}</FormAlert>
      {images.map((image, index) => (
        <GalleryItem
          key={image.id}
          image={image}
          index={index}
          last={index === images.length - 1}
          busy={busy}
          onSave={(patch) => update(image, patch, `save-${image.id}`)}
          onMove={(to) => update(image, { position: to }, `move-${image.id}`)}
          onRemove={() => setToRemove(image)}
        />
      ))}
      {images.length < PORTFOLIO_GALLERY_MAX ? (
        <AddImage busy={busy === 'add'} onAdd={add} onFailure={setFailure} />
      ) : (
        <Text size="sm">The gallery is full: remove an image to add another.</Text>
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove image"
        confirmLabel="Remove"
        loading={busy === 'remove'}
        onCancel={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          void run('remove', () => portfolioApi.removeImage(project.id, toRemove.id)).finally(() => setToRemove(null))
        }
      >
        Remove “{toRemove?.alt}” from the gallery? Its files are deleted.
      </ConfirmDialog>
    </Stack>
  );
}

interface GalleryItemProps {
  image: PortfolioImage;
  index: number;
  last: boolean;
  busy: string | null;
  onSave: (patch: PortfolioImagePatch) => Promise<boolean>;
  onMove: (position: number) => void;
  onRemove: () => void;
}

function GalleryItem({ image, index, last, busy, onSave, onMove, onRemove }: GalleryItemProps) {
  const [alt, setAlt] = useState(image.alt);
  const [caption, setCaption] = useState(image.caption);
  const [focal, setFocal] = useState<FocalPoint>({ x: image.focal_x, y: image.focal_y });
  // The saved values change after a save or a move: start again from them.
  useEffect(() => {
    setAlt(image.alt);
    setCaption(image.caption);
    setFocal({ x: image.focal_x, y: image.focal_y });
  }, [image.alt, image.caption, image.focal_x, image.focal_y]);
  const changed =
    alt !== image.alt || caption !== image.caption || focal.x !== image.focal_x || focal.y !== image.focal_y;
  const altError = alt.trim() ? null : ALT_REQUIRED;
  const name = image.alt || `image ${index + 1}`;
  const update = () => {
    if (altError) return;
    void onSave({ alt: alt.trim(), caption: caption.trim(), focal_x: focal.x, focal_y: focal.y });
  };
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Image ${index + 1}${index === 0 ? ' (cover)' : ''}`}>
      <Stack gap="xs">
        <FocalPointPicker src={smallest(image)} value={focal} onChange={setFocal} label={name} />
        <TextInput
          label="Alt text"
          required
          maxLength={PORTFOLIO_ALT_MAX}
          value={alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
          error={altError}
        />
        <TextInput
          label="Caption"
          maxLength={PORTFOLIO_CAPTION_MAX}
          value={caption}
          onChange={(e) => setCaption(e.currentTarget.value)}
        />
        <Group gap="xs" justify="space-between">
          <Group gap={4}>
            <ActionIcon
              variant="default"
              aria-label={`Move ${name} up`}
              disabled={index === 0 || busy !== null}
              loading={busy === `move-${image.id}`}
              onClick={() => onMove(index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={`Move ${name} down`}
              disabled={last || busy !== null}
              onClick={() => onMove(index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onRemove}
              disabled={busy !== null}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
            <Button
              size="xs"
              onClick={update}
              disabled={!changed || altError !== null || (busy !== null && busy !== `save-${image.id}`)}
              loading={busy === `save-${image.id}`}
              aria-label={`Update ${name}`}
            >
              Update image
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

interface AddImageProps {
  busy: boolean;
  onAdd: (input: ImageUploadInput) => Promise<void>;
  onFailure: (message: string | null) => void;
}

/** The new image's file, alt text, caption and focal point; refused without alt text. */
function AddImage({ busy, onAdd, onFailure }: AddImageProps) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [focal, setFocal] = useState<FocalPoint>(CENTRE);
  const [errors, setErrors] = useState<{ image?: string | undefined; alt?: string | undefined }>({});
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const add = async () => {
    const found = {
      image: !file ? 'Choose an image file' : file.size > PORTFOLIO_IMAGE_MAX_BYTES ? TOO_LARGE : undefined,
      alt: alt.trim() ? undefined : ALT_REQUIRED,
    };
    setErrors(found);
    if (!file || found.image || found.alt) return;
    onFailure(null);
    try {
      await onAdd({ file, alt: alt.trim(), caption: caption.trim(), focal_x: focal.x, focal_y: focal.y });
      setFile(null);
      setAlt('');
      setCaption('');
      setFocal(CENTRE);
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      if (fields.image || fields.alt) setErrors({ image: fields.image, alt: fields.alt });
      else onFailure(messageOf(error));
    }
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label="Add an image">
      <Stack gap="xs">
        <FileInput
          label="New image"
          description="PNG, JPEG, WebP or GIF, up to 5 MB"
          accept="image/png,image/jpeg,image/webp,image/gif"
          leftSection={<IconPhoto size={16} />}
          clearable
          value={file}
          onChange={(next) => {
            setFile(next);
            setFocal(CENTRE);
          }}
          error={errors.image}
        />
        {preview && <FocalPointPicker src={preview} value={focal} onChange={setFocal} label="the new image" />}
        <TextInput
          label="Alt text"
          description="What the image shows, for people who cannot see it"
          required
          maxLength={PORTFOLIO_ALT_MAX}
          value={alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
          error={errors.alt}
        />
        <TextInput
          label="Caption"
          maxLength={PORTFOLIO_CAPTION_MAX}
          value={caption}
          onChange={(e) => setCaption(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={add} loading={busy}>
            Add image
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
