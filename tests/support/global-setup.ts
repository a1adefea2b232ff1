import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeTemplateDb } from './template-db';

/** Vitest global setup: migrate one template database for the whole run. */
export default async function setup() {
  const file = await makeTemplateDb();
  process.env.SOLOPRENOR_TEMPLATE_DB = file;
  return () => rmSync(dirname(file), { recursive: true, force: true });
}
