import {
  PORTFOLIO_GALLERY_MAX,
  type PortfolioImageFormat,
  type PortfolioImagePatch,
  type PortfolioProject,
  type PortfolioProjectPage,
} from '@site/contract';
import { badRequest, notFound } from '../../core/http-errors.js';
import { processUpload } from './image-processing.js';
import { renderMarkdown } from './markdown.js';
import { type PortfolioRepository, TOO_MANY_IMAGES } from './portfolio.repository.js';
import type { readImageForm, readProjectForm } from './project-form.js';

type ProjectForm = Awaited<ReturnType<typeof readProjectForm>>;
type ImageForm = Awaited<ReturnType<typeof readImageForm>>;
const NOT_FOUND = 'Project not found';
const IMAGE_NOT_FOUND = 'This project has no such image';

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
      const body_html = await renderMarkdown(found.project.body);
      return { project: { ...found.project, body_html }, moved: found.moved };
    },

    async reorder(ids: number[]): Promise<PortfolioProject[]> {
      if (!(await repository.reorder(ids)))
        throw badRequest('List every project once', { ids: 'List every project once' });
      return repository.list({ drafts: true });
    },

    preview: async (body: string) => ({ html: await renderMarkdown(body) }),

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

    /**
     * Adds an image to the gallery's end. A full gallery or a missing project is refused before the
     * upload is encoded (AVIF takes a while); the repository counts again under the project's lock.
     */
    async addImage(projectId: number, form: ImageForm): Promise<PortfolioProject> {
      const count = await repository.imageCount(projectId);
      if (count === undefined) throw notFound(NOT_FOUND);
      if (count >= PORTFOLIO_GALLERY_MAX) throw badRequest(TOO_MANY_IMAGES, { image: TOO_MANY_IMAGES });
      const image = await processUpload(form.image);
      if (!(await repository.addImage(projectId, image, form.fields))) throw notFound(NOT_FOUND);
      return found(projectId);
    },

    async updateImage(projectId: number, imageId: number, patch: PortfolioImagePatch): Promise<PortfolioProject> {
      if (!(await repository.updateImage(projectId, imageId, patch))) throw notFound(IMAGE_NOT_FOUND);
      return found(projectId);
    },

    async removeImage(projectId: number, imageId: number): Promise<PortfolioProject> {
      if (!(await repository.removeImage(projectId, imageId))) throw notFound(IMAGE_NOT_FOUND);
      return found(projectId);
    },

    async imageFile(projectId: number, imageId: number, format: PortfolioImageFormat, width: number) {
      const file = await repository.findImageFile(projectId, imageId, format, width);
      if (!file) throw notFound('No such image file');
      return file;
    },
  };
}

export type PortfolioService = ReturnType<typeof portfolioService>;
