import type { Client } from '@libsql/client';
import { is } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
// The web entry takes any client and imports no native code, so it bundles for Workers too.
import { drizzle } from 'drizzle-orm/libsql/web';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

/** `$client`: the libSQL client underneath, for what Drizzle does not say (health's write probe). */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

/** Wraps any libSQL client (file, :memory:, or HTTP/Turso) in Drizzle with our schema. */
export function createDb(client: Client): Db {
  return drizzle(client, { schema });
}

export { schema };

/** Every table of the schema, found rather than listed, so code that must cover them all cannot miss a new one. */
export const tables: readonly SQLiteTable[] = Object.values(schema as Record<string, unknown>).filter((v): v is SQLiteTable =>
  is(v, SQLiteTable),
);
