import type { Context } from 'hono';
import type { Db } from './lib/db';
import type { Config } from './env';
import type { Mailer } from './lib/mailer/types';
import type { RateLimiter } from './lib/rate-limit';

/** Static files of the Astro build: Workers' ASSETS binding, or dist/ on disk under Node. */
export type Assets = { fetch(request: Request): Promise<Response> };

/** Everything the app needs from its runtime; `createApp(deps)` knows nothing else. */
export type Deps = {
  db: Db;
  mailer: Mailer;
  config: Config;
  now: () => number;
  rateLimit: RateLimiter;
  assets: Assets;
  /** The client's address, as this runtime can trust it (socket on Node, cf-connecting-ip on Workers). */
  clientIp: (c: Context) => string;
};
