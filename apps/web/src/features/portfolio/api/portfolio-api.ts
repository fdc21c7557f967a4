import type { PortfolioFields, PortfolioProject } from '@site/contract';
import { callEndpoint } from '../../../lib/api-client';

export interface ProjectFormInput extends PortfolioFields {
  /** A newly chosen file; absent keeps the current image (docs/product.md: sent only if a new file was chosen). */
  image?: File | null;
}

/** The seed's multipart form: the text fields, plus `image` only when a file was picked. */
function toFormData({ image, ...fields }: ProjectFormInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', image);
  return form;
}

export const portfolioApi = {
  list: (signal?: AbortSignal): Promise<PortfolioProject[]> => callEndpoint('portfolio.list', { signal }),
  create: (input: ProjectFormInput): Promise<PortfolioProject> =>
    callEndpoint('portfolio.create', { body: toFormData(input) }),
  update: (id: number, input: ProjectFormInput): Promise<PortfolioProject> =>
    callEndpoint('portfolio.update', { params: { id }, body: toFormData(input) }),
  remove: (id: number) => callEndpoint('portfolio.remove', { params: { id } }),
};
