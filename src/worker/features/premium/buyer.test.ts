import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { coupons, mailQueue, payments, receipts } from '#db/schema';
import type { UpgradeRequest } from '#shared/schemas/premium';
import { appPerTest, createTestApp } from '#support/app';
import { expectApiError } from '#support/errors';
import { startFakeBrreg, type FakeBrreg } from '#support/fake-brreg';
import { freePort } from '#support/free-port';

/*
 * A business buyer at the checkout (docs/decisions/0044): the org.nr is checked by mod 11, then
 * looked up in Enhetsregisteret (a local fake here); the company and number go on the payment,
 * the receipt and its mail.
 */

let brreg: FakeBrreg;
beforeAll(async () => {
  brreg = await startFakeBrreg();
  brreg.add('923609016', 'HANSEN & SØNN AS');
  brreg.add('974760673', 'NEDLAGT AS', '2024-05-01');
  brreg.remove('100000040');
});
beforeEach(() => {
  brreg.state.lookups.length = 0;
});
afterAll(() => brreg.close());

const t = appPerTest(() => ({ seed: true, env: { BRREG_BASE_URL: brreg.url } }));

const HANSEN = { company: 'Hansen & Sønn AS', orgNumber: '923 609 016' };
/** The receipt mail, as queued with the payment. */
const receiptMail = async () => (await t.db.select().from(mailQueue).where(like(mailQueue.dedupeKey, 'receipt:%')))[0]!;
const upgrade = (token: string, json: Omit<UpgradeRequest, 'plan' | 'price'>) =>
  t.as(token).premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true, ...json } });

describe('POST /api/premium/upgrade with a business buyer', () => {
  it('names the company and org.nr on the payment, the receipt and the receipt mail', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const res = await upgrade(sessionToken, { buyer: HANSEN });
    expect(res.status).toBe(200);
    expect(brreg.state.lookups).toEqual(['923609016']);
    expect(await t.db.select().from(payments)).toMatchObject([
      { buyerCompany: 'Hansen & Sønn AS', buyerOrgNumber: '923609016', status: 'paid' },
    ]);
    const [receipt] = await t.db.select().from(receipts);
    const view = await (
      await t.as(sessionToken).account.receipts[':number'].$get({ param: { number: String(receipt!.number) } })
    ).json();
    expect(view.receipt.buyer).toEqual({ email: 'kari@example.no', company: 'Hansen & Sønn AS', orgNumber: '923609016' });

    const mail = await receiptMail();
    expect(mail.subject).toContain(`${receipt!.number}`);
    expect(mail.text).toContain('Kjøper: Hansen & Sønn AS, org.nr. 923609016');
    expect(mail.html).toContain('Kjøper: Hansen &amp; Sønn AS, org.nr. 923609016');
    expect(mail.html).not.toContain('{{');
  });

  it('names the company and the discount code with its discount on the mail of a discounted payment', async () => {
    await t.db.insert(coupons).values({ id: crypto.randomUUID(), code: 'BEDRIFT-10', percentOff: 10, plans: 'both', periods: 1 });
    const { sessionToken } = await t.signIn('kari@example.no');
    const json = { plan: 'yearly' as const, price: 1795, withdrawalConsent: true, buyer: HANSEN, code: 'bedrift-10' };
    expect((await t.as(sessionToken).premium.upgrade.$post({ json })).status).toBe(200);
    const mail = await receiptMail();
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Rabattkode BEDRIFT-10: 200,00 kr i rabatt på ordinær pris.');
      expect(part).toContain('Vi har mottatt 1\u00a0795,00 kr');
    }
    expect(mail.html).toContain('Kjøper: Hansen &amp; Sønn AS, org.nr. 923609016');
    expect(mail.html).not.toContain('{{');
  });

  it('leaves a private buyer’s receipt and mail without a buyer line', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await upgrade(sessionToken, {})).status).toBe(200);
    expect(await t.db.select().from(receipts)).toMatchObject([{ buyerCompany: null, buyerOrgNumber: null }]);
    const mail = await receiptMail();
    expect(mail.text).toContain('MVA');
    expect(mail.text).not.toContain('Kjøper:');
    expect(mail.html).not.toMatch(/Kjøper:|\{\{/);
    expect(brreg.state.lookups).toEqual([]);
  });

  it('refuses an org.nr that fails the mod-11 check, in Norwegian, before asking the register', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const orgNumber of ['923609017', '12345678', 'ni siffer']) {
      await expectApiError(
        await upgrade(sessionToken, { buyer: { company: 'Hansen AS', orgNumber } }),
        400,
        'validation_error',
        /Organisasjonsnummeret må ha 9 siffer og være gyldig\. Sjekk at du har skrevet det riktig\.$/,
      );
    }
    await expectApiError(
      await upgrade(sessionToken, { buyer: { company: ' ', orgNumber: '923609016' } }),
      400,
      'validation_error',
      /Skriv inn firmanavnet\.$/,
    );
    expect(brreg.state.lookups).toEqual([]);
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('refuses a number Enhetsregisteret does not know, or a deleted unit, and records nothing', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await expectApiError(
      await upgrade(sessionToken, { buyer: { company: 'Ukjent AS', orgNumber: '123456785' } }),
      400,
      'org_number_unknown',
    );
    await expectApiError(
      await upgrade(sessionToken, { buyer: { company: 'Nedlagt AS', orgNumber: '974760673' } }),
      400,
      'org_number_deleted',
    );
    await expectApiError(
      await upgrade(sessionToken, { buyer: { company: 'Fjernet AS', orgNumber: '100000040' } }),
      400,
      'org_number_deleted',
    );
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('accepts a valid number when the register answers with an error', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    brreg.state.down = true;
    try {
      expect((await upgrade(sessionToken, { buyer: { company: 'Ukjent AS', orgNumber: '123456785' } })).status).toBe(200);
    } finally {
      brreg.state.down = false;
    }
    expect(await t.db.select().from(payments)).toMatchObject([{ buyerOrgNumber: '123456785' }]);
  });

  it('requires a session', async () => {
    const res = await t.api.premium.upgrade.$post({
      json: { plan: 'yearly', price: 1995, withdrawalConsent: true, buyer: HANSEN },
    });
    await expectApiError(res, 401, 'unauthenticated');
  });
});

describe('POST /api/premium/upgrade when Enhetsregisteret cannot be reached', () => {
  it('accepts the mod-11-checked number (the register never blocks a sale)', async () => {
    const offline = await createTestApp({ seed: true, env: { BRREG_BASE_URL: `http://127.0.0.1:${await freePort()}/api` } });
    try {
      const { sessionToken } = await offline.signIn('kari@example.no');
      const res = await offline
        .as(sessionToken)
        .premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true, buyer: HANSEN } });
      expect(res.status).toBe(200);
      expect(await offline.db.select().from(payments)).toMatchObject([{ buyerCompany: 'Hansen & Sønn AS' }]);
    } finally {
      offline.close();
    }
  });
});

describe('POST /api/checkout with a business buyer', () => {
  const checkout = (email: string, buyer: { company: string; orgNumber: string }) =>
    t.api.checkout.$post({ json: { email, plan: 'yearly', withdrawalConsent: true, buyer } });

  it('names the company and org.nr on the payment, and refuses a unit Enhetsregisteret has removed', async () => {
    expect((await checkout('innkjop@hansen.no', HANSEN)).status).toBe(200);
    expect(brreg.state.lookups).toEqual(['923609016']);
    expect(await t.db.select().from(payments)).toMatchObject([
      { buyerCompany: 'Hansen & Sønn AS', buyerOrgNumber: '923609016', status: 'paid' },
    ]);
    expect((await receiptMail()).text).toContain('Kjøper: Hansen & Sønn AS, org.nr. 923609016');

    await expectApiError(
      await checkout('noen@example.no', { company: 'X AS', orgNumber: '100000040' }),
      400,
      'org_number_deleted',
    );
    await expectApiError(await checkout('noen@example.no', { company: 'X AS', orgNumber: '923609017' }), 400, 'validation_error');
    expect(await t.db.select().from(payments)).toHaveLength(1);
  });
});
