import type { PortfolioProject } from '@site/contract';
import { notFound } from '../../core/http-errors.js';
import { processUpload } from './image-processing.js';
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
    list: () => repository.list(),

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
