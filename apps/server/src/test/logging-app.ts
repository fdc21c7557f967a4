import { Writable } from 'node:stream';
import { buildApp } from '../app.js';
import { testConfig } from './test-app.js';
import { createTestDatabase } from './test-databases.js';

/** A line the app logged, as pino wrote it. */
export interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { url?: string };
  [field: string]: unknown;
}

/**
 * An app on SQLite with the tests' settings whose log lines are collected in `lines`: at `level`,
 * or at the default level (LOG_LEVEL unset, as a site runs). `close` closes it and drops its database.
 */
export async function loggingApp(level?: string) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const database = await createTestDatabase('sqlite');
  const config = testConfig({ LOG_LEVEL: level });
  const app = await buildApp({ config, database: database.handle, logger: { level: config.logLevel, stream } });
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
