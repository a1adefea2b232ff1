import { z } from 'zod';
import { PATHS } from '#shared/paths';
import { DAY, osloCalendarDay, shiftDay } from '#shared/time';
import { type PaymentProvider, type ProviderApp, paymentProviderModule, PaymentStartError, InvalidWebhookError } from './types';
import { vippsAccessToken, vippsHeaders, type VippsKeys } from './vipps-token';
import { verifyVippsSignature } from './vipps-webhook';
import { refundedChargeEvent, VIPPS_CHARGE_REFUNDED, type VippsCharge } from './vipps-refunds';
import {
  agreementPollEvent,
  chargePollEvent,
  vippsWebhookEvent,
  type VippsAgreementStatus,
  type VippsChargeStatus,
  type VippsWebhookPayload,
} from './vipps-states';

export type VippsOptions = VippsKeys & { webhookSecret: string; profileUrl: string };

const INTERVAL = { monthly: { unit: 'MONTH', count: 1 }, yearly: { unit: 'YEAR', count: 1 } } as const;

/**
 * Renewal charges are created this long before the period ends: Vipps wants a charge's due date
 * at least two days ahead (one in its test environment), and it is due the day before the end.
 */
export const VIPPS_RENEWAL_LEAD_MS = 4 * DAY;
/** Days Vipps keeps trying a renewal charge after its due date before it reports it failed. */
const RETRY_DAYS = 2;
/** The earliest due date Vipps accepts for a charge created now. */
const MIN_DUE_DAYS = 2;

/**
 * Premium through Vipps MobilePay's Recurring API v3: an agreement (monthly or yearly, at the
 * list price) with an initial charge of the first period's price, direct-captured when the buyer
 * accepts in the app; each renewal a charge on the agreement that we create ahead of its due
 * date (the renewals job), settled by Vipps on that date and reported by webhook (or our poll);
 * cancel stops the agreement; a refund pays back a charge. Every call sends the sales unit's
 * headers and a bearer token (cached); every mutating call an Idempotency-Key fixed by the
 * operation, so a retry is the same operation and never a second agreement, charge or refund.
 * Plain `fetch` and Web Crypto: Node and Workers alike.
 */
export function vippsPaymentProvider(opts: VippsOptions): PaymentProvider {
  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    init: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> => {
    const token = await vippsAccessToken(opts, Date.now());
    let res: Response;
    try {
      res = await fetch(opts.baseUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...vippsHeaders(opts),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch (err) {
      throw new PaymentStartError(`Vipps ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    if (!res.ok) throw new PaymentStartError(`Vipps ${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const agreementOf = (sub: { providerRef: string | null }) => {
    if (!sub.providerRef) throw new PaymentStartError('the subscription has no Vipps agreement');
    return sub.providerRef;
  };

  return {
    name: 'vipps',
    renewalLeadMs: VIPPS_RENEWAL_LEAD_MS,

    async startSubscription(input) {
      const created = await call<{ agreementId: string; vippsConfirmationUrl?: string }>('POST', '/recurring/v3/agreements', {
        idempotencyKey: `agreement-${input.paymentId}`,
        body: {
          interval: INTERVAL[input.plan],
          pricing: { type: 'LEGACY', amount: input.renewalAmountOre, currency: input.currency },
          // A lower price for several periods (a coupon's): a period campaign the app shows, after which the list price.
          ...(input.discountedPeriods > 1 && input.amountOre < input.renewalAmountOre
            ? {
                campaign: {
                  type: 'PERIOD_CAMPAIGN',
                  price: input.amountOre,
                  period: { unit: INTERVAL[input.plan].unit, count: input.discountedPeriods },
                },
              }
            : {}),
          initialCharge: {
            amount: input.amountOre,
            description: input.description,
            transactionType: 'DIRECT_CAPTURE',
            // The charge's id becomes our payment's id: its events name our payment.
            orderId: input.paymentId,
          },
          productName: input.description,
          merchantRedirectUrl: input.successUrl,
          merchantAgreementUrl: opts.profileUrl,
          externalId: input.paymentId,
          countryCode: 'NO',
        },
      });
      if (!created.vippsConfirmationUrl) throw new PaymentStartError(`agreement ${created.agreementId} has no confirmation URL`);
      return { status: 'redirect', url: created.vippsConfirmationUrl, ref: created.agreementId };
    },

    async chargeRenewal({ subscription, paymentId, amountOre, plan, dueAt, now }) {
      const agreement = agreementOf(subscription);
      // Due the day before the period ends (Oslo), and never sooner than Vipps accepts.
      const today = osloCalendarDay(now);
      const wanted = shiftDay(osloCalendarDay(dueAt), -1);
      const earliest = shiftDay(today, MIN_DUE_DAYS);
      const due = wanted < earliest ? earliest : wanted;
      const charge = await call<{ chargeId: string }>('POST', `/recurring/v3/agreements/${agreement}/charges`, {
        // One charge per subscription and period, whichever run creates it.
        idempotencyKey: `renewal-${subscription.id}-${dueAt}`,
        body: {
          amount: amountOre,
          description: plan === 'yearly' ? 'Premium, neste år' : 'Premium, neste måned',
          due,
          retryDays: RETRY_DAYS,
          transactionType: 'DIRECT_CAPTURE',
          type: 'RECURRING',
          orderId: paymentId,
        },
      });
      return { status: 'pending', ref: charge.chargeId };
    },

    async voidCheckout(agreement) {
      // A pending agreement that is stopped can no longer be accepted in the app.
      await call('PATCH', `/recurring/v3/agreements/${agreement}`, {
        idempotencyKey: `stop-${agreement}`,
        body: { status: 'STOPPED' },
      });
    },

    async subscriptionState(ref) {
      const agreement = await call<{ status: VippsAgreementStatus; pricing?: { amount?: number } }>(
        'GET',
        `/recurring/v3/agreements/${ref}`,
      );
      // Stopped: no charge can be made on it any more, but the period paid for runs out.
      const status = agreement.status === 'EXPIRED' ? 'ended' : agreement.status === 'STOPPED' ? 'ending' : 'active';
      return { status, amountOre: agreement.pricing?.amount };
    },

    async changePrice({ subscription, amountOre }) {
      // The agreement's price caps its charges: raised (or lowered) before the renewal that charges it.
      const agreement = agreementOf(subscription);
      await call('PATCH', `/recurring/v3/agreements/${agreement}`, {
        idempotencyKey: `price-${agreement}-${amountOre}`,
        body: { pricing: { amount: amountOre } },
      });
    },

    async cancel(sub) {
      // A stopped agreement cannot be charged again; the paid period runs out as usual.
      const agreement = agreementOf(sub);
      await call('PATCH', `/recurring/v3/agreements/${agreement}`, {
        idempotencyKey: `stop-${agreement}`,
        body: { status: 'STOPPED' },
      });
    },

    // No resume: Vipps cannot restart a stopped agreement; the buyer subscribes again when the period ends.

    async refund({ subscription, paymentRef, amountOre, key }) {
      const agreement = subscription ? agreementOf(subscription) : null;
      if (!agreement) throw new PaymentStartError('a Vipps charge is refunded on its agreement');
      await call('POST', `/recurring/v3/agreements/${agreement}/charges/${paymentRef}/refund`, {
        idempotencyKey: key,
        body: { amount: amountOre, description: 'Pengene tilbake fra Soloprenør' },
      });
      return { ref: key };
    },

    async end(sub) {
      const agreement = agreementOf(sub);
      await call('PATCH', `/recurring/v3/agreements/${agreement}`, {
        idempotencyKey: `stop-${agreement}`,
        body: { status: 'STOPPED' },
      });
    },

    async verifyWebhook({ body, headers, url, now }) {
      await verifyVippsSignature({ secret: opts.webhookSecret, url, body, headers, now });
      let payload: VippsWebhookPayload;
      try {
        payload = JSON.parse(body) as VippsWebhookPayload;
      } catch {
        throw new InvalidWebhookError('the body is not JSON');
      }
      if (typeof payload.eventType !== 'string' || typeof payload.agreementId !== 'string')
        throw new InvalidWebhookError('eventType or agreementId missing');
      // A refund (ours, or one made in Vipps's portal) is read from the charge as it stands now.
      if (payload.eventType === VIPPS_CHARGE_REFUNDED) {
        return refundedChargeEvent(payload, (agreement, charge) =>
          call<VippsCharge>('GET', `/recurring/v3/agreements/${agreement}/charges/${charge}`),
        );
      }
      return vippsWebhookEvent(payload);
    },

    async poll(payment) {
      if (!payment.providerRef) return { id: `poll:${payment.id}`, outcome: 'ignored' };
      if (!payment.subscriptionRef) {
        const agreement = await call<{ id: string; status: VippsAgreementStatus }>(
          'GET',
          `/recurring/v3/agreements/${payment.providerRef}`,
        );
        return agreementPollEvent(agreement, payment.id);
      }
      const charge = await call<{ id: string; status: VippsChargeStatus }>(
        'GET',
        `/recurring/v3/agreements/${payment.subscriptionRef}/charges/${payment.providerRef}`,
      );
      return chargePollEvent({ id: charge.id, agreementId: payment.subscriptionRef, status: charge.status });
    },
  };
}

/** Vipps MobilePay's own test environment ("MT") and production. */
export const VIPPS_TEST_URL = 'https://apitest.vipps.no';
export const VIPPS_PRODUCTION_URL = 'https://api.vipps.no';

/** Where Vipps's API is: VIPPS_BASE_URL if set, else its test environment outside production. */
export const vippsBaseUrl = (url: string | undefined, appEnv: ProviderApp['appEnv']) =>
  (url ?? (appEnv === 'production' ? VIPPS_PRODUCTION_URL : VIPPS_TEST_URL)).replace(/\/$/, '');

/** Vipps MobilePay as the registry knows it: its keys from the environment (README, "Vipps MobilePay"). */
export const vippsPayments = paymentProviderModule({
  name: 'vipps',
  settings: z.object({
    /** Its API: its test environment unless APP_ENV=production. */
    VIPPS_BASE_URL: z.url().optional(),
    VIPPS_CLIENT_ID: z.string().min(1),
    VIPPS_CLIENT_SECRET: z.string().min(1),
    VIPPS_SUBSCRIPTION_KEY: z.string().min(1),
    /** Merchant-Serial-Number: the sales unit the agreements belong to. */
    VIPPS_MSN: z.string().regex(/^\d{4,10}$/),
    /** The secret Vipps answered the webhook registration with (signs every delivery). */
    VIPPS_WEBHOOK_SECRET: z.string().min(1),
  }),
  create: (s, app) =>
    vippsPaymentProvider({
      baseUrl: vippsBaseUrl(s.VIPPS_BASE_URL, app.appEnv),
      clientId: s.VIPPS_CLIENT_ID,
      clientSecret: s.VIPPS_CLIENT_SECRET,
      subscriptionKey: s.VIPPS_SUBSCRIPTION_KEY,
      msn: s.VIPPS_MSN,
      webhookSecret: s.VIPPS_WEBHOOK_SECRET,
      profileUrl: app.publicUrl + PATHS.profile,
    }),
});
