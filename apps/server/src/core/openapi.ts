import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Personal site API',
        description: 'Accounts, weather, Sudoku, to-do, portfolio and paper-trading finance.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // No `staticCSP`: swagger-ui's own policy would replace the site's with `frame-ancestors 'self'`
  // and `upgrade-insecure-requests` (the page's requests go to https on a plain-http install). Its
  // page loads only same-origin scripts and styles, so the site-wide policy (core/security.ts) fits.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
