import { type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * An auto-increment integer primary key in either database. PostgreSQL uses a 32-bit identity
 * column so ids come back as JS numbers (int8 would come back as strings).
 */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** `lower(column)` for case-insensitive unique indexes, valid in both databases. */
export const lower = (column: string) => sql`lower(${sql.ref(column)})`;
