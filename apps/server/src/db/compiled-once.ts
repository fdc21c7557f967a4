import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

const MARKER = '\u0000param:';

/**
 * A query's parameter, named where the query is built: `param<number>('walletId')`. Its marker
 * starts with a NUL character, which no value of ours holds, so a constant such as '<b>' stays a
 * constant.
 */
export const param = <T>(name: string) => `${MARKER}${name}` as unknown as T;

/**
 * A query whose SQL depends only on the dialect, compiled once. Building and compiling a query
 * with Kysely on every request costs more than SQLite takes to run a small one (~14 µs for the
 * session lookup; docs/decisions.md#queries-compiled-once). Build it with `param(name)` where a
 * value goes (a name may appear more than once); the returned function runs it with the values
 * by name. Any other parameter is a constant of the query and kept as compiled.
 */
export function compiledOnce<DB, R>(db: Kysely<DB>, query: Compilable<R>) {
  const { sql, parameters } = query.compile();
  const slots = parameters.map((value) =>
    typeof value === 'string' && value.startsWith(MARKER) ? value.slice(MARKER.length) : undefined,
  );
  return async (values: Readonly<Record<string, unknown>>): Promise<R[]> => {
    const bound = parameters.map((constant, i) => {
      const name = slots[i];
      if (name === undefined) return constant;
      if (!(name in values)) throw new Error(`compiledOnce: no value for ${name}`);
      return values[name];
    });
    return (await db.executeQuery(CompiledQuery.raw(sql, bound) as CompiledQuery<R>)).rows;
  };
}
