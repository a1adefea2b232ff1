import { sql, type SQL } from 'drizzle-orm';
import { DAY } from '#shared/time';
import type { Segment } from '#shared/schemas/admin-newsletters';
import type { ServiceCtx } from '#worker/context';
import { notSuppressed } from '#worker/features/mail-suppression/index';
import { consentStands } from '#worker/features/privacy/index';

/**
 * Who a segment is, at `now`, as SQL over one table aliased `x` with its `email`: only addresses
 * whose marketing consent stands granted and that are not suppressed. Leads are sign-ups that
 * never became users; the user segments leave out deactivated accounts. Inactive: no activity
 * (session, event, lesson) for `days` — a user who never was active counts from sign-up.
 */
export function segmentWhere(segment: Segment, now: number): { from: SQL; where: SQL } {
  // hasActivePremium's rule (src/shared/premium.ts) in SQL: Premium ends at its end date, flag or not.
  const premium = sql`(x.is_premium = 1 AND (x.premium_end_date IS NULL OR x.premium_end_date > ${now}))`;
  const allowed = sql`${consentStands(sql`x.email`)} AND ${notSuppressed(sql`x.email`)}`;
  switch (segment.kind) {
    case 'leads':
      return {
        from: sql`leads x`,
        where: sql`x.user_id IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = x.email) AND ${allowed}`,
      };
    case 'free':
      return { from: sql`users x`, where: sql`x.is_active = 1 AND NOT ${premium} AND ${allowed}` };
    case 'premium':
      return { from: sql`users x`, where: sql`x.is_active = 1 AND ${premium} AND ${allowed}` };
    case 'inactive':
      return {
        from: sql`users x`,
        where: sql`x.is_active = 1 AND coalesce(x.last_active_at, x.last_login, x.created_at) < ${now - segment.days * DAY} AND ${allowed}`,
      };
  }
}

/** How many the segment reaches now (the count shown before sending). One statement. */
export async function countSegment(ctx: ServiceCtx, segment: Segment): Promise<{ count: number }> {
  const { from, where } = segmentWhere(segment, ctx.now());
  const [row] = await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`);
  return { count: Number(row?.n ?? 0) };
}
