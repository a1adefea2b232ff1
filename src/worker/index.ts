/**
 * The Cloudflare Workers entry (see wrangler.toml and docs/decisions/0002-workers-entry.md):
 * the same app as `node.ts`, with static files from Workers Static Assets, libSQL over HTTP
 * (Turso or any sqld) and mail through an HTTP API. Web-standard code only: nothing here
 * may pull in Node built-ins, nodemailer or db/client.ts.
 */
import { createClient } from '@libsql/client/web';
import type { ExecutionContext } from 'hono';
import { ERROR_MESSAGES } from '#shared/errors';
import { createApp } from './app';
import type { Assets, Deps } from './context';
import { ConfigError, parseConfig, type Config } from './config';
import { createDb, type Db } from '#db';
import { httpMailer } from './platform/mailer/http';
import { outboxMailer } from './platform/mailer/outbox';
import type { Mailer } from './platform/mailer/types';
import { paymentProviderFor } from './platform/payments/index';
import { dbRateLimiter } from './http/rate-limit';
import { deleteExpired } from './jobs/cleanup';

/** Bindings: `[vars]` and secrets are strings; ASSETS is the static-assets binding. */
export type WorkerEnv = {
  ASSETS: Assets;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  [name: string]: unknown;
};

type ScheduledController = { readonly scheduledTime: number; readonly cron: string };

const DB_SCHEMES = ['libsql:', 'https:', 'http:'];

/** The Worker's settings: LIBSQL_URL is the database, mail defaults to the HTTP API, SMTP is refused. */
export function workerConfig(env: WorkerEnv): Config {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') settings[name] = value;
  const { LIBSQL_URL, DATABASE_URL: _ignored, ...rest } = settings;

  const problems: string[] = [];
  if (!LIBSQL_URL) {
    problems.push('LIBSQL_URL: kreves (libsql://… eller https://… til Turso eller sqld)');
  } else if (!DB_SCHEMES.some((s) => LIBSQL_URL.startsWith(s))) {
    problems.push('LIBSQL_URL: må begynne med libsql://, https:// eller http:// (en Worker kan ikke åpne en databasefil)');
  }
  if (rest.MAIL_TRANSPORT === 'smtp') {
    problems.push('MAIL_TRANSPORT: smtp er ikke mulig på Cloudflare Workers; bruk http (eller outbox)');
  }
  if (problems.length) throw new ConfigError(`Ugyldig konfigurasjon:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  return parseConfig({ ...rest, MAIL_TRANSPORT: rest.MAIL_TRANSPORT || 'http', DATABASE_URL: LIBSQL_URL });
}

/** Parsed once per isolate; a bad configuration is remembered too, and answered on every request. */
const configs = new WeakMap<object, Config | ConfigError>();

function configFor(env: WorkerEnv): Config | ConfigError {
  let found = configs.get(env);
  if (!found) {
    try {
      found = workerConfig(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(err.message);
      found = err;
    }
    configs.set(env, found);
  }
  return found;
}

function configErrorResponse(err: ConfigError): Response {
  const detail = err.message.replace(/:\n\s*- /, ': ').replace(/\n\s*- /g, '; ');
  return Response.json(
    { error: { code: 'config_error', message: `${ERROR_MESSAGES.config_error} ${detail}` } },
    { status: 500, headers: { 'cache-control': 'no-store' } },
  );
}

/**
 * A fresh libSQL HTTP client per request (and per cron run): it holds no connection, only
 * the URL and token, and nothing that does I/O is then shared between requests.
 */
function openDb(config: Config): Db {
  return createDb(createClient({ url: config.DATABASE_URL, authToken: config.LIBSQL_AUTH_TOKEN }));
}

function createMailer(config: Config, db: Db): Mailer {
  if (config.MAIL_TRANSPORT === 'outbox') return outboxMailer(db);
  // workerConfig refuses smtp, and parseConfig requires the URL and key for http.
  return httpMailer({ url: config.MAIL_API_URL!, apiKey: config.MAIL_API_KEY!, from: config.MAIL_FROM });
}

function appFor(config: Config, env: WorkerEnv) {
  const db = openDb(config);
  const now = () => Date.now();
  const deps: Deps = {
    db,
    config,
    now,
    mailer: createMailer(config, db),
    payments: paymentProviderFor(config),
    rateLimit: dbRateLimiter(db, now),
    assets: env.ASSETS,
    clientIp: (c) => c.req.header('cf-connecting-ip') ?? 'unknown',
  };
  return createApp(deps);
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    const config = configFor(env);
    if (config instanceof ConfigError) return configErrorResponse(config);
    return appFor(config, env).fetch(request, env, ctx);
  },

  /** The cron trigger in wrangler.toml: nightly clean-up. A failure marks the run as failed in the dashboard. */
  async scheduled(controller: ScheduledController, env: WorkerEnv): Promise<void> {
    const config = configFor(env);
    if (config instanceof ConfigError) throw config;
    const removed = await deleteExpired(openDb(config), controller.scheduledTime);
    console.log(`Opprydding (${controller.cron}): ${JSON.stringify(removed)}`);
  },
};
