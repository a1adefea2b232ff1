import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { counters, premiumViews, users, type User } from '#db/schema';
import { OFFER_WINDOW_DAYS, SOCIAL_PROOF_FLOOR, VIEWER_WINDOW_MINUTES } from '#shared/constants';
import { hasActivePremium } from '#shared/premium';
import type { OfferResponse } from '#shared/schemas/premium';
import { DAY, MINUTE, splitDuration } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { activeUrgencyQuery, campaignDeadline } from './campaign';

/**
 * GET /api/premium/offer: the user's real offer and the real numbers behind the counters, in one
 * batch. Loading it counts as viewing /premium, and the first view starts the user's personal
 * offer window (stored, so it is the same deadline after a reload and on every device).
 * Premium users have no offer and are not counted as viewers.
 */
export async function premiumOffer(ctx: ServiceCtx<'payments'>, { user }: { user: User }): Promise<OfferResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const isPremium = hasActivePremium(user, now);
  const reads = [
    // Kept by triggers: a count over every user on each view would grow with the site.
    db.select({ n: counters.value }).from(counters).where(eq(counters.name, 'active_users')),
    db
      .select({ n: count() })
      .from(premiumViews)
      .where(gt(premiumViews.viewedAt, new Date(now - VIEWER_WINDOW_MINUTES * MINUTE))),
    activeUrgencyQuery(db),
  ] as const;

  let offerEndsAt: Date | null = null;
  let counts;
  if (isPremium) {
    counts = await db.batch(reads);
  } else {
    const viewedAt = new Date(now);
    const windowEnd = new Date(now + OFFER_WINDOW_DAYS * DAY);
    const [started, , ...rest] = await db.batch([
      db
        .update(users)
        // Starting the window is not a change to the user's profile: last_modified_at stays.
        .set({ offerEndsAt: windowEnd, lastModifiedAt: sql`${users.lastModifiedAt}` })
        .where(and(eq(users.id, user.id), isNull(users.offerEndsAt)))
        .returning({ offerEndsAt: users.offerEndsAt }),
      db
        .insert(premiumViews)
        .values({ userId: user.id, viewedAt })
        .onConflictDoUpdate({ target: premiumViews.userId, set: { viewedAt } }),
      ...reads,
    ]);
    // Started now, or earlier (as the session read it); a first view racing another tab sees its own start, a moment apart.
    offerEndsAt = started[0]?.offerEndsAt ?? user.offerEndsAt ?? windowEnd;
    counts = rest;
  }
  const [[userCount], [viewers], [campaign]] = counts;

  const endsAt = isPremium ? null : (campaignDeadline(campaign) ?? offerEndsAt?.getTime() ?? null);
  const offer =
    endsAt !== null && endsAt > now ? { endsAt: new Date(endsAt).toISOString(), timeLeft: splitDuration(endsAt - now) } : null;
  return {
    isPremium,
    offer,
    viewers: viewers?.n ?? 0,
    // Below the floor the line is hidden, never shown as "1+ soloprenører".
    userCount: (userCount?.n ?? 0) >= SOCIAL_PROOF_FLOOR ? userCount!.n : null,
    ...(campaign?.spotsLeft != null ? { spotsLeft: campaign.spotsLeft } : {}),
    testMode: ctx.payments.default.name === 'test',
    providers: ctx.payments.all.map((p) => p.name),
  };
}
