import { count, eq, gt } from 'drizzle-orm';
import type { Db } from '#db';
import { counters, premiumViews, siteSettings, type User } from '#db/schema';
import { PRICES_NOK, SOCIAL_PROOF_FLOOR, VIEWER_WINDOW_MINUTES } from '#shared/constants';
import { isStaff } from '#shared/permissions';
import { hasActivePremium } from '#shared/premium';
import type { OfferResponse, WelcomeOffer } from '#shared/schemas/premium';
import { DAY, MINUTE, splitDuration } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { activeUrgencyQuery } from './campaign';
import { premiumPageView } from './campaign-events';
import { campaignCharge } from './campaign-offer';

type Settings = Pick<typeof siteSettings.$inferSelect, 'welcomeOfferPlan' | 'welcomeOfferPrice' | 'welcomeOfferDays'>;

/** The admin's welcome offer settings (one row): read by /premium's offer and the pricing page's checkout. */
export const welcomeOfferSettings = (db: Db) =>
  db
    .select({
      welcomeOfferPlan: siteSettings.welcomeOfferPlan,
      welcomeOfferPrice: siteSettings.welcomeOfferPrice,
      welcomeOfferDays: siteSettings.welcomeOfferDays,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));

/**
 * The welcome offer as this user has it now: the admin's lower first-period price while their
 * account is younger than its days (the same rule `firstPeriodPrice` charges by), else null.
 */
export function welcomeOfferFor(settings: Settings | undefined, user: Pick<User, 'createdAt'>, now: number): WelcomeOffer | null {
  const { welcomeOfferPlan: plan, welcomeOfferPrice: amount, welcomeOfferDays: days } = settings ?? {};
  if (!plan || !amount || !days || amount >= PRICES_NOK[plan]) return null;
  const endsAt = user.createdAt.getTime() + days * DAY;
  return endsAt > now ? { plan, amount, endsAt: new Date(endsAt).toISOString() } : null;
}

/**
 * GET /api/premium/offer: the user's real offers and the real numbers behind the counters, in one
 * batch. Loading it counts as viewing /premium. A countdown runs only to the end of a real, lower
 * price (docs/decisions/0040): the active campaign's end when it sells a plan below its list
 * price, or the user's welcome offer; the sooner of the two. Premium users have no offer and are
 * not counted as viewers.
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
    welcomeOfferSettings(db),
  ] as const;

  const viewedAt = new Date(now);
  const view = db
    .insert(premiumViews)
    .values({ userId: user.id, viewedAt })
    .onConflictDoUpdate({ target: premiumViews.userId, set: { viewedAt } });
  // Staff looking at the page are no viewers of the campaign.
  const campaignView = premiumPageView(db, user.id, now);
  const [[userCount], [viewers], [campaign], [settings]] = isPremium
    ? await db.batch(reads)
    : isStaff(user)
      ? await db.batch([view, ...reads]).then(([, ...rest]) => rest)
      : await db.batch([view, campaignView, ...reads]).then(([, , ...rest]) => rest);

  const welcomeOffer = isPremium ? null : welcomeOfferFor(settings, user, now);
  const charge = campaign ? campaignCharge(campaign) : null;
  const campaignEnds =
    !isPremium && charge && charge.amount < PRICES_NOK[charge.plan] && campaign?.endsAt ? campaign.endsAt.getTime() : null;
  const ends = [campaignEnds, welcomeOffer && Date.parse(welcomeOffer.endsAt)].filter((t): t is number => !!t && t > now);
  const endsAt = ends.length > 0 ? Math.min(...ends) : null;
  return {
    isPremium,
    offer: endsAt !== null ? { endsAt: new Date(endsAt).toISOString(), timeLeft: splitDuration(endsAt - now) } : null,
    welcomeOffer,
    viewers: viewers?.n ?? 0,
    // Below the floor the line is hidden, never shown as "1+ soloprenører".
    userCount: (userCount?.n ?? 0) >= SOCIAL_PROOF_FLOOR ? userCount!.n : null,
    ...(campaign?.spotsLeft != null ? { spotsLeft: campaign.spotsLeft } : {}),
    testMode: ctx.payments.default?.name === 'test',
    providers: ctx.payments.all.map((p) => p.name),
  };
}
