import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throw-away database on the test PostgreSQL (TEST_DATABASE_URL) for suites that start server
 * processes: a schema is not enough, since each instance connects by URL on its own.
 */
export async function createThrowawayDatabase(prefix = 'site_scale'): Promise<{ url: string; drop(): Promise<void> }> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(databaseUrl ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
