import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { payments, users, type Payment, type User } from '#db/schema';
import type { CheckoutStatusResponse } from '#shared/schemas/premium';
import type { AppEnv, ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { PaymentStartError, type PaymentEvent } from '#worker/platform/payments/types';
import { eventStatements, ownerColumns } from './settle';

/** The checkout the address names, with its owner, read in the session's round trip. */
export const checkoutRead = (c: Context<AppEnv>) =>
  c.var.deps.db
    .select({ payment: payments, owner: ownerColumns })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, c.req.param('id') ?? ''));

type CheckoutRow = { payment: Payment; owner: { email: string; isPremium: boolean; premiumEndDate: Date | null } };

/** What the buyer's payment is once this event is applied. */
const statusAfter = (event: PaymentEvent, trial: boolean): CheckoutStatusResponse['status'] => {
  // Completed with a free trial: the card or agreement was taken, nothing paid.
  if (event.outcome === 'paid' && trial) return 'trial';
  if (event.outcome === 'paid' || event.outcome === 'failed' || event.outcome === 'expired') return event.outcome;
  return event.outcome === 'subscription_ended' ? 'expired' : 'pending';
};

/**
 * GET /api/premium/payments/{id}: how the buyer's checkout stands, for the screen they come back
 * to from the provider. While it is pending and the provider can be asked (Vipps), it is asked
 * — the user may be back from the app before the webhook — and what it says is applied exactly as
 * the webhook would (`eventStatements`): session and payment in one round trip, the change in a
 * second. The buyer may not be signed in (a checkout from the pricing page for an address that
 * already has an account): the payment's id, random and known only to the buyer and the provider,
 * is what lets them ask, and the answer is only its status. Signed in, someone else's payment is
 * 403; no such payment, 404.
 */
export async function checkoutStatus(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: { user: User | null; rows: CheckoutRow[] },
): Promise<CheckoutStatusResponse> {
  const [row] = input.rows;
  if (!row) throw notFound();
  const { payment, owner } = row;
  if (input.user && payment.userId !== input.user.id) throw new AppError('forbidden', 403);
  const provider = ctx.payments.byName(payment.provider);
  // Only a first payment is a checkout; renewals are the job's.
  if (payment.status !== 'pending' || payment.subscriptionId || !provider?.poll) return { status: payment.status };
  let event: PaymentEvent;
  try {
    event = await provider.poll({ id: payment.id, providerRef: payment.providerRef, subscriptionRef: null });
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    // Not reached: still pending as far as we know; the screen asks again.
    return { status: 'pending' };
  }
  if (event.outcome === 'ignored') return { status: 'pending' };
  const [first, ...rest] = eventStatements(ctx, provider.name, event, { found: { payment, user: owner } });
  await ctx.db.batch([first!, ...rest]);
  return { status: statusAfter(event, payment.trialEndsAt !== null) };
}
