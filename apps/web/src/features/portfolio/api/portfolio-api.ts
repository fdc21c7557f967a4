import type {
  PortfolioFields,
  PortfolioImagePatch,
  PortfolioPageFields,
  PortfolioProject,
  PortfolioProjectPage,
} from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

export interface ProjectFormInput extends PortfolioFields, PortfolioPageFields {
  /** A newly chosen file; absent keeps the current image (docs/product.md: sent only if a new file was chosen). */
  image?: File | null;
}

/**
 * The seed's multipart form: the text fields, plus `image` only when a file was picked. Lists and
 * objects (tags, links) travel as JSON text, flags as 'true'/'false' (docs/api.md#portfolio).
 */
function toFormData({ image, ...fields }: ProjectFormInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(
      name,
      typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value),
    );
  }
  if (image) form.append('image', image);
  return form;
}

/** A gallery upload (docs/api.md#project-images): the file with its alt text, caption and focal point. */
export interface ImageUploadInput {
  file: File;
  alt: string;
  caption: string;
  focal_x: number;
  focal_y: number;
}

function imageFormData({ file, alt, caption, focal_x, focal_y }: ImageUploadInput): FormData {
  const form = new FormData();
  form.append('alt', alt);
  form.append('caption', caption);
  form.append('focal_x', String(focal_x));
  form.append('focal_y', String(focal_y));
  form.append('image', file);
  return form;
}

export const portfolioApi = {
  list: (signal?: AbortSignal): Promise<PortfolioProject[]> => callEndpoint('portfolio.list', { signal }),
  project: (slug: string, signal?: AbortSignal): Promise<PortfolioProjectPage> =>
    callEndpoint('portfolio.project', { params: { slug }, signal }),
  order: (ids: number[]): Promise<PortfolioProject[]> => callEndpoint('portfolio.order', { body: { ids } }),
  preview: (body: string, signal?: AbortSignal): Promise<{ html: string }> =>
    callEndpoint('portfolio.preview', { body: { body }, signal }),
  create: (input: ProjectFormInput): Promise<PortfolioProject> =>
    callEndpoint('portfolio.create', { body: toFormData(input) }),
  update: (id: number, input: ProjectFormInput): Promise<PortfolioProject> =>
    callEndpoint('portfolio.update', { params: { id }, body: toFormData(input) }),
  remove: (id: number) => callEndpoint('portfolio.remove', { params: { id } }),
  addImage: (id: number, input: ImageUploadInput): Promise<PortfolioProject> =>
    callEndpoint('portfolio.addImage', { params: { id }, body: imageFormData(input) }),
  updateImage: (id: number, imageId: number, patch: PortfolioImagePatch): Promise<PortfolioProject> =>
    callEndpoint('portfolio.updateImage', { params: { id, imageId }, body: patch }),
  removeImage: (id: number, imageId: number): Promise<PortfolioProject> =>
    callEndpoint('portfolio.removeImage', { params: { id, imageId } }),
};
