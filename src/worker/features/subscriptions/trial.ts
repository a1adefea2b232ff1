import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { payments, subscriptions, users } from '#db/schema';
import { formatOre } from '#shared/money';
import { PATHS } from '#shared/paths';
import type { ServiceCtx } from '#worker/context';
import { trialEmail } from '#worker/emails/trial';
import type { SubscriptionStart } from './lifecycle';
import { enqueueMailIf, subscriptionEventStatement, subscriptionWebhookStatement } from './statements';

/** Holds when this batch turned checkout `paymentId` into a trial's start at `at`. */
const trialStartedNow = (paymentId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${paymentId} AND ${payments.status} = 'trial' AND ${payments.periodStart} = ${at})`;

/**
 * A checkout that asked for a free trial was completed at the provider (the card or the Vipps
 * agreement is taken; nothing was charged): the checkout row becomes `trial` with amount 0 (no
 * money moved, so no receipt and nothing in revenue), the subscription starts `trialing` until
 * the trial's end, which is its first charge (a renewal, at `renewalAmountOre`), Premium runs to
 * then, the history row `trial_started` and a mail with the first charge's date and amount.
 * Guarded like `startStatements`: a redelivered completion starts nothing twice.
 */
export function trialStartStatements(
  { db, config }: Pick<ServiceCtx<'config'>, 'db' | 'config'>,
  input: SubscriptionStart & {
    providerRef?: string | null;
    trialEndsAt: number;
    now: number;
  },
): BatchItem<'sqlite'>[] {
  const { paymentId: id, now, trialEndsAt } = input;
  const guard = trialStartedNow(id, now);
  const started = and(eq(subscriptions.id, id), guard)!;
  const days = Math.round((trialEndsAt - now) / 86_400_000);
  const mail = trialEmail({
    kind: 'started',
    to: input.email,
    days,
    firstChargeAt: new Date(trialEndsAt),
    amount: formatOre(input.renewalAmountOre),
    plan: input.plan,
    link: config.PUBLIC_URL + PATHS.profile,
  });
  return [
    db
      .update(payments)
      .set({
        status: 'trial',
        amount: 0,
        periodStart: new Date(now),
        periodEnd: new Date(trialEndsAt),
        ...(input.providerRef ? { providerRef: input.providerRef } : {}),
      })
      .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed', 'expired']))),
    db.run(sql`
      INSERT INTO ${subscriptions} (id, user_id, plan, status, provider, provider_ref, current_period_start, current_period_end,
                                    trial_ends_at, amount_ore, updated_at)
      SELECT ${id}, ${input.userId}, ${input.plan}, 'trialing', ${input.provider}, ${input.subscriptionRef}, ${now}, ${trialEndsAt},
             ${trialEndsAt}, ${input.renewalAmountOre}, ${now}
      WHERE ${guard}
      ON CONFLICT DO NOTHING`),
    db
      .update(payments)
      .set({ subscriptionId: id })
      .where(and(eq(payments.id, id), guard)),
    subscriptionEventStatement(db, { kind: 'trial_started', status: 'trialing', at: now, where: started }),
    subscriptionWebhookStatement(db, { event: 'subscription.started', at: now, where: started, amountOre: 0 }),
    db
      .update(users)
      .set({ isPremium: true, premiumPlan: input.plan, premiumEndDate: new Date(trialEndsAt) })
      .where(and(eq(users.id, input.userId), guard)),
    enqueueMailIf(db, { ...mail, kind: 'transactional', dedupeKey: `trial:${id}` }, now, started),
  ];
}
