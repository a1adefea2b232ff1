/**
 * The gauges GET /metrics reads from the database, whole-site on either runtime: one batch, so
 * one round trip. Each count uses an index (mail_queue_due_idx, subscriptions_status_end_idx).
 */
import { count, inArray } from 'drizzle-orm';
import { mailQueue } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { activeSubscriptionsQuery } from '#worker/features/admin/index';

export async function readGauges(ctx: ServiceCtx): Promise<string[]> {
  const { db } = ctx;
  const [mail, [subs]] = await db.batch([
    db
      .select({ status: mailQueue.status, n: count() })
      .from(mailQueue)
      .where(inArray(mailQueue.status, ['pending', 'failed']))
      .groupBy(mailQueue.status),
    activeSubscriptionsQuery(ctx),
  ]);
  const mailCount = (status: string) => mail.find((m) => m.status === status)?.n ?? 0;
  return [
    '# HELP soloprenor_mail_queue_pending Mail waiting in the queue (due now or retrying later).',
    '# TYPE soloprenor_mail_queue_pending gauge',
    `soloprenor_mail_queue_pending ${mailCount('pending')}`,
    '# HELP soloprenor_mail_queue_failed Mail given up after a day of retries (shown on the admin dashboard).',
    '# TYPE soloprenor_mail_queue_failed gauge',
    `soloprenor_mail_queue_failed ${mailCount('failed')}`,
    '# HELP soloprenor_active_subscriptions Active or past-due subscriptions not cancelled, by plan.',
    '# TYPE soloprenor_active_subscriptions gauge',
    `soloprenor_active_subscriptions{plan="monthly"} ${subs?.monthly ?? 0}`,
    `soloprenor_active_subscriptions{plan="yearly"} ${subs?.yearly ?? 0}`,
    '# HELP soloprenor_mrr_ore Monthly recurring revenue in øre (NOK × 100, VAT included): monthly price, yearly price / 12.',
    '# TYPE soloprenor_mrr_ore gauge',
    `soloprenor_mrr_ore ${Math.round(Number(subs?.mrrOre ?? 0))}`,
  ];
}
