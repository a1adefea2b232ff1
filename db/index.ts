import type { Client } from '@libsql/client';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
// The web entry takes any client and imports no native code, so it bundles for Workers too.
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from './schema';

export type Db = LibSQLDatabase<typeof schema>;

/** Wraps any libSQL client (file, :memory:, or HTTP/Turso) in Drizzle with our schema. */
export function createDb(client: Client): Db {
  return drizzle(client, { schema });
}

export { schema };
