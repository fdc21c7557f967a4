import { healthResponseSchema } from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['site'], summary: 'Liveness and configuration', response: { 200: healthResponseSchema } } },
    async () => {
      // A trivial query proves the database answers, not just that the process is up.
      await sql`select 1`.execute(app.deps.database.db);
      return {
        status: 'ok' as const,
        database: app.deps.database.dialect,
        dataMode: app.deps.config.dataMode,
      };
    },
  );
};
