/**
 * The Cloudflare Workers entry (see wrangler.toml and docs/decisions/0002-workers-entry.md):
 * the same app as `node.ts`, with static files from Workers Static Assets, libSQL over HTTP
 * (Turso or any sqld), mail through an HTTP API and per-client rate limits from Cloudflare's
 * rate-limiting bindings. Web-standard code only: nothing here may pull in Node built-ins,
 * nodemailer or db/node.ts.
 */
import { createClient } from '@libsql/client/web';
import type { Context, ExecutionContext } from 'hono';
import { createDb } from '#db';
import { retryWhenBusy } from '#db/busy';
import { ERROR_MESSAGES } from '#shared/errors';
import { createApp } from './app';
import type { Assets, Deps } from './context';
import { ConfigError, parseConfig, type Config } from './config';
import { workersClientIp } from './http/client-ip';
import { runJobs } from './jobs/index';
import { deliverDueMail, MAIL_CRON } from './jobs/mail-queue';
import { IMPORT_CRON_BUDGET_MS, runImports } from './jobs/imports';
import { sendDueNewsletters } from './jobs/newsletters';
import { observeJob } from './ops/job-run';
import { requestIdFor } from './ops/request-id';
import { createTelemetry, type AnalyticsDataset } from './ops/telemetry';
import { deliverDueWebhooks } from './jobs/webhooks';
import { cloudflareRateLimiter } from './platform/cloudflare-rate-limit';
import { missingFileStore, r2FileStore, type R2BucketLike } from './platform/file-store/r2';
import { httpMailer } from './platform/mailer/http';
import { outboxMailer } from './platform/mailer/outbox';
import { paymentProvidersFor } from './platform/payments/index';

/** Bindings: `[vars]` and secrets are strings; ASSETS is the static-assets binding; RATE_LIMIT_* are rate limiters. */
export type WorkerEnv = {
  ASSETS: Assets;
  /** The R2 bucket of uploaded lesson files (wrangler.toml [[r2_buckets]]). */
  FILES?: R2BucketLike;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Optional Workers Analytics Engine dataset: a data point per request (route, method, status, ms). */
  ANALYTICS?: AnalyticsDataset;
  [name: string]: unknown;
};

type ScheduledController = { readonly scheduledTime: number; readonly cron: string };

const DB_SCHEMES = ['libsql:', 'https:', 'http:'];

/** How long a request retries a locked database (sqld/Turso SQLITE_BUSY) before answering 503. */
const WORKER_BUSY_WAIT_MS = 2000;

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
  if (problems.length) throw new ConfigError(problems);

  return parseConfig({ ...rest, MAIL_TRANSPORT: rest.MAIL_TRANSPORT || 'http', DATABASE_URL: LIBSQL_URL });
}

/**
 * Built once per isolate from its bindings: the settings, the bindings check and the app. The
 * dependencies that do I/O are made per request (and per cron run): workerd ties I/O and
 * pending promises to the request that started them, and one libSQL client shared by the
 * isolate's requests queued statements past its 20 at a time behind other requests' — a
 * request left waiting on another's I/O was cancelled as hung, and so was every one after it.
 * A client is only its URL and token, so making one per request costs next to nothing.
 */
function buildIsolate(env: WorkerEnv) {
  const config = workerConfig(env);
  const now = () => Date.now();
  const rateLimiterFor = cloudflareRateLimiter(env, now);
  // Per isolate: its counters are this isolate's only, which GET /metrics says (ops/metrics-route.ts).
  const telemetry = createTelemetry({
    runtime: 'workers',
    write: (line) => console.log(line),
    sentryDsn: config.SENTRY_DSN,
    environment: config.APP_ENV,
    analytics: env.ANALYTICS,
  });
  /** `c`: the request the dependencies serve (none for a cron run, which delivers mail itself). */
  const deps = (c?: Context): Deps => {
    const client = createClient({ url: config.DATABASE_URL, authToken: config.LIBSQL_AUTH_TOKEN });
    // sqld/Turso answer SQLITE_BUSY when writers collide; a short random wait and a retry
    // almost always succeeds, and past the wait the request gets 503 database_busy, not 500.
    const db = createDb(retryWhenBusy(client, { waitMs: WORKER_BUSY_WAIT_MS, onBusy: telemetry.metrics.busy }));
    const made: Deps = {
      db,
      config,
      now,
      // The request's own waitUntil: the mail goes right after the answer, and the cron trigger
      // picks up whatever this run could not send.
      mailQueued: () => {
        if (!c) return;
        c.executionCtx.waitUntil(
          deliverDueMail(made).then(
            () => undefined,
            (err: unknown) => console.error('Utsending av e-post feilet:', err),
          ),
        );
      },
      mailer:
        config.MAIL_TRANSPORT === 'outbox'
          ? outboxMailer(db)
          : // workerConfig refuses smtp, and parseConfig requires the URL and key for http.
            httpMailer({ url: config.MAIL_API_URL!, apiKey: config.MAIL_API_KEY!, from: config.MAIL_FROM }),
      payments: paymentProvidersFor(config),
      rateLimit: rateLimiterFor(db),
      assets: env.ASSETS,
      files: env.FILES ? r2FileStore(env.FILES) : missingFileStore,
      clientIp: workersClientIp,
      telemetry,
    };
    return made;
  };
  return { app: createApp(deps), deps };
}

type Isolate = ReturnType<typeof buildIsolate>;

/** Per bindings object, which is one per isolate; a bad configuration is remembered too, and logged once. */
const isolates = new WeakMap<object, Isolate | ConfigError>();

function isolateFor(env: WorkerEnv): Isolate | ConfigError {
  let found = isolates.get(env);
  if (!found) {
    try {
      found = buildIsolate(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      // The operator reads which settings are wrong in the Worker's logs; the public never does.
      console.error(err.lines.join('\n'));
      found = err;
    }
    isolates.set(env, found);
  }
  return found;
}

const configErrorResponse = (request: Request) => {
  const requestId = requestIdFor(request.headers);
  return Response.json(
    { error: { code: 'config_error', message: ERROR_MESSAGES.config_error, requestId } },
    { status: 503, headers: { 'cache-control': 'no-store', 'x-request-id': requestId } },
  );
};

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    const isolate = isolateFor(env);
    if (isolate instanceof ConfigError) return configErrorResponse(request);
    return isolate.app.fetch(request, env, ctx);
  },

  /**
   * The cron triggers in wrangler.toml: every minute newsletters are paced into the mail queue, member imports go on, and due mail is delivered;
   * The cron triggers in wrangler.toml: every minute newsletters are paced into the mail queue and its due mail and webhooks are delivered;
   * hourly every scheduled job runs. A failure marks the run as failed in the dashboard.
   */
  async scheduled(controller: ScheduledController, env: WorkerEnv): Promise<void> {
    const isolate = isolateFor(env);
    if (isolate instanceof ConfigError) throw isolate;
    if (controller.cron === MAIL_CRON) {
      // A minute's newsletter recipients join the queue first, then the queue is delivered.
      const deps = isolate.deps();
      const newsletters = await observeJob(deps.telemetry, 'newsletters', () => sendDueNewsletters(deps));
      if (newsletters.queued || newsletters.started) console.log(`Nyhetsbrev: ${JSON.stringify(newsletters)}`);
      // Member imports take their chunks, so their welcome mails go out in the same run.
      await observeJob(deps.telemetry, 'imports', () => runImports(deps, { budgetMs: IMPORT_CRON_BUDGET_MS }));
      const delivered = await observeJob(deps.telemetry, 'mail', () => deliverDueMail(deps));
      if (delivered.sent || delivered.retrying || delivered.failed || delivered.expired) {
        console.log(`E-postkø: ${JSON.stringify(delivered)}`);
      }
      const webhooks = await observeJob(deps.telemetry, 'webhooks', () => deliverDueWebhooks(deps));
      if (webhooks.sent || webhooks.retrying || webhooks.failed) console.log(`Webhooker: ${JSON.stringify(webhooks)}`);
      return;
    }
    const report = await runJobs(isolate.deps(), controller.scheduledTime);
    console.log(`Planlagte jobber (${controller.cron}): ${JSON.stringify(report)}`);
  },
};
