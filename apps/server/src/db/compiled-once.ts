import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

/** A query's parameter, named where the query is built: `param<number>('wallet id')`. */
export const param = <T>(name: string) => `<${name}>` as unknown as T;

/**
 * A query whose SQL depends only on the dialect, compiled once. Building and compiling a query
 * with Kysely on every request costs more than SQLite takes to run a small one (~14 µs for the
 * session lookup; docs/decisions.md#queries-compiled-once). Build it with `param(name)`
 * where each value goes; `run` takes the values in the order of `names`, which must be the order
 * the parameters appear in the SQL (checked here, once).
 */
export function compiledOnce<R>(query: Compilable<R>, names: readonly string[]) {
  const { sql, parameters } = query.compile();
  const expected = names.map((name) => param<string>(name));
  if (parameters.join('\n') !== expected.join('\n')) {
    throw new Error(`compiledOnce: parameters ${parameters.join(', ')} are not ${expected.join(', ')}`);
  }
  return async <DB>(db: Kysely<DB>, values: readonly unknown[]): Promise<R[]> =>
    (await db.executeQuery(CompiledQuery.raw(sql, [...values]) as CompiledQuery<R>)).rows;
}
