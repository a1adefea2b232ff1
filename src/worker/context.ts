import type { Context } from 'hono';
import type { Db } from '#db';
import type { User } from '#db/schema';
import type { Config } from './config';
import type { RateLimiter } from './http/rate-limit';
import type { FileStore } from './platform/file-store/types';
import type { Mailer } from './platform/mailer/types';
import type { PaymentProvider } from './platform/payments/types';

/** Static files of the Astro build: Workers' ASSETS binding, or dist/ in memory under Node. */
export type Assets = { fetch(request: Request): Promise<Response> };

/** Everything the app needs from its runtime; `createApp(deps)` knows nothing else. */
export type Deps = {
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  config: Config;
  now: () => number;
  rateLimit: RateLimiter;
  assets: Assets;
  /** Uploaded lesson files: a folder on Node, R2 on Workers. */
  files: FileStore;
  /** The client's address, as this runtime can trust it (socket on Node, cf-connecting-ip on Workers). */
  clientIp: (c: Context) => string;
};

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
    /** The result of a read that rode in the session's round trip (`sessionLoader(alongside)`). */
    alongside: unknown;
  };
};
