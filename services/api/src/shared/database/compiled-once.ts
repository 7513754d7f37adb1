import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

type Slot<N extends string> = { parameter: N } | { constant: unknown };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database: the query's builder types it.
type AnyKysely = Kysely<any>;

export type CompiledOnce<D extends AnyKysely, N extends string, R> = (
  db: D,
  values: Readonly<Record<N, unknown>>,
) => Promise<QueryResult<R>>;

/**
 * A query that every request runs, built and compiled by kysely once instead of at every run (building and
 * compiling cost the api about as much CPU as sending the statement). `build` writes the query as usual, with
 * `parameter(name)` wherever a run's own value goes; values it writes itself stay constants of the query.
 */
export function compiledOnce<D extends AnyKysely, N extends string, R>(
  build: (db: D, parameter: (name: N) => never) => Compilable<R>,
): CompiledOnce<D, N, R> {
  let compiled: { sql: string; slots: Slot<N>[] } | undefined;
  return async (db, values) => {
    compiled ??= compile(db, build);
    const parameters = compiled.slots.map((slot) =>
      'parameter' in slot ? values[slot.parameter] : slot.constant,
    );
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
  };
}

function compile<D extends AnyKysely, N extends string, R>(
  db: D,
  build: (db: D, parameter: (name: N) => never) => Compilable<R>,
): { sql: string; slots: Slot<N>[] } {
  const markers = new Map<string, N>();
  const parameter = (name: N): never => {
    const marker = `\u0000compiled-once parameter ${name}\u0000`;
    markers.set(marker, name);
    return marker as never;
  };
  const query = build(db, parameter).compile();
  const slots = query.parameters.map((value): Slot<N> => {
    const name = typeof value === 'string' ? markers.get(value) : undefined;
    return name === undefined ? { constant: value } : { parameter: name };
  });
  const used = new Set(slots.flatMap((slot) => ('parameter' in slot ? [slot.parameter] : [])));
  const unused = [...markers.values()].filter((name) => !used.has(name));
  // A placeholder kysely did not pass as a parameter (written into the SQL text) would run as that text.
  if (unused.length > 0 || query.sql.includes('compiled-once parameter')) {
    throw new Error(`compiledOnce: ${unused.join(', ') || 'a placeholder'} is not a parameter of the query`);
  }
  return { sql: query.sql, slots };
}
