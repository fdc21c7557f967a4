import { CONTACT_MESSAGES_PER_HOUR, contactEndpoints as endpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AfterResponse } from '../../core/after-response.js';
import type { CounterStore } from '../../core/counter-store.js';
import { route } from '../../core/endpoint.js';
import { perClientLimit } from '../../core/per-client-limit.js';
import { CONTACT_THANKS, type ContactService } from './contact.service.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The contact form (public: no account; a signed-in visitor's cookie needs the CSRF header as on
 * every cookie mutation) and the admin's inbox (docs/api.md#contact).
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  service: ContactService;
  counters: CounterStore;
  afterResponse: AfterResponse;
}> = async (app, { service, counters, afterResponse }) => {
  route(app, endpoints.form, async (_request, { reply }) => {
    reply.header('cache-control', 'no-store');
    return service.form();
  });

  // Counted after validation, so a typo the form refuses does not use up the hour's messages;
  // the honeypot's requests count like the rest.
  const perAddress = { preHandler: perClientLimit(counters, 'contact', CONTACT_MESSAGES_PER_HOUR, HOUR_MS) };
  route(app, endpoints.send, perAddress, async (request, { reply }) => {
    const followUp = await service.send(request.body);
    afterResponse.run(reply, followUp, 'contact message mail');
    return { success: true as const, message: CONTACT_THANKS };
  });

  route(app, endpoints.inbox, async (request, { reply }) => {
    reply.header('cache-control', 'no-store');
    return service.inbox(request.query.page, request.query.page_size);
  });
  route(app, endpoints.mark, async (request) => service.mark(request.params.id, request.body.read));
  route(app, endpoints.remove, async (request) => service.remove(request.params.id));
};
