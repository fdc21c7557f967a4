import type { Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { down001, up001 } from './001_users_and_sessions.js';
import { down002, up002 } from './002_todos.js';

/**
 * Every migration, in order. Names are permanent: the migrator records them in the database.
 * Each takes the dialect so one definition can use the right id column for either database.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_users_and_sessions': { up: up001(dialect), down: down001 },
    '002_todos': { up: up002(dialect), down: down002 },
  };
}
