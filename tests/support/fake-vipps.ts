import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const VIPPS_TEST_KEYS = {
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  subscriptionKey: 'fake-subscription-key',
  msn: '123456',
  webhookSecret: 'fake-webhook-secret-from-registration',
} as const;

type Captured = { method: string; path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> | null };
type Charge = {
  id: string;
  agreementId: string;
  type: 'INITIAL' | 'RECURRING';
  amount: number;
  due: string | null;
  status: 'PENDING' | 'DUE' | 'CHARGED' | 'FAILED' | 'CANCELLED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  /** Øre refunded so far (refunds.ts). */
  refunded?: number;
};
type Agreement = {
  id: string;
  status: 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
  externalId: string | null;
  merchantRedirectUrl: string;
  interval: unknown;
  pricing: { type?: string; amount: number; currency?: string };
  productName: string;
};
/** A webhook as Vipps would post it (the test delivers it, or `webhookUrl` receives it). */
export type VippsWebhook = Record<string, unknown> & { eventType: string; agreementId: string };

/**
 * A loopback HTTP server standing in for Vipps MobilePay (apitest.vipps.no): the access token
 * (`POST /accesstoken/get`), the Recurring API v3 our provider calls — agreements (create, get,
 * stop, change the price), charges (create, get, refund; never above the agreement's price) — checked for the headers Vipps requires and replaying
 * the first answer to a repeated Idempotency-Key; a confirmation page standing in for the
 * Vipps landing page/app (approve or reject, then back to `merchantRedirectUrl`); and the
 * webhooks it would send, signed as the Webhooks API signs them (HMAC-SHA256 over
 * `POST\n<path>\n<date>;<host>;<content hash>`). Webhooks are kept in `webhooks`; with
 * `webhookUrl` set they are also posted there, unless `holdWebhooks` (a late webhook).
 */
export async function startFakeVipps() {
  const requests: Captured[] = [];
  const agreements = new Map<string, Agreement>();
  const charges = new Map<string, Charge>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const webhooks: VippsWebhook[] = [];
  const state = { tokens: 0, n: 0, failWith: null as number | null, webhookUrl: null as string | null, holdWebhooks: false };
  let base = '';

  const emit = async (hook: VippsWebhook) => {
    webhooks.push(hook);
    if (!state.webhookUrl || state.holdWebhooks) return;
    await deliverTo(state.webhookUrl, hook);
  };
  const agreementEvent = (a: Agreement, eventType: string): VippsWebhook => ({
    msn: VIPPS_TEST_KEYS.msn,
    agreementId: a.id,
    agreementExternalId: a.externalId,
    agreementUuid: `uuid-${a.id}`,
    eventType,
    occurred: new Date().toISOString(),
    actor: 'USER',
  });
  const chargeEvent = (c: Charge, eventType: string): VippsWebhook => ({
    msn: VIPPS_TEST_KEYS.msn,
    agreementId: c.agreementId,
    agreementExternalId: agreements.get(c.agreementId)?.externalId ?? null,
    chargeId: c.id,
    chargeExternalId: c.id,
    chargeType: c.type,
    amount: c.amount,
    currency: 'NOK',
    eventType,
    occurred: new Date().toISOString(),
    ...(c.status === 'FAILED' ? { failureReason: 'user_action_required', failureDescription: 'Insufficient funds' } : {}),
  });

  /** The buyer approves in the app: the agreement turns active and its initial charge is captured. */
  async function accept(agreementId: string) {
    const a = agreements.get(agreementId)!;
    a.status = 'ACTIVE';
    await emit(agreementEvent(a, 'recurring.agreement-activated.v1'));
    const initial = [...charges.values()].find((c) => c.agreementId === a.id && c.type === 'INITIAL');
    if (initial) {
      initial.status = 'CHARGED';
      await emit(chargeEvent(initial, 'recurring.charge-captured.v1'));
    }
  }
  /** The buyer says no in the app: a pending agreement is stopped. */
  async function reject(agreementId: string) {
    const a = agreements.get(agreementId)!;
    a.status = 'STOPPED';
    await emit(agreementEvent(a, 'recurring.agreement-rejected.v1'));
  }
  /** The buyer stops an active agreement in the app: no more charges; due ones are cancelled. */
  async function stop(agreementId: string) {
    const a = agreements.get(agreementId)!;
    a.status = 'STOPPED';
    for (const c of charges.values()) if (c.agreementId === a.id && c.status === 'DUE') c.status = 'CANCELLED';
    await emit(agreementEvent(a, 'recurring.agreement-stopped.v1'));
  }
  /** The buyer never answered: the agreement expires. */
  async function expire(agreementId: string) {
    const a = agreements.get(agreementId)!;
    a.status = 'EXPIRED';
    await emit(agreementEvent(a, 'recurring.agreement-expired.v1'));
  }
  /** The due date came: a renewal charge is captured, or fails for good once its retry days are over. */
  async function settleCharge(chargeId: string, outcome: 'CHARGED' | 'FAILED') {
    const c = charges.get(chargeId)!;
    c.status = outcome;
    await emit(chargeEvent(c, outcome === 'CHARGED' ? 'recurring.charge-captured.v1' : 'recurring.charge-failed.v1'));
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url!, base);
        let body: Record<string, unknown> | null = null;
        if (raw && req.headers['content-type']?.includes('json')) body = JSON.parse(raw) as Record<string, unknown>;
        if (raw && req.headers['content-type']?.includes('form')) body = Object.fromEntries(new URLSearchParams(raw));
        requests.push({ method: req.method!, path: url.pathname, headers: req.headers, body });
        const json = (status: number, payload: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
        const problem = (status: number, detail: string) => json(status, { type: 'about:blank', title: 'Error', status, detail });

        // The confirmation page the buyer approves the agreement on (the app, in real life).
        const confirm = /^\/confirm\/([\w-]+)(?:\/(accept|reject))?$/.exec(url.pathname);
        if (confirm) {
          const a = agreements.get(confirm[1]!);
          if (!a) return problem(404, 'no such agreement');
          if (!confirm[2]) {
            return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="nb"><head><title>Vipps (falsk)</title></head><body>
<h1>Godkjenn avtalen i Vipps</h1><p>${a.productName}</p>
<form method="post" action="/confirm/${a.id}/accept"><button>Godkjenn</button></form>
<form method="post" action="/confirm/${a.id}/reject"><button>Avvis</button></form>
</body></html>`);
          }
          await (confirm[2] === 'accept' ? accept(a.id) : reject(a.id));
          return res.writeHead(302, { location: a.merchantRedirectUrl }).end();
        }

        if (req.method === 'POST' && url.pathname === '/accesstoken/get') {
          if (req.headers.client_id !== VIPPS_TEST_KEYS.clientId || req.headers.client_secret !== VIPPS_TEST_KEYS.clientSecret)
            return problem(401, 'wrong client_id or client_secret');
          state.tokens++;
          return json(200, {
            token_type: 'Bearer',
            expires_in: '3600',
            ext_expires_in: '3600',
            access_token: `fake-token-${state.tokens}`,
          });
        }
        if (req.headers.authorization !== `Bearer fake-token-${state.tokens}`) return problem(401, 'no valid access token');
        if (
          req.headers['ocp-apim-subscription-key'] !== VIPPS_TEST_KEYS.subscriptionKey ||
          req.headers['merchant-serial-number'] !== VIPPS_TEST_KEYS.msn ||
          !req.headers['vipps-system-name'] ||
          !req.headers['vipps-system-version']
        )
          return problem(400, 'missing Vipps headers');
        if (state.failWith) return problem(state.failWith, 'Vipps is having a bad day');
        const key = req.headers['idempotency-key'];
        if (req.method !== 'GET') {
          if (typeof key !== 'string') return problem(400, 'Idempotency-Key is required');
          const replay = replies.get(key);
          if (replay) return replay.status === 204 ? res.writeHead(204).end() : json(replay.status, replay.body);
        }
        const answer = (status: number, payload: unknown) => {
          if (typeof key === 'string' && req.method !== 'GET') replies.set(key, { status, body: payload });
          if (status === 204) res.writeHead(204).end();
          else json(status, payload);
        };

        const path = url.pathname.split('/').slice(1);
        // /recurring/v3/agreements[/id[/charges[/chargeId[/refund]]]]
        if (path[0] !== 'recurring' || path[1] !== 'v3' || path[2] !== 'agreements')
          return problem(404, `no route ${url.pathname}`);
        const [, , , agreementId, sub, chargeId, action] = path;
        if (!agreementId && req.method === 'POST') {
          const b = body!;
          // A free trial's agreement has no initial charge.
          const initial = b.initialCharge as { amount: number; orderId?: string } | undefined;
          const id = `agr_${++state.n}`;
          const a: Agreement = {
            id,
            status: 'PENDING',
            externalId: (b.externalId as string) ?? null,
            merchantRedirectUrl: b.merchantRedirectUrl as string,
            interval: b.interval,
            pricing: b.pricing as Agreement['pricing'],
            productName: b.productName as string,
          };
          agreements.set(id, a);
          const chargeId = initial ? (initial.orderId ?? `chr_${++state.n}`) : undefined;
          if (initial && chargeId)
            charges.set(chargeId, {
              id: chargeId,
              agreementId: id,
              type: 'INITIAL',
              amount: initial.amount,
              due: null,
              status: 'PENDING',
            });
          return answer(201, { agreementId: id, uuid: `uuid-${id}`, vippsConfirmationUrl: `${base}/confirm/${id}`, chargeId });
        }
        const a = agreementId ? agreements.get(agreementId) : undefined;
        if (!a) return problem(404, 'agreement not found');
        if (!sub && req.method === 'GET') return json(200, { ...a, uuid: `uuid-${a.id}`, countryCode: 'NO' });
        if (!sub && req.method === 'PATCH') {
          const pricing = (body as { pricing?: { amount?: number } }).pricing;
          if (pricing?.amount) a.pricing = { ...a.pricing, amount: pricing.amount };
          if ((body as { status?: string }).status === 'STOPPED') {
            a.status = 'STOPPED';
            for (const c of charges.values()) if (c.agreementId === a.id && c.status === 'DUE') c.status = 'CANCELLED';
          }
          return answer(204, '');
        }
        if (sub !== 'charges') return problem(404, `no route ${url.pathname}`);
        if (!chargeId && req.method === 'POST') {
          if (a.status !== 'ACTIVE') return problem(400, 'the agreement is not active');
          const b = body as {
            amount: number;
            due: string;
            orderId?: string;
            type: string;
            transactionType: string;
            retryDays: number;
          };
          if (!/^\d{4}-\d{2}-\d{2}$/.test(b.due) || b.type !== 'RECURRING') return problem(400, 'bad charge');
          // A charge may not exceed the agreement's price.
          if (b.amount > a.pricing.amount) return problem(400, 'the amount is higher than the agreement price');
          const id = b.orderId ?? `chr_${++state.n}`;
          charges.set(id, { id, agreementId: a.id, type: 'RECURRING', amount: b.amount, due: b.due, status: 'DUE' });
          return answer(201, { chargeId: id });
        }
        const c = chargeId ? charges.get(chargeId) : undefined;
        if (!c || c.agreementId !== a.id) return problem(404, 'charge not found');
        if (!action && req.method === 'GET')
          return json(200, { ...chargeView(c), currency: 'NOK', transactionType: 'DIRECT_CAPTURE' });
        if (action === 'refund' && req.method === 'POST') {
          const refused = refundCharge(c, Number((body as { amount?: number }).amount));
          if (refused) return problem(400, refused);
          await emit(chargeEvent(c, VIPPS_REFUNDED));
          return answer(204, '');
        }
        return problem(404, `no route ${url.pathname}`);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    agreements,
    charges,
    webhooks,
    state,
    accept,
    reject,
    stop,
    expire,
    settleCharge,
    /** Someone refunded `amount` of charge `chargeId` in Vipps's portal: Vipps sends its webhook. */
    async refundInPortal(chargeId: string, amount: number) {
      const c = charges.get(chargeId)!;
      const refused = refundCharge(c, amount);
      if (refused) throw new Error(refused);
      await emit(chargeEvent(c, VIPPS_REFUNDED));
    },
    /** Forgets every agreement, charge, request and webhook (the token stays valid, as Vipps's would). */
    reset() {
      requests.length = 0;
      webhooks.length = 0;
      agreements.clear();
      charges.clear();
      replies.clear();
      Object.assign(state, { n: 0, failWith: null, webhookUrl: null, holdWebhooks: false });
    },
    /** The agreement the buyer was sent to Vipps for (the latest). */
    latestAgreement: () => [...agreements.values()].at(-1)!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeVipps = Awaited<ReturnType<typeof startFakeVipps>>;

/** A webhook delivery to `url` as the Webhooks API signs it, dated `at` (now): the body and its headers. */
export function signedVippsWebhook(hook: VippsWebhook, url: string, opts: { secret?: string; at?: number } = {}) {
  const { secret = VIPPS_TEST_KEYS.webhookSecret, at = Date.now() } = opts;
  const body = JSON.stringify(hook);
  const { host, pathname, search } = new URL(url);
  const date = new Date(at).toUTCString();
  const contentHash = createHash('sha256').update(body).digest('base64');
  const signature = createHmac('sha256', secret)
    .update(`POST\n${pathname}${search}\n${date};${host};${contentHash}`)
    .digest('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      host,
      'x-ms-date': date,
      'x-ms-content-sha256': contentHash,
      authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
    },
  };
}

async function deliverTo(url: string, hook: VippsWebhook) {
  const { body, headers } = signedVippsWebhook(hook, url);
  const { host: _host, ...rest } = headers;
  await fetch(url, { method: 'POST', headers: rest, body });
}

/** The app settings for Vipps with the fake's keys (add PAYMENT_PROVIDERS for both Vipps and card). */
export const vippsEnv = (fake: { url: string }): Record<string, string> => ({
  PAYMENT_PROVIDER: 'vipps',
  VIPPS_BASE_URL: fake.url,
  VIPPS_CLIENT_ID: VIPPS_TEST_KEYS.clientId,
  VIPPS_CLIENT_SECRET: VIPPS_TEST_KEYS.clientSecret,
  VIPPS_SUBSCRIPTION_KEY: VIPPS_TEST_KEYS.subscriptionKey,
  VIPPS_MSN: VIPPS_TEST_KEYS.msn,
  VIPPS_WEBHOOK_SECRET: VIPPS_TEST_KEYS.webhookSecret,
});

const VIPPS_REFUNDED = 'recurring.charge-refunded.v1';

/** A charge as Vipps shows it: with the summary of what was captured, refunded and cancelled. */
function chargeView(c: Charge) {
  const captured = ['CHARGED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(c.status) ? c.amount : 0;
  return { ...c, summary: { captured, refunded: c.refunded ?? 0, cancelled: 0 } };
}

/** Refunds `amount` of a captured charge, in part or in full; the reason Vipps refuses it, if it does. */
function refundCharge(c: Charge, amount: number): string | null {
  if (!['CHARGED', 'PARTIALLY_REFUNDED'].includes(c.status)) return `charge is ${c.status}`;
  const refunded = (c.refunded ?? 0) + amount;
  if (!(amount > 0) || refunded > c.amount) return 'the amount is more than is left to refund';
  c.refunded = refunded;
  c.status = refunded === c.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return null;
}
