import { expect } from 'vitest';
import { createDb } from '#db';
import { outboxMailer } from '#worker/platform/mailer/outbox';
import type { TestApp } from './app';

/**
 * For tests of the round-trip budget (at most two per API request): in production the per-IP
 * limits live in the process and queued mail is delivered after the request, over SMTP or HTTP,
 * so neither costs the request a database round trip. Here the per-IP limiter is switched off
 * and the outbox writes past the counter (as the test app's delivery does), leaving exactly what
 * the route itself costs. The outbox still works for reading links.
 */
export function countOnlyTheRoute(t: TestApp): void {
  t.deps.rateLimit = async () => {};
  t.deps.mailer = outboxMailer(createDb(t.client));
}

/** The database round trips one request costs; the request (a fetch or the typed client) must answer `status`. */
export async function roundTripsOf(
  t: TestApp,
  send: () => { status: number } | Promise<{ status: number }>,
  status: number,
): Promise<number> {
  t.roundTrips.reset();
  expect((await send()).status).toBe(status);
  return t.roundTrips.count;
}
