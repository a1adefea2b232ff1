/**
 * The embedded default (`npm start`): one Node process serving the static build and the
 * API over a libSQL file database, migrated and seeded at start; mail goes to the outbox.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase } from '#db/node';
import { seedIfEmpty } from '#db/seed/seed';
import { createApp } from './app';
import type { Deps } from './context';
import { ConfigError, parseConfig, type Config } from './config';
import { httpMailer } from './platform/mailer/http';
import { outboxMailer } from './platform/mailer/outbox';
import type { Mailer } from './platform/mailer/types';
import { nodeAssets } from './platform/node-assets';
import { withLocalAuthSecret } from './platform/auth-secret';
import { paymentProviderFor } from './platform/payments/index';
import { dbRateLimiter } from './http/rate-limit';
import type { Db } from '#db';
import { bootstrapAdmins } from './features/auth/index';
import { deleteExpired } from './jobs/cleanup';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

async function createMailer(config: Config, db: Db): Promise<Mailer> {
  switch (config.MAIL_TRANSPORT) {
    case 'smtp': {
      const { smtpMailer } = await import('./platform/mailer/smtp');
      return smtpMailer(config.SMTP_URL!, config.MAIL_FROM, { heloName: new URL(config.PUBLIC_URL).hostname });
    }
    case 'http':
      return httpMailer({ url: config.MAIL_API_URL!, apiKey: config.MAIL_API_KEY!, from: config.MAIL_FROM });
    case 'outbox':
      return outboxMailer(db, (m) => {
        const link = /https?:\/\/\S+/.exec(m.text)?.[0] ?? '';
        console.log(`\n✉️  E-post til ${m.to} – «${m.subject}»\n   ${link}\n`);
      });
  }
}

export async function startNodeServer(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(withLocalAuthSecret(env));
  const { client, db } = await openDatabase(config.DATABASE_URL, config.LIBSQL_AUTH_TOKEN);
  await migrateDatabase(db);
  const seeded = await seedIfEmpty(db);
  await bootstrapAdmins({ db }, { emails: config.ADMIN_EMAILS });

  const now = () => Date.now();
  const deps: Deps = {
    db,
    config,
    now,
    mailer: await createMailer(config, db),
    payments: paymentProviderFor(config),
    rateLimit: dbRateLimiter(db, now),
    assets: nodeAssets(DIST),
    clientIp: (c) =>
      (config.TRUST_PROXY ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined) ??
      (c.env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket?.remoteAddress ??
      'unknown',
  };
  const app = new Hono().use(compress()).route('/', createApp(deps));

  const server = serve({ fetch: app.fetch, port: config.PORT });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const cleanup = setInterval(() => deleteExpired(db, now()).catch((e) => console.error('Opprydding feilet:', e)), 3_600_000).unref();
  server.once('close', () => clearInterval(cleanup));
  return { server, client, config, seeded };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { config, seeded } = await startNodeServer();
    console.log(`\nSoloprenør kjører på ${config.PUBLIC_URL}`);
    console.log(`Database: ${config.DATABASE_URL}${seeded ? ' (nytt innhold lagt inn)' : ''}`);
    if (config.MAIL_TRANSPORT === 'outbox') {
      console.log('E-post sendes ikke ut: innloggingslenker skrives her i konsollen (og lagres i tabellen mail_outbox).');
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
