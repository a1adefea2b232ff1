import type { Client, InStatement } from '@libsql/client';

/** Client methods that each cost one trip to the database server (on Workers, one HTTP request). */
const TRIPS = new Set(['execute', 'batch', 'executeMultiple', 'migrate', 'transaction']);

/**
 * Wraps a libSQL client so every call that reaches the database is counted: the round-trip
 * budget (at most two per API request, session included) is asserted on this count.
 */
export function countRoundTrips(client: Client) {
  let count = 0;
  /** Every statement sent, in order, for the query-plan test. */
  const statements: InStatement[] = [];
  const record = (prop: string, arg: unknown) => {
    if (prop === 'execute') statements.push(arg as InStatement);
    if (prop === 'batch') statements.push(...(arg as InStatement[]));
  };
  const counted = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (!TRIPS.has(String(prop))) return value.bind(target);
      return (...args: unknown[]) => {
        count++;
        record(String(prop), args[0]);
        return value.apply(target, args);
      };
    },
  });
  return {
    client: counted,
    get count() {
      return count;
    },
    statements,
    reset() {
      count = 0;
      statements.length = 0;
    },
    /** Runs what happens after an answer (its background work), without counting it against the request. */
    async excluding(work: () => Promise<unknown>) {
      const before = count;
      await work();
      count = before;
    },
  };
}
