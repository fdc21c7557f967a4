import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * PostgreSQL's introspector as Kysely's migrator uses it (does the schema and the migration table
 * exist?), reading only the connection's own schema. Kysely's own reads every column of every
 * table of every schema, with a function call per column: with tests' schemas coming and going
 * beside it, that is slow, and it fails when another test drops its schema halfway through
 * ("relation … does not exist"). docs/architecture.md#data-and-configuration.
 */
interface ColumnRow {
  schema: string;
  name: string;
  type: string;
  column: string;
  data_type: string;
  nullable: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`
      select nspname as name from pg_catalog.pg_namespace where nspname = current_schema()`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select t.table_schema as schema, t.table_name as name, t.table_type as type, c.column_name as column,
             c.udt_name as data_type, c.is_nullable = 'YES' as nullable, c.column_default is not null as has_default,
             (c.is_identity = 'YES' or coalesce(c.column_default, '') like 'nextval(%') as auto_incrementing
        from information_schema.tables t
        join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
       where t.table_schema = current_schema()
       order by t.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.name) as (TableMetadata & { columns: ColumnMetadata[] }) | undefined;
      if (!table) {
        table = { name: row.name, schema: row.schema, isView: row.type === 'VIEW', columns: [] };
        tables.set(row.name, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        isNullable: row.nullable,
        isAutoIncrementing: row.auto_incrementing,
        hasDefaultValue: row.has_default,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgresDialect whose introspection reads the connection's own schema (its search_path). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
