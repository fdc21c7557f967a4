import { healthEndpoints } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { route } from '../../core/endpoint.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, healthEndpoints.get, async () => {
    // A trivial query proves the database answers, not just that the process is up.
    await sql`select 1`.execute(app.deps.database.db);
    return {
      status: 'ok' as const,
      database: app.deps.database.dialect,
      dataMode: app.deps.config.dataMode,
    };
  });
};
