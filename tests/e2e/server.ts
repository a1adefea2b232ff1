/** The product as `npm start` runs it, on a fresh database, for the browser tests. */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { startNodeServer } from '#worker/node';
import { E2E } from './env';

rmSync(dirname(E2E.dbFile), { recursive: true, force: true });
await startNodeServer({
  APP_ENV: 'test',
  PORT: String(E2E.port),
  PUBLIC_URL: E2E.baseUrl,
  DATABASE_URL: `file:${E2E.dbFile}`,
  ADMIN_EMAILS: 'admin-desktop@soloprenor.no,admin-phone@soloprenor.no',
  // Each test sends its own X-Forwarded-For, so per-IP rate limits hold per test, not per run.
  TRUST_PROXY: 'true',
});
