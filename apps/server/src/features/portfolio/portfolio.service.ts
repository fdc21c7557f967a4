import type { PortfolioProject, PortfolioProjectPage } from '@site/contract';
import { badRequest, notFound } from '../../core/http-errors.js';
import { processUpload } from './image-processing.js';
import { renderMarkdown } from './markdown.js';
import type { PortfolioRepository } from './portfolio.repository.js';
import type { readProjectForm } from './project-form.js';

type ProjectForm = Awaited<ReturnType<typeof readProjectForm>>;
const NOT_FOUND = 'Project not found';

export function portfolioService(repository: PortfolioRepository) {
  async function found(id: number): Promise<PortfolioProject> {
    const project = await repository.find(id);
    if (!project) throw notFound(NOT_FOUND);
    return project;
  }

  return {
    /** Drafts are the admin's alone (docs/api.md#portfolio). */
    list: (isAdmin: boolean) => repository.list({ drafts: isAdmin }),

    /**
     * A project's page by slug; a former slug finds it too (`moved`: the caller redirects). A draft
     * is a 404 to everyone but the admin, as if it did not exist.
     */
    async page(slug: string, isAdmin: boolean): Promise<{ project: PortfolioProjectPage; moved: boolean }> {
      const found = await repository.findBySlug(slug);
      if (!found || (found.project.status === 'draft' && !isAdmin)) throw notFound(NOT_FOUND);
      return { project: { ...found.project, body_html: renderMarkdown(found.project.body) }, moved: found.moved };
    },

    async reorder(ids: number[]): Promise<PortfolioProject[]> {
      if (!(await repository.reorder(ids)))
        throw badRequest('List every project once', { ids: 'List every project once' });
      return repository.list({ drafts: true });
    },

    preview: (body: string) => ({ html: renderMarkdown(body) }),

    async create(form: ProjectForm): Promise<PortfolioProject> {
      // The image is checked and converted before anything is written.
      const image = form.image ? await processUpload(form.image) : undefined;
      return found(await repository.create(form.fields, image));
    },

    async update(id: number, form: ProjectForm): Promise<PortfolioProject> {
      const image = form.image ? await processUpload(form.image) : undefined;
      if (!(await repository.update(id, form.fields, image))) throw notFound(NOT_FOUND);
      return found(id);
    },

    async remove(id: number) {
      if (!(await repository.delete(id))) throw notFound(NOT_FOUND);
    },

    async image(id: number) {
      const image = await repository.findImage(id);
      if (!image) throw notFound('This project has no image');
      return image;
    },
  };
}

export type PortfolioService = ReturnType<typeof portfolioService>;
