import { eq, sql } from 'drizzle-orm';
import { campaignEvents, campaigns, lessonCompletions, sessions, type User } from '#db/schema';
import { campaignValidation } from '#shared/copy/admin/campaigns';
import { isStaff } from '#shared/permissions';
import { hasActivePremium } from '#shared/premium';
import type { UpsellEventResponse, UpsellResponse, upsellEventSchema } from '#shared/schemas/premium';
import { osloCalendarDay } from '#shared/time';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { finishedAModule, viewerOf } from '#worker/features/guide/index';
import { AppError, notFound } from '#worker/errors';
import { isTheActiveCampaign, paidOnCampaign, spotsLeftSql } from './campaign';
import { offeredCampaign, priceHistoryQuery, toPriceChanges } from './campaign-offer';

/** Premium users and staff are never offered Premium. */
const getsUpsells = (user: User, now: number) => !isStaff(user) && !hasActivePremium(user, now);

const e = campaignEvents;

/** The user has been shown a modal today (Oslo day), whichever campaign it was. */
const modalShownOn = (userId: string, day: string) =>
  sql<number>`EXISTS (SELECT 1 FROM ${campaignEvents} WHERE ${e.userId} = ${userId} AND ${e.kind} = 'shown' AND ${e.placement} = 'modal' AND ${e.day} = ${day})`;

/**
 * The (free) user has finished a free module, by the guide's own rule, and has not yet been
 * shown an offer for it.
 */
const firstModuleDone = (user: User, now: number) => sql<number>`(
  ${finishedAModule(viewerOf(user, now))}
  AND NOT EXISTS (SELECT 1 FROM ${campaignEvents} WHERE ${e.userId} = ${user.id} AND ${e.kind} = 'shown' AND ${e.reason} = 'first_module')
)`;

/**
 * A session is the user's first when it was started by the sign-in that created the account:
 * sign-up inserts the account and its session in one batch at the same instant, so a session
 * begun more than FIRST_SESSION_GRACE_MS after the account's `createdAt` is a later one (a
 * new sign-in, on this device or another). The grace covers accounts stamped by the database's
 * clock rather than the app's.
 */
export const FIRST_SESSION_GRACE_MS = 60_000;

/** The request's session began after the sign-in that created the account (see above). */
const laterSession = (user: User, tokenHash: string | null) =>
  tokenHash === null
    ? sql<number>`0`
    : sql<number>`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.tokenHash} = ${tokenHash} AND ${sessions.createdAt} > ${user.createdAt.getTime() + FIRST_SESSION_GRACE_MS})`;

/** The user has completed at least one lesson. */
const completedALesson = (userId: string) =>
  sql<number>`EXISTS (SELECT 1 FROM ${lessonCompletions} WHERE ${lessonCompletions.userId} = ${userId})`;

/**
 * GET /api/premium/upsell: the active campaign for a free user's guide, with whether its modal
 * is due and whether the first finished module is still to be answered. The modal never comes
 * in the user's first session or before they have completed a lesson (the sidebar and full page
 * still show). One batch after the session; nothing at all for Premium users and admins.
 */
export async function guideUpsell(
  ctx: ServiceCtx,
  { user, sessionTokenHash }: { user: User; sessionTokenHash: string | null },
): Promise<UpsellResponse> {
  const now = ctx.now();
  if (!getsUpsells(user, now)) return { upsell: null };
  const { db } = ctx;
  const [[row], history] = await db.batch([
    db
      .select({
        campaign: campaigns,
        spotsLeft: spotsLeftSql,
        modalShownToday: modalShownOn(user.id, osloCalendarDay(now)),
        firstModuleDone: firstModuleDone(user, now),
        // Kinder: no modal in the first session, nor before a lesson is completed.
        modalWelcome: sql<number>`(${laterSession(user, sessionTokenHash)} AND ${completedALesson(user.id)})`,
      })
      .from(campaigns)
      .where(isTheActiveCampaign),
    priceHistoryQuery(db),
  ]);
  // Priced as /premium prices it; a campaign that sells no chargeable plan is not offered.
  const campaign = row && offeredCampaign(row.campaign, toPriceChanges(history), now);
  if (!row || !campaign) return { upsell: null };
  const done = Boolean(row.firstModuleDone);
  return {
    upsell: {
      campaign,
      showModal: row.campaign.displayType === 'modal' && Boolean(row.modalWelcome) && (!row.modalShownToday || done),
      firstModuleDone: done,
      spotsLeft: row.spotsLeft ?? null,
    },
  };
}

/**
 * POST /api/premium/upsell/events: records that the guide showed a campaign or that the user
 * clicked it, once per user, campaign, kind, placement, reason and Oslo day. One batch after
 * the session: the insert (of nothing, for an unknown campaign) and the check that it exists.
 */
export async function recordUpsellEvent(
  ctx: ServiceCtx,
  { user, event }: { user: User; event: z.output<typeof upsellEventSchema> },
): Promise<UpsellEventResponse> {
  const now = ctx.now();
  if (!getsUpsells(user, now)) throw new AppError('no_upsell', 403);
  const { db } = ctx;
  const values = { ...event, userId: user.id, day: osloCalendarDay(now), createdAt: new Date(now) };
  const [inserted, [campaign]] = await db.batch([
    db
      .insert(campaignEvents)
      .select(
        db
          .select({
            userId: sql`${values.userId}`.as('user_id'),
            campaignId: campaigns.id,
            kind: sql`${values.kind}`.as('kind'),
            placement: sql`${values.placement}`.as('placement'),
            reason: sql`${values.reason}`.as('reason'),
            day: sql`${values.day}`.as('day'),
            createdAt: sql`${now}`.as('created_at'),
          })
          .from(campaigns)
          .where(eq(campaigns.id, event.campaignId)),
      )
      .onConflictDoNothing()
      .returning({ day: e.day }),
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, event.campaignId)),
  ]);
  if (!campaign) throw notFound(campaignValidation.campaignNotFound);
  return { recorded: inserted.length > 0 };
}

/**
 * Distinct users who saw and who clicked each campaign (in the guide, on /premium, by starting its
 * checkout) and its paid purchases, as SQL columns for a campaign list.
 */
export const campaignReachColumns = {
  purchased: paidOnCampaign,
  seen: sql<number>`(SELECT count(DISTINCT ${e.userId}) FROM ${campaignEvents} WHERE ${e.campaignId} = ${campaigns.id} AND ${e.kind} = 'shown')`,
  clicked: sql<number>`(SELECT count(DISTINCT ${e.userId}) FROM ${campaignEvents} WHERE ${e.campaignId} = ${campaigns.id} AND ${e.kind} = 'clicked')`,
};

/** A campaign's events go with it (spelled out: a libSQL server may run with foreign keys off). */
export const deleteCampaignEvents = (ctx: ServiceCtx, campaignId: string) =>
  ctx.db.delete(campaignEvents).where(eq(e.campaignId, campaignId));
