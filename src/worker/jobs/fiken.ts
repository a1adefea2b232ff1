/**
 * The push of sales documents to Fiken (optional: FIKEN_TOKEN and FIKEN_COMPANY;
 * docs/decisions/0044). Each run queues the receipts and credit notes issued since the last it
 * queued (from FIKEN_FROM), claims the due ones as the mail queue does (one UPDATE, with a lease),
 * posts each as a paid sale, and writes the outcomes in one batch: a failure Fiken may get over
 * (network, 429, 5xx) is retried with the mail queue's backoff for up to a week, any other is
 * given up at once and logged. Payments never wait for it: it runs from the scheduled jobs.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { fikenPushes, receipts } from '#db/schema';
import { buyer } from '#shared/copy/buyer';
import { subscription } from '#shared/copy/subscriptions';
import { DAY, osloCalendarDay, osloStartOfDay } from '#shared/time';
import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { FikenError, postFikenSale, type FikenSale } from '#worker/platform/fiken';
import { CLAIM_BATCH, CLAIM_LEASE_MS, retryDelay } from './mail-queue';

export const FIKEN_GIVE_UP_AFTER_MS = 7 * DAY;
/** Fiken's account for sales of services with 25 % MVA. */
const SALES_ACCOUNT = '3000';

type Document = {
  number: number;
  kind: 'receipt' | 'credit_note';
  issuedAt: Date;
  description: string;
  totalOre: number;
  vatOre: number;
  buyerCompany: string | null;
  buyerOrgNumber: string | null;
};

/** The sale Fiken gets for a receipt, or for a credit note the counter-sale with the amounts negative. */
export function fikenSale(config: Pick<Config, 'FIKEN_PAYMENT_ACCOUNT'>, doc: Document): FikenSale {
  const date = osloCalendarDay(doc.issuedAt.getTime());
  const buyerLine = doc.buyerCompany && doc.buyerOrgNumber ? ` (${buyer.receiptLine(doc.buyerCompany, doc.buyerOrgNumber)})` : '';
  return {
    saleNumber: String(doc.number),
    date,
    kind: 'cash_sale',
    currency: 'NOK',
    totalPaid: doc.totalOre,
    paymentAccount: config.FIKEN_PAYMENT_ACCOUNT,
    paymentDate: date,
    lines: [
      {
        description: `${subscription.receipt[doc.kind === 'credit_note' ? 'creditTitle' : 'title'](doc.number)}: ${doc.description}${buyerLine}`,
        netPrice: doc.totalOre - doc.vatOre,
        vat: doc.vatOre,
        account: SALES_ACCOUNT,
        vatType: 'HIGH',
      },
    ],
  };
}

export type FikenReport = { queued: number; sent: number; retrying: number; failed: number } | { off: true };

export async function pushToFiken(ctx: ServiceCtx<'config'>, random: () => number = Math.random): Promise<FikenReport> {
  const { db, config } = ctx;
  const { FIKEN_TOKEN, FIKEN_COMPANY } = config;
  if (!FIKEN_TOKEN || !FIKEN_COMPANY) return { off: true };
  const now = ctx.now();
  const from = config.FIKEN_FROM ? osloStartOfDay(config.FIKEN_FROM) : 0;
  const [queued, claimed] = await db.batch([
    // Numbers are issued in order without gaps: the new ones are those above the highest queued.
    db.run(sql`
      INSERT INTO ${fikenPushes} (receipt_number, status, attempts, next_attempt_at, created_at)
      SELECT ${receipts.number}, 'pending', 0, ${now}, ${now} FROM ${receipts}
      WHERE ${receipts.number} > coalesce((SELECT max(receipt_number) FROM ${fikenPushes}), 0) AND ${receipts.issuedAt} >= ${from}
      ORDER BY ${receipts.number}`),
    db
      .update(fikenPushes)
      .set({ attempts: sql`${fikenPushes.attempts} + 1`, nextAttemptAt: new Date(now + CLAIM_LEASE_MS) })
      .where(
        inArray(
          fikenPushes.receiptNumber,
          db
            .select({ n: fikenPushes.receiptNumber })
            .from(fikenPushes)
            .where(and(eq(fikenPushes.status, 'pending'), lte(fikenPushes.nextAttemptAt, new Date(now))))
            .orderBy(asc(fikenPushes.receiptNumber))
            .limit(CLAIM_BATCH),
        ),
      )
      .returning(),
  ]);
  const report = { queued: queued.rowsAffected, sent: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return report;

  const docs = await db
    .select({
      number: receipts.number,
      kind: receipts.kind,
      issuedAt: receipts.issuedAt,
      description: receipts.description,
      totalOre: receipts.totalOre,
      vatOre: receipts.vatOre,
      buyerCompany: receipts.buyerCompany,
      buyerOrgNumber: receipts.buyerOrgNumber,
    })
    .from(receipts)
    .where(
      inArray(
        receipts.number,
        claimed.map((c) => c.receiptNumber),
      ),
    );
  const byNumber = new Map(docs.map((d) => [d.number, d]));
  const results = await Promise.allSettled(
    claimed.map((row) =>
      postFikenSale({ ...config, FIKEN_TOKEN, FIKEN_COMPANY }, fikenSale(config, byNumber.get(row.receiptNumber)!)),
    ),
  );

  const doneAt = ctx.now();
  const ours = (row: (typeof claimed)[number]) =>
    and(
      eq(fikenPushes.receiptNumber, row.receiptNumber),
      eq(fikenPushes.status, 'pending'),
      eq(fikenPushes.attempts, row.attempts),
    );
  const statements: BatchItem<'sqlite'>[] = results.map((result, i) => {
    const row = claimed[i]!;
    if (result.status === 'fulfilled') {
      report.sent++;
      return db
        .update(fikenPushes)
        .set({ status: 'sent', sentAt: new Date(doneAt), lastError: null, fikenLocation: result.value.location })
        .where(ours(row));
    }
    const error = (result.reason instanceof Error ? result.reason.message : String(result.reason)).slice(0, 500);
    const next = doneAt + retryDelay(row.attempts, random);
    const retry =
      result.reason instanceof FikenError && result.reason.retry && next - row.createdAt.getTime() <= FIKEN_GIVE_UP_AFTER_MS;
    if (retry) {
      report.retrying++;
      return db
        .update(fikenPushes)
        .set({ nextAttemptAt: new Date(next), lastError: error })
        .where(ours(row));
    }
    report.failed++;
    console.error(`Fiken: bilag nr. ${row.receiptNumber} ble ikke overført, før det inn for hånd: ${error}`);
    return db
      .update(fikenPushes)
      .set({ status: 'failed', lastError: error, nextAttemptAt: new Date(doneAt) })
      .where(ours(row));
  });
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return report;
}
