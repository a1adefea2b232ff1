import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '#db/node';

/**
 * A migrated, empty database file made once per test run (Vitest's global setup) and copied
 * for each test app, so no test pays for running the migrations again.
 */
export async function makeTemplateDb(): Promise<string> {
  const dir = join(tmpdir(), `soloprenor-template-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'template.db');
  const { client, db } = await openDatabase(`file:${file}`);
  await migrateDatabase(db);
  // Fold the WAL into the main file, so one copied file is the whole database.
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  client.close();
  return file;
}

/** Copies the run's template into `target`; outside a Vitest run (no template yet) migrates one first. */
export async function copyTemplateDb(target: string): Promise<void> {
  const template = process.env.SOLOPRENOR_TEMPLATE_DB;
  copyFileSync(template && existsSync(template) ? template : await makeTemplateDb(), target);
}
