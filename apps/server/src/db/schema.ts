import type { Generated } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Portable choices: booleans are 0/1 integers,
 * timestamps are ISO-8601 UTC strings (they sort correctly as text), money is integer cents.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface TodosTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  completed: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  todos: TodosTable;
}
