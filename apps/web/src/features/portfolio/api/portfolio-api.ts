import type { PortfolioFields, PortfolioPageFields, PortfolioProject, PortfolioProjectPage } from '@site/contract';
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
};
