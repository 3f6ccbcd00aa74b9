import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { TenantDb } from '../db/tenancy.js';

/** Where an argument goes while the query is compiled the first time. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<O> {
  query: CompiledQuery<O>;
  slots: { position: number; index: number }[];
}

/**
 * A query whose SQL text depends on its arguments only through which of them are null, built and compiled by
 * Kysely once per such pattern: each later call only puts its arguments in the parameter list. Building a large
 * query (the dashboard's eight subqueries, a list with its JSON wrapping) cost the server 0.1–0.2 ms of CPU per
 * request in Kysely alone, and as much again in garbage collection (bench profiles): more than the rest of the
 * route's own work.
 *
 * `build` must use an argument as a value only (`where('id', '=', projectId)`, `${from}` in `sql`), or test it
 * against null to leave a part out (`if (plotId !== null) …`, an optional filter or the cursor of a page): never in
 * other JavaScript logic or arithmetic, `sql.lit`, `sql.ref`. The first call of each pattern checks that every
 * argument that is not null became a parameter, and throws otherwise.
 */
export function fixedQuery<A extends unknown[], O>(
  build: (tdb: TenantDb, ...args: A) => Compilable<O> | RawBuilder<O>,
) {
  const compiled = new Map<number, Compiled<O>>();
  const compile = (tdb: TenantDb, args: A, pattern: number): Compiled<O> => {
    const built = build(tdb, ...(args.map((value, index) => (value == null ? value : new Slot(index))) as A));
    const query = 'isRawBuilder' in built ? built.compile(tdb) : built.compile();
    const slots = query.parameters.flatMap((value, position) =>
      value instanceof Slot ? [{ position, index: value.index }] : [],
    );
    const unused = args.findIndex((value, index) => value != null && !slots.some((slot) => slot.index === index));
    if (unused >= 0) throw new Error(`fixedQuery: argument ${unused + 1} did not become a parameter of the query.`);
    const entry = { query, slots };
    compiled.set(pattern, entry);
    return entry;
  };
  return async function execute(tdb: TenantDb, ...args: A): Promise<O[]> {
    let pattern = args.length << 16;
    for (let index = 0; index < args.length; index += 1) if (args[index] == null) pattern |= 1 << index;
    const { query, slots } = compiled.get(pattern) ?? compile(tdb, args, pattern);
    const parameters = [...query.parameters];
    for (const slot of slots) parameters[slot.position] = args[slot.index];
    const result = await tdb.executeQuery<O>({ ...query, parameters });
    return result.rows;
  };
}
