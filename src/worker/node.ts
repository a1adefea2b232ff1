/**
 * The embedded default (`npm start`): one Node process serving the static build and the
 * API over a libSQL file database, migrated and seeded at start; mail goes to the outbox.
 * `npm start` runs this file bundled into plain JavaScript (scripts/build-server.mjs).
 */
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseOpenError, migrateDatabase, openDatabase, startError } from '#db/node';
import { seedIfEmpty } from '#db/seed/seed';
import { redactDatabaseUrl } from '#db/url';
import type { Db } from '#db';
import { createApp } from './app';
import type { Deps } from './context';
import { ConfigError, parseConfig, type Config } from './config';
import { bootstrapAdmins } from './features/auth/index';
import { nodeClientIp } from './http/client-ip';
import { routedByApp } from './http/pages';
import { memoryRateLimiter } from './http/rate-limit';
import { CSP_SOURCES_FILE, parseInlineSources, RESOURCE_HEADERS, securityHeaderSet } from './http/security-headers';
import { runJobs } from './jobs/index';
import { mailLoop } from './jobs/mail-queue';
import { runImports } from './jobs/imports';
import { sendDueNewsletters } from './jobs/newsletters';
import { observeJob } from './ops/job-run';
import { createTelemetry } from './ops/telemetry';
import { deliverDueWebhooks } from './jobs/webhooks';
import { httpMailer } from './platform/mailer/http';
import { outboxMailer } from './platform/mailer/outbox';
import type { Mailer } from './platform/mailer/types';
import { diskFileStore } from './platform/file-store/disk';
import { loadNodeAssets } from './platform/node-assets';
import { lineWriter } from './platform/line-writer';
import { listen } from './platform/node-listen';
import { withLocalAuthSecret } from './platform/auth-secret';
import { backupDir, databaseFile, nightlyBackups } from './platform/backup/backup';
import { holdServerLock } from './platform/backup/server-lock';
import { paymentProvidersFor } from './platform/payments/index';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const JOB_INTERVAL_MS = 60 * 60_000;
/** How often a running member import takes its next chunks (each run a quarter of a second at most). */
const IMPORT_INTERVAL_MS = 1000;
/** How often the mail queue is looked at besides the kick after each request that queues mail (retries fall due). */
const MAIL_INTERVAL_MS = 5_000;
/** How often the newsletter job looks for due sends and hands the next recipients to the queue (its pace is per minute). */
const NEWSLETTER_INTERVAL_MS = 5_000;
/** How often due webhook deliveries are sent: an event reaches Make or Zapier seconds after it happened. */
const WEBHOOK_INTERVAL_MS = 5_000;

async function createMailer(config: Config, db: Db): Promise<Mailer> {
  switch (config.MAIL_TRANSPORT) {
    case 'smtp': {
      const { smtpMailer } = await import('./platform/mailer/smtp');
      return smtpMailer(config.SMTP_URL!, config.MAIL_FROM, { heloName: new URL(config.PUBLIC_URL).hostname });
    }
    case 'http':
      return httpMailer({ url: config.MAIL_API_URL!, apiKey: config.MAIL_API_KEY!, from: config.MAIL_FROM });
    case 'outbox':
      // parseConfig refuses the outbox in production, so links reach the console only in development and test.
      return outboxMailer(db, (m) => {
        const link = /https?:\/\/\S+/.exec(m.text)?.[0] ?? '';
        console.log(`\n✉️  E-post til ${m.to} – «${m.subject}»\n   ${link}\n`);
      });
  }
}

/**
 * JSON is left alone: API answers are a few hundred bytes, where gzip saves next to nothing
 * (`{"ok":true}` grows) and costs a compression stream per request — under load a fifth of
 * the server's CPU. Files from dist/ come precompressed, and hono/compress leaves an answer
 * that already has a Content-Encoding untouched.
 */
const compressible = (type: string) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !/^application\/json\b/i.test(type);

/** The app as Node serves it: pages the app writes itself (form answers) compressed on the fly. */
export function nodeApp(deps: Deps) {
  return new Hono().use(compress({ contentTypeFilter: compressible })).route('/', createApp(deps));
}

export async function startNodeServer(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(withLocalAuthSecret(env));
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error(`Fant ikke det bygde nettstedet i ${DIST}: kjør \`npm run build\` (\`npm start\` gjør det selv).`);
  }
  const telemetry = createTelemetry({
    runtime: 'node',
    write: lineWriter(process.stdout),
    sentryDsn: config.SENTRY_DSN,
    environment: config.APP_ENV,
  });
  const { client, db } = await openDatabase(config.DATABASE_URL, config.LIBSQL_AUTH_TOKEN, {
    onBusy: telemetry.metrics.busy,
  });
  const file = databaseFile(config.DATABASE_URL);
  const backup = file ? nightlyBackups({ file, dir: backupDir(config, file), keep: config.BACKUP_KEEP }) : undefined;
  let seeded: boolean;
  try {
    await migrateDatabase(db);
    seeded = await seedIfEmpty(db);
    await bootstrapAdmins({ db }, { emails: config.ADMIN_EMAILS, now: Date.now() });
  } catch (err) {
    // A full disk, a lock or a read-only file met while migrating: one line, as at opening.
    throw startError(config.DATABASE_URL, err);
  }

  // The headers the app sets (security-headers.ts), computed once for the files served from memory.
  const inline = parseInlineSources(await readFile(join(DIST, CSP_SOURCES_FILE), 'utf8').catch(() => ''));
  const assets = await loadNodeAssets(DIST, securityHeaderSet(config.PUBLIC_ANALYTICS_SRC, inline), RESOURCE_HEADERS);
  const now = () => Date.now();
  const mailer = await createMailer(config, db);
  const mail = mailLoop({ db, now, mailer }, MAIL_INTERVAL_MS);
  const deps: Deps = {
    db,
    config,
    now,
    mailer,
    mailQueued: () => void mail.kick(),
    payments: paymentProvidersFor(config),
    rateLimit: memoryRateLimiter(now),
    assets,
    files: diskFileStore(config.FILES_DIR),
    clientIp: nodeClientIp({ trustProxy: config.TRUST_PROXY, proxyHops: config.TRUST_PROXY_HOPS }),
    backup,
    telemetry,
  };
  const app = getRequestListener(nodeApp(deps).fetch);
  // A file is answered straight from memory; the app sees the API, redirects, shells and 404s.
  const skip = (path: string) => path.startsWith('/api/') || routedByApp(path);
  const listening = await listen(
    (req, res) => {
      if (!assets.handle(req, res, skip)) void app(req, res);
    },
    config.PORT,
    config.HOST,
  );
  // Once this server serves the file (not when another one already held the port), mark it: db:restore refuses to replace it.
  const releaseLock = file ? holdServerLock(file) : () => {};

  // Each job that fails has logged its one line (ops/job-run.ts); the summary would repeat them.
  const jobs = setInterval(() => runJobs(deps).catch(() => undefined), JOB_INTERVAL_MS).unref();
  // Never two runs of a job at once in this process (another process or the hourly run may overlap: each job is safe with that).
  const newsletterJob = repeatAlone(NEWSLETTER_INTERVAL_MS, () =>
    observeJob(telemetry, 'newsletters', () => sendDueNewsletters(deps)).then((r) => r.queued && void mail.kick()),
  );
  const importJob = repeatAlone(IMPORT_INTERVAL_MS, () =>
    observeJob(telemetry, 'imports', () => runImports(deps)).then((r) => r.rows && void mail.kick()),
  );
  const webhookJob = repeatAlone(WEBHOOK_INTERVAL_MS, () => observeJob(telemetry, 'webhooks', () => deliverDueWebhooks(deps)));
  return {
    ...listening,
    close: async () => {
      clearInterval(jobs);
      clearInterval(newsletterJob);
      clearInterval(importJob);
      clearInterval(webhookJob);
      await listening.close();
      await mail.stop();
      client.close();
      releaseLock();
    },
    config,
    seeded,
  };
}

/** Runs `job` every `ms` (not keeping the process alive), skipping a tick while the last run is still going; a failure is logged. */
function repeatAlone(ms: number, job: () => Promise<unknown>) {
  let running = false;
  return setInterval(() => {
    if (running) return;
    running = true;
    job()
      // Logged by observeJob: one line while the database is locked, the stack only for a fault.
      .catch(() => undefined)
      .finally(() => (running = false));
  }, ms).unref();
}

/** What the start prints: where the site is, which database (never its credentials), where mail goes. */
export function startMessage(config: Config, seeded: boolean): string[] {
  const lines = [
    `Soloprenør kjører på ${config.PUBLIC_URL}`,
    `Database: ${redactDatabaseUrl(config.DATABASE_URL)}${seeded ? ' (nytt innhold lagt inn)' : ''}`,
  ];
  if (config.MAIL_TRANSPORT === 'outbox') {
    lines.push('E-post sendes ikke ut: innloggingslenker skrives her i konsollen (og lagres i tabellen mail_outbox).');
  }
  return lines;
}

/** `npm start`: start, say where, or stop with the settings that are wrong. */
export async function main(): Promise<void> {
  try {
    const { config, seeded } = await startNodeServer();
    console.log(`\n${startMessage(config, seeded).join('\n')}`);
  } catch (err) {
    // One line naming the setting and the cause: the stack trace would say nothing more useful.
    if (err instanceof ConfigError) {
      console.error(err.lines.join('\n'));
      process.exit(1);
    }
    if (err instanceof DatabaseOpenError) {
      console.error(err.message);
      process.exit(1);
    }
    const { code, path } = err as NodeJS.ErrnoException;
    // The auth secret is written beside the database file (platform/auth-secret.ts).
    if (path && code === 'ENOSPC') {
      console.error(`Kan ikke skrive ${path}: disken er full (ENOSPC).`);
      process.exit(1);
    }
    if (path && /^(EACCES|EPERM|EROFS|ENOTDIR|EEXIST)$/.test(code ?? '')) {
      console.error(`Kan ikke skrive ${path} (${code}): sjekk DATABASE_URL og at mappen kan skrives.`);
      process.exit(1);
    }
    if (code === 'EADDRINUSE') {
      console.error(`Porten ${(err as { port?: number }).port} er allerede i bruk. Velg en annen med PORT=…`);
      process.exit(1);
    }
    throw err;
  }
}
