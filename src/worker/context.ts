import type { Context } from 'hono';
import type { Db } from '#db';
import type { User } from '#db/schema';
import type { Config } from './config';
import type { RateLimiter } from './http/rate-limit';
import type { FileStore } from './platform/file-store/types';
import type { Mailer } from './platform/mailer/types';
import type { Telemetry } from './ops/telemetry';
import type { PaymentProviders } from './platform/payments/types';

/** Static files of the Astro build: Workers' ASSETS binding, or dist/ in memory under Node. */
export type Assets = { fetch(request: Request): Promise<Response> };

/** Everything the app needs from its runtime; `createApp(deps)` knows nothing else. */
export type Deps = {
  db: Db;
  /** The transport, used only by the mail queue's delivery (jobs/mail-queue.ts): services queue mail. */
  mailer: Mailer;
  /**
   * Called after a batch queued mail: the runtime delivers it now, without holding the request
   * (Node wakes its delivery loop; Workers deliver in `waitUntil`).
   */
  mailQueued: () => void;
  /** The checkout's payment providers (the default first); a payment is acted on by the one that took it. */
  payments: PaymentProviders;
  config: Config;
  now: () => number;
  rateLimit: RateLimiter;
  assets: Assets;
  /** Uploaded lesson files: a folder on Node, R2 on Workers. */
  files: FileStore;
  /** The client's address, as this runtime can trust it (socket on Node, cf-connecting-ip on Workers). */
  clientIp: (c: Context) => string;
  /** Log lines, metrics and error reports (ops/telemetry.ts): one per process on Node, per isolate on Workers. */
  telemetry: Telemetry;
  /** Node with a file database: the nightly backup (jobs/backup.ts). Absent on Workers, where Turso keeps the history. */
  backup?: NightlyBackup;
};

/** Takes the day's backup if it is not made yet; reports what it did. */
export type NightlyBackup = (at: number) => Promise<unknown>;

/**
 * What every service receives as its first argument: the database and the clock, plus
 * whichever other dependencies that service names. Services never see the HTTP context.
 */
export type ServiceCtx<K extends keyof Deps = never> = Pick<Deps, 'db' | 'now' | K>;

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** Set by the session middleware: the signed-in user, or null. */
    user: User | null;
    sessionTokenHash: string | null;
    /** Set first (ops/request-log.ts): in `X-Request-Id`, the request's log line and every error answer. */
    requestId: string;
  };
};
