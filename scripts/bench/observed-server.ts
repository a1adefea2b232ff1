/**
 * For the operator's-overhead bench (operator-overhead.ts): the product's GET /api/health twice
 * in one process over one database — once behind the request log and metrics (ops/request-log.ts,
 * as the app runs it), once without — each on its own port. The log lines go to stdout as on the
 * Node server (the bench sends them to /dev/null). Forked by the bench, so neither shares an event
 * loop with the load generator; answers `{ observed, plain }` (their ports) once listening.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '#support/app';
import type { AppEnv } from '#worker/context';
import { healthRoutes } from '#worker/features/health/index';
import { observeRequests } from '#worker/ops/request-log';
import { createTelemetry } from '#worker/ops/telemetry';
import { lineWriter } from '#worker/platform/line-writer';

const t = await createTestApp({});
const telemetry = createTelemetry({ runtime: 'node', write: lineWriter(process.stdout), environment: 'bench' });
const deps = { ...t.deps, telemetry };

const app = (observed: boolean) => {
  const a = new Hono<AppEnv>().use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  if (observed) a.use(observeRequests);
  return a.route('/api/health', healthRoutes);
};
const listen = (a: Hono<AppEnv>) =>
  new Promise<number>((resolve) => {
    const server = serve({ fetch: a.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve((server.address() as AddressInfo).port),
    );
  });

const [observed, plain] = [await listen(app(true)), await listen(app(false))];
process.send?.({ observed, plain });
process.once('disconnect', () => {
  t.close();
  process.exit(0);
});
