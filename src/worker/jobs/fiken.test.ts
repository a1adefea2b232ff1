import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fikenPushes, payments } from '#db/schema';
import { DAY, MINUTE } from '#shared/time';
import { appPerTest, createTestApp } from '#support/app';
import { expectConsoleError } from '#support/console-guard';
import { FIKEN_TEST_TOKEN, startFakeFiken, type FakeFiken } from '#support/fake-fiken';
import { pushToFiken } from './fiken';

let fiken: FakeFiken;
beforeAll(async () => {
  fiken = await startFakeFiken();
});
beforeEach(() => {
  fiken.requests.length = 0;
  fiken.state.failTimes = 0;
});
afterAll(() => fiken.close());

const t = appPerTest(() => ({
  seed: true,
  env: { FIKEN_TOKEN: FIKEN_TEST_TOKEN, FIKEN_COMPANY: 'soloprenor-as', FIKEN_BASE_URL: fiken.url },
}));

/** A business buyer pays for a year (test provider: at once); returns the payment's id. */
async function businessSale() {
  const { sessionToken } = await t.signIn('kari@example.no');
  const res = await t.as(sessionToken).premium.upgrade.$post({
    json: {
      plan: 'yearly',
      price: 1995,
      withdrawalConsent: true,
      buyer: { company: 'Hansen & Sønn AS', orgNumber: '923609016' },
    },
  });
  expect(res.status).toBe(200);
  return (await t.db.select().from(payments))[0]!.id;
}

const pushes = () => t.db.select().from(fikenPushes).orderBy(fikenPushes.receiptNumber);

describe('the Fiken push job', () => {
  it('posts each sale, then the refund’s counter-sale, once, with the token and the amounts in øre', async () => {
    const paymentId = await businessSale();
    expect(await pushToFiken(t.deps)).toEqual({ queued: 1, sent: 1, retrying: 0, failed: 0 });
    expect(fiken.requests).toHaveLength(1);
    const [sale] = fiken.requests;
    expect(sale).toMatchObject({ method: 'POST', path: '/api/v2/companies/soloprenor-as/sales' });
    expect(sale!.headers.authorization).toBe(`Bearer ${FIKEN_TEST_TOKEN}`);
    expect(sale!.headers['content-type']).toBe('application/json');
    expect(sale!.body).toEqual({
      saleNumber: '1',
      date: '2026-11-21',
      kind: 'cash_sale',
      currency: 'NOK',
      totalPaid: 199500,
      paymentAccount: '1920:10001',
      paymentDate: '2026-11-21',
      lines: [
        {
          description: 'Kvittering nr. 1: Soloprenør Premium – årsabonnement (Kjøper: Hansen & Sønn AS, org.nr. 923609016)',
          netPrice: 159600,
          vat: 39900,
          account: '3000',
          vatType: 'HIGH',
        },
      ],
    });
    expect(await pushes()).toMatchObject([
      { receiptNumber: 1, status: 'sent', fikenLocation: `${fiken.url}/companies/soloprenor-as/sales/1` },
    ]);

    // Nothing twice.
    expect(await pushToFiken(t.deps)).toEqual({ queued: 0, sent: 0, retrying: 0, failed: 0 });
    expect(fiken.requests).toHaveLength(1);

    t.clock.advance(DAY);
    const admin = await t.signIn('admin@soloprenor.no');
    expect(
      (await t.as(admin.sessionToken).admin.payments[':id'].refund.$post({ param: { id: paymentId }, json: {} })).status,
    ).toBe(200);
    expect(await pushToFiken(t.deps)).toMatchObject({ queued: 1, sent: 1 });
    expect(fiken.requests[1]!.body).toMatchObject({
      saleNumber: '2',
      date: '2026-11-22',
      totalPaid: -199500,
      lines: [{ description: expect.stringMatching(/^Kreditnota nr\. 2: .*kvittering nr\. 1/i), netPrice: -159600, vat: -39900 }],
    });
  });

  it('retries with backoff when Fiken is down, and never holds up the payment', async () => {
    fiken.state.failTimes = 1;
    await businessSale();
    expect(await pushToFiken(t.deps, () => 0)).toEqual({ queued: 1, sent: 0, retrying: 1, failed: 0 });
    const [waiting] = await pushes();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('503') });
    // The first retry waits 15–30 s (the mail queue's backoff): not before.
    expect(await pushToFiken(t.deps, () => 0)).toEqual({ queued: 0, sent: 0, retrying: 0, failed: 0 });
    t.clock.advance(MINUTE);
    expect(await pushToFiken(t.deps, () => 0)).toMatchObject({ sent: 1 });
    expect(fiken.requests).toHaveLength(2);
    expect(await pushes()).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
  });

  it('gives up at once on an answer retrying cannot mend (a 4xx), and says so in the log', async () => {
    const errors = expectConsoleError();
    fiken.state.failWith = 400;
    fiken.state.failTimes = 1;
    await businessSale();
    expect(await pushToFiken(t.deps)).toMatchObject({ failed: 1 });
    expect(await pushes()).toMatchObject([{ status: 'failed', lastError: expect.stringContaining('400') }]);
    expect(String(errors.flat().join(' '))).toContain('bilag nr. 1');
    fiken.state.failWith = 503;
  });
});

describe('without FIKEN_TOKEN (the default)', () => {
  it('does nothing', async () => {
    const plain = await createTestApp({ seed: true });
    try {
      const { sessionToken } = await plain.signIn('kari@example.no');
      await plain.as(sessionToken).premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true } });
      expect(await pushToFiken(plain.deps)).toEqual({ off: true });
      expect(await plain.db.select().from(fikenPushes)).toEqual([]);
      expect(fiken.requests).toEqual([]);
    } finally {
      plain.close();
    }
  });
});
