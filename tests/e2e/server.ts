/** The product as `npm start` runs it, on a fresh database, for the browser tests. */
import { eq } from 'drizzle-orm';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrateDatabase, openDatabase } from '#db/node';
import { campaigns } from '#db/schema';
import { seedIfEmpty } from '#db/seed/seed';
import { startNodeServer } from '#worker/node';
import { startFakeBrreg } from '#support/fake-brreg';
import { STRIPE_TEST_KEYS, startFakeStripe } from '#support/fake-stripe';
import { startFakeVipps, vippsEnv } from '#support/fake-vipps';
import { E2E } from './env';

rmSync(dirname(E2E.dbFile), { recursive: true, force: true });
mkdirSync(dirname(E2E.dbFile), { recursive: true });

// The seeded campaign opens a modal on a free user's first guide visit of the day, which would
// stand in front of every other test's guide: here it is a sidebar instead (set before the
// server answers), and campaigns.spec.ts, run after the rest, switches it to each display type.
const { client, db } = await openDatabase(`file:${E2E.dbFile}`);
await migrateDatabase(db);
await seedIfEmpty(db);
await db.update(campaigns).set({ displayType: E2E.seededCampaignDisplay }).where(eq(campaigns.id, 'default'));
client.close();

// Vipps is offered beside the test provider (still the default, so the other tests pay as before),
// through a local fake of its API whose confirmation page sends the browser back and whose
// signed webhooks reach this server (tests/e2e/vipps.spec.ts).
const vipps = await startFakeVipps();
vipps.state.webhookUrl = `${E2E.baseUrl}/api/payments/vipps/webhook`;

// Cards go through a local fake of Stripe's API, whose stand-in for the hosted Checkout page
// completes the session and posts the signed webhook here (tests/e2e/storefront.spec.ts).
const stripe = await startFakeStripe();
stripe.checkoutPage(`${E2E.baseUrl}/api/payments/stripe/webhook`);

// Business buyers' org.nr are looked up in a local fake of Enhetsregisteret (tests/e2e/ledger.spec.ts).
const brreg = await startFakeBrreg();
brreg.add('923609016', 'HANSEN & SØNN AS');

await startNodeServer({
  ...vippsEnv(vipps),
  BRREG_BASE_URL: brreg.url,
  PAYMENT_PROVIDERS: 'test,vipps,stripe',
  STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
  STRIPE_API_URL: stripe.url,
  APP_ENV: 'test',
  PORT: String(E2E.port),
  PUBLIC_URL: E2E.baseUrl,
  DATABASE_URL: `file:${E2E.dbFile}`,
  ADMIN_EMAILS: 'admin-desktop@soloprenor.no,admin-phone@soloprenor.no',
  // Each test sends its own X-Forwarded-For, so per-IP rate limits hold per test, not per run.
  TRUST_PROXY: 'true',
  // The whole run's sign-ins come from strangers' addresses within the hour: more than the default budget's share for them.
  MAIL_HOURLY_BUDGET: '5000',
});
