import { todoTaskEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.js';
import type { LabelsService } from './labels.service.js';

/** docs/api.md#to-do-lists-sharing-and-tasks: my labels. */
export const labelsRoutes: FastifyPluginAsyncZod<{ service: LabelsService }> = async (app, { service }) => {
  route(app, endpoints.labels, async (_request, { user }) => service.labels(user.id));
  route(app, endpoints.updateLabel, async (request, { user }) =>
    service.update(user.id, request.params.name, request.body),
  );
  route(app, endpoints.removeLabel, async (request, { user }) => {
    await service.remove(user.id, request.params.name);
    return { success: true as const, message: 'Label deleted' };
  });
};
