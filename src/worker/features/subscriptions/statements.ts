import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { couponRedemptions, coupons, mailQueue, payments, receipts, subscriptionEvents, subscriptions } from '#db/schema';
import type { SUBSCRIPTION_STATUSES } from '#db/schema/enums';
import { subscription } from '#shared/copy/subscriptions';
import { PATHS } from '#shared/paths';
import type { Config } from '#worker/config';
import type { QueuedMail } from '#worker/emails/queue';
import { receiptEmail } from '#worker/emails/subscription';
import { isoSql, webhookStatement } from '#worker/features/webhooks/index';
import { formatOreSql } from './format-ore-sql';

type Status = (typeof SUBSCRIPTION_STATUSES)[number];
export type SubscriptionEventKind = 'started' | 'renewed' | 'renewal_failed' | 'canceled' | 'resumed' | 'expired' | 'refunded';

/**
 * The history row of a state change, written only where `where` (over `subscriptions`) holds —
 * put it in the batch just before the update with the same condition, so the row exists exactly
 * when the change happens (a refused or repeated change records nothing).
 */
export function subscriptionEventStatement(
  db: Db,
  input: { kind: SubscriptionEventKind; status: Status; at: number; where: SQL },
) {
  return db.run(sql`
    INSERT INTO ${subscriptionEvents} (subscription_id, kind, status, at)
    SELECT ${subscriptions.id}, ${input.kind}, ${input.status}, ${input.at} FROM ${subscriptions} WHERE ${input.where}`);
}

/**
 * The webhook event of a state change (`subscription.started`, `.renewed`, `.canceled`), queued
 * only where `where` (over `subscriptions`) holds — placed beside the history row, under the
 * same condition, so the event goes exactly once. `amountOre` and `periodEnd` (ms): what was just
 * paid and the new period's end, when the row does not hold them yet; else the subscription's own.
 */
export function subscriptionWebhookStatement(
  db: Db,
  input: {
    event: 'subscription.started' | 'subscription.renewed' | 'subscription.canceled';
    at: number;
    where: SQL;
    amountOre?: number;
    periodEnd?: number;
  },
) {
  const s = subscriptions;
  return webhookStatement(db, {
    event: input.event,
    now: input.at,
    from: sql`${s}`,
    when: input.where,
    userId: sql`${s.userId}`,
    data: {
      subscriptionId: sql`${s.id}`,
      memberId: sql`${s.userId}`,
      plan: sql`${s.plan}`,
      provider: sql`${s.provider}`,
      amountOre: input.amountOre ?? sql`${s.amountOre}`,
      currentPeriodEnd: input.periodEnd !== undefined ? new Date(input.periodEnd).toISOString() : isoSql(s.currentPeriodEnd),
    },
  });
}

/** The placeholders the receipt mail carries until the database writes the receipt's number (and buyer) in. */
export const NUMBER = '{{receipt_number}}';
const COMPANY = '{{buyer_company}}';
const ORG_NUMBER = '{{buyer_org_number}}';
const COUPON_CODE = '{{coupon_code}}';
const DISCOUNT = '{{coupon_discount}}';
/** The placeholder for the number of the receipt a credit note reverses. */
export const CREDITS = '{{credits_number}}';

/** Text from the database made safe inside HTML (as escapeHtml does in JS). */
const escapeHtmlSql = (value: SQL) =>
  sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/**
 * Issues the receipt for payment `paymentId` if, and only if, it was marked paid at `paidAt` by an
 * earlier statement of the same batch. Its number is one more than the highest issued, read and
 * written in the batch's transaction: numbers follow one another without gaps, whatever runs
 * concurrently (a batch that fails writes no receipt and takes no number). The seller is the
 * configured one, copied onto the document as it is on the day.
 */
export function receiptStatement(db: Db, config: Config, input: { paymentId: string; paidAt: number }) {
  const p = payments;
  // A renewal names the business buyer of the subscription's first payment (whose id the subscription has).
  const buyer = (column: 'buyer_company' | 'buyer_org_number') =>
    sql.raw(`coalesce(payments.${column}, (SELECT f.${column} FROM payments f WHERE f.id = payments.subscription_id))`);
  // The coupon the subscription started with, while this payment is below the list price it was taken off.
  const coupon = (value: SQL) => sql`(SELECT ${value} FROM ${couponRedemptions} r JOIN ${coupons} c ON c.id = r.coupon_id
    WHERE r.payment_id = coalesce(${p.subscriptionId}, ${p.id}) AND r.list_ore > ${p.amount})`;
  return db.run(sql`
    INSERT INTO ${receipts} (number, kind, payment_id, issued_at, description, plan, period_start, period_end,
                             total_ore, vat_ore, seller_name, seller_org_number, seller_address, buyer_company, buyer_org_number,
                             coupon_code, discount_ore)
    SELECT (SELECT coalesce(max(number), 0) + 1 FROM ${receipts}), 'receipt', ${p.id}, ${p.paidAt},
           CASE ${p.plan} WHEN 'yearly' THEN ${subscription.description('yearly')} ELSE ${subscription.description('monthly')} END,
           ${p.plan}, ${p.periodStart}, ${p.periodEnd}, ${p.amount}, ${vatSql(sql`${p.amount}`)},
           ${config.SELLER_NAME}, ${config.SELLER_ORG_NUMBER}, ${config.SELLER_ADDRESS}, ${buyer('buyer_company')}, ${buyer('buyer_org_number')},
           ${coupon(sql`c.code`)}, ${coupon(sql`r.list_ore - ${p.amount}`)}
    FROM ${p}
    WHERE ${p.id} = ${input.paymentId} AND ${p.status} = 'paid' AND ${p.paidAt} = ${input.paidAt}
      AND ${p.periodStart} IS NOT NULL AND ${p.periodEnd} IS NOT NULL
    ON CONFLICT DO NOTHING`);
}

/** Holds when this batch recorded payment `paymentId`'s refunds as `refundedOre` in all, at `at`. */
export const refundedNow = (paymentId: string, refundedOre: number, at: number) =>
  sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${paymentId} AND ${payments.refundedOre} = ${refundedOre} AND ${payments.refundedAt} = ${at})`;

/**
 * The credit note for one refund of `amountOre`, only if an earlier statement of the batch
 * recorded it (`refundedNow`): the next number, the receipt's description, plan and period,
 * negative amounts and the receipt it reverses. Its VAT is what the refunds so far take off the
 * receipt's VAT, less what earlier credit notes took, so a payment refunded in parts nets to zero
 * VAT to the øre, as one refunded at once does.
 */
export function creditNoteStatement(
  db: Db,
  config: Config,
  input: { paymentId: string; amountOre: number; vatOre: number; refundedOre: number; at: number },
) {
  const r = receipts;
  return db.run(sql`
    INSERT INTO ${r} (number, kind, payment_id, issued_at, description, plan, period_start, period_end,
                      total_ore, vat_ore, seller_name, seller_org_number, seller_address, credits_number, buyer_company, buyer_org_number)
    SELECT (SELECT coalesce(max(number), 0) + 1 FROM ${r}), 'credit_note', ${r.paymentId}, ${input.at},
           ${subscription.creditPrefix} || ${r.number} || ' – ' || ${r.description},
           ${r.plan}, ${r.periodStart}, ${r.periodEnd}, ${-input.amountOre}, ${-input.vatOre},
           ${config.SELLER_NAME}, ${config.SELLER_ORG_NUMBER}, ${config.SELLER_ADDRESS}, ${r.number}, ${r.buyerCompany}, ${r.buyerOrgNumber}
    FROM ${r}
    WHERE ${r.paymentId} = ${input.paymentId} AND ${r.kind} = 'receipt' AND ${refundedNow(input.paymentId, input.refundedOre, input.at)}`);
}

/**
 * Queues `mail` with the credit note just written for payment `paymentId` (its newest) filled in
 * (`{{receipt_number}}`: its number; `{{credits_number}}`: the receipt it reverses), once per
 * refunded total (`dedupeKey`); nothing unless this batch recorded the refund (`refundedNow`).
 */
export function creditNoteMailStatement(db: Db, mail: QueuedMail, input: { paymentId: string; refundedOre: number; at: number }) {
  const c = receipts;
  const fill = (s: string) => sql`replace(replace(${s}, ${NUMBER}, ${c.number}), ${CREDITS}, ${c.creditsNumber})`;
  return db.run(sql`
    INSERT INTO ${mailQueue} (dedupe_key, kind, "to", subject, text, html, status, attempts, next_attempt_at)
    SELECT ${mail.dedupeKey}, ${mail.kind}, ${mail.to}, ${fill(mail.subject)}, ${fill(mail.text)}, ${fill(mail.html)}, 'pending', 0, ${input.at}
    FROM ${c}
    WHERE ${c.number} = (SELECT max(number) FROM ${receipts} WHERE payment_id = ${input.paymentId} AND kind = 'credit_note')
      AND ${refundedNow(input.paymentId, input.refundedOre, input.at)}
    ON CONFLICT DO NOTHING`);
}

/**
 * Queues `mail` only if a subscription matching `where` exists when the statement runs — put it
 * before the update that changes that state, so the mail goes exactly when the change happens
 * (a run that lost a race, or found the change already made, queues nothing).
 */
export function enqueueMailIf(db: Db, mail: QueuedMail, now: number, where: SQL) {
  return db.run(sql`
    INSERT INTO ${mailQueue} (dedupe_key, kind, "to", subject, text, html, status, attempts, next_attempt_at)
    SELECT ${mail.dedupeKey}, ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, 'pending', 0, ${now}
    WHERE EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${where})
    ON CONFLICT DO NOTHING`);
}

/** VAT inside a total that includes 25 % MVA: total × 0.2, rounded once (as `vatOfInclusive`). */
const vatSql = (total: SQL) => sql`CAST(round(${total} / 5.0) AS INTEGER)`;

/**
 * Queues the receipt mail for payment `paymentId`, only once its receipt exists, with the
 * receipt's number written into subject, text and link (the same batch decides the number).
 */
export function receiptMailStatement(
  db: Db,
  config: Config,
  input: {
    paymentId: string;
    to: string;
    plan: 'monthly' | 'yearly';
    amountOre: number;
    periodStart: Date;
    periodEnd: Date;
    now: number;
  },
) {
  const content = {
    to: input.to,
    number: NUMBER,
    plan: input.plan,
    amountOre: input.amountOre,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    link: `${config.PUBLIC_URL}${PATHS.receipt}?nr=${NUMBER}`,
  };
  // Four versions, and the receipt decides: a private or a business buyer (named, escaped for the
  // HTML), each with or without a discount code's line (a code is letters, digits, - and _).
  const buyer = { company: COMPANY, orgNumber: ORG_NUMBER };
  const coupon = { code: COUPON_CODE, discount: DISCOUNT };
  const mail = receiptEmail(content);
  const business = receiptEmail({ ...content, buyer });
  const discounted = receiptEmail({ ...content, coupon });
  const businessDiscounted = receiptEmail({ ...content, buyer, coupon });
  const r = receipts;
  const fill = (s: string) => sql`replace(${s}, ${NUMBER}, ${r.number})`;
  const fillBuyer = (s: SQL, escape: (v: SQL) => SQL) =>
    sql`replace(replace(${s}, ${COMPANY}, ${escape(sql`${r.buyerCompany}`)}), ${ORG_NUMBER}, ${r.buyerOrgNumber})`;
  const fillCoupon = (s: string) =>
    sql`replace(replace(${fill(s)}, ${COUPON_CODE}, ${r.couponCode}), ${DISCOUNT}, ${formatOreSql(sql`${r.discountOre}`)})`;
  const either = (part: 'text' | 'html') => {
    const escape = part === 'html' ? escapeHtmlSql : (v: SQL) => v;
    return sql`CASE
      WHEN ${r.buyerCompany} IS NULL AND ${r.couponCode} IS NULL THEN ${fill(mail[part])}
      WHEN ${r.buyerCompany} IS NULL THEN ${fillCoupon(discounted[part])}
      WHEN ${r.couponCode} IS NULL THEN ${fillBuyer(fill(business[part]), escape)}
      ELSE ${fillBuyer(fillCoupon(businessDiscounted[part]), escape)} END`;
  };
  return db.run(sql`
    INSERT INTO ${mailQueue} (dedupe_key, kind, "to", subject, text, html, status, attempts, next_attempt_at)
    SELECT ${`receipt:${input.paymentId}`}, 'transactional', ${mail.to}, ${fill(mail.subject)}, ${either('text')}, ${either('html')},
           'pending', 0, ${input.now}
    FROM ${receipts} WHERE ${receipts.paymentId} = ${input.paymentId} AND ${receipts.kind} = 'receipt'
    ON CONFLICT DO NOTHING`);
}
