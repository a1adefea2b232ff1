import { eq, sql } from 'drizzle-orm';
import { erasureMarks, reminderSettings } from '#db/schema';
import type { ReminderSetting } from '#shared/schemas/reminders';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { reminders } from '#shared/copy/reminders';

const reminderLinkInvalid = reminders.offPage.invalid;
import { randomToken } from '#worker/platform/crypto';
import { erasedReminderLinkMark } from '#worker/features/privacy/index';

/*
 * The learner's reminders (docs/decisions/0028-welcome-series-and-reminders.md): off until they
 * turn them on in the profile; off again there, or from any reminder's link without signing in.
 */

/** Whether the user has reminders on. One statement. */
export async function reminderSetting(ctx: ServiceCtx, { userId }: { userId: string }): Promise<ReminderSetting> {
  const [row] = await ctx.db
    .select({ enabled: reminderSettings.enabled })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  return { enabled: row?.enabled ?? false };
}

/** Turns the user's reminders on or off; the first time on makes the turn-off link's secret. One statement. */
export async function setReminders(ctx: ServiceCtx, input: { userId: string; enabled: boolean }): Promise<ReminderSetting> {
  const now = new Date(ctx.now());
  const token = randomToken();
  await ctx.db
    .insert(reminderSettings)
    .values({ userId: input.userId, enabled: input.enabled, offToken: token, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { enabled: input.enabled, updatedAt: now } });
  return { enabled: input.enabled };
}

/** The link of an erased account (its mark, kept by erasure): its reminders are off for good. */
const erasedLink = (ctx: ServiceCtx, token: string) =>
  ctx.db
    .select({ mark: erasureMarks.mark })
    .from(erasureMarks)
    .where(eq(erasureMarks.mark, erasedReminderLinkMark(token)));

/**
 * The turn-off link: the reminders of the user whose secret `token` is go off (however often it
 * is used); an erased account's link answers as off and writes nothing. One round trip.
 */
export async function turnOffByLink(ctx: ServiceCtx, { token }: { token: string }): Promise<ReminderSetting> {
  const [rows, erased] = await ctx.db.batch([
    ctx.db
      .update(reminderSettings)
      .set({ enabled: false, updatedAt: sql`CASE WHEN enabled THEN ${ctx.now()} ELSE updated_at END` })
      .where(eq(reminderSettings.offToken, token))
      .returning({ userId: reminderSettings.userId }),
    erasedLink(ctx, token),
  ]);
  if (rows.length === 0 && erased.length === 0) throw notFound(reminderLinkInvalid);
  return { enabled: false };
}

/** Where the link's reminders stand (its page asks before it turns them off). One round trip. */
export async function checkOffLink(ctx: ServiceCtx, { token }: { token: string }): Promise<ReminderSetting> {
  const [[row], erased] = await ctx.db.batch([
    ctx.db.select({ enabled: reminderSettings.enabled }).from(reminderSettings).where(eq(reminderSettings.offToken, token)),
    erasedLink(ctx, token),
  ]);
  if (row) return row;
  if (erased.length > 0) return { enabled: false };
  throw notFound(reminderLinkInvalid);
}
