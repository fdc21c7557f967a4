import type { PortfolioFields, PortfolioProject } from '@site/contract';
import { routes } from '@site/contract/routes';
import { callApi } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/contract-schemas';

// zod and these schemas load with the first call, not with the page (docs/decisions.md#main-thread-work-after-the-first-paint).
const schemas = lazySchemas(() => import('./portfolio-schemas'));

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
  list: (signal?: AbortSignal): Promise<PortfolioProject[]> =>
    callApi(routes.portfolio.list, { schema: schemas((c) => c.portfolioListResponseSchema), signal }),
  create: (input: ProjectFormInput): Promise<PortfolioProject> =>
    callApi(routes.portfolio.create, { body: toFormData(input), schema: schemas((c) => c.portfolioProjectSchema) }),
  update: (id: number, input: ProjectFormInput): Promise<PortfolioProject> =>
    callApi(routes.portfolio.update, {
      params: { id },
      body: toFormData(input),
      schema: schemas((c) => c.portfolioProjectSchema),
    }),
  remove: (id: number) =>
    callApi(routes.portfolio.remove, { params: { id }, schema: schemas((c) => c.portfolioDeleteResponseSchema) }),
};
