import { sql } from 'drizzle-orm';
import { mailClickRefs, mailLinkClicks, sessions } from '#db/schema';
import { osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { sha256 } from '#worker/platform/crypto';
import { readClickToken } from './token';

/** `<kind>:<id>`: how a payment names the mail it is attributed to. */
export const mailRef = (link: { kind: string; mailId: string }) => `${link.kind}:${link.mailId}`;

/**
 * GET /r/{token}: a click on a marketing mail's link. A valid token is counted into its mail,
 * link and Oslo day's row, and, when the browser is signed in, the mail becomes the user's last
 * clicked (a purchase within 7 days is attributed to it); one batch, one round trip. `count:
 * false` (a HEAD or a browser's prefetch) only answers where the link goes. Null: the token is
 * not ours, and nothing is recorded.
 */
export async function recordClick(
  ctx: ServiceCtx<'config'>,
  input: { token: string; sessionToken: string | null; count: boolean },
): Promise<string | null> {
  const link = await readClickToken(ctx.config, input.token);
  if (!link || !input.count) return link?.url ?? null;
  const { db } = ctx;
  const now = ctx.now();
  const count = db
    .insert(mailLinkClicks)
    .values({
      mailKind: link.kind,
      mailId: link.mailId,
      linkIndex: link.index,
      day: osloCalendarDay(now),
      url: link.url,
      clicks: 1,
    })
    .onConflictDoUpdate({
      target: [mailLinkClicks.mailKind, mailLinkClicks.mailId, mailLinkClicks.linkIndex, mailLinkClicks.day],
      set: { clicks: sql`${mailLinkClicks.clicks} + 1` },
    });
  if (input.sessionToken === null) {
    await count;
    return link.url;
  }
  const tokenHash = await sha256(input.sessionToken);
  const ref = mailRef(link);
  await db.batch([
    count,
    db.run(sql`
      INSERT INTO ${mailClickRefs} (user_id, mail_ref, clicked_at)
      SELECT ${sessions.userId}, ${ref}, ${now} FROM ${sessions}
      WHERE ${sessions.tokenHash} = ${tokenHash} AND ${sessions.expiresAt} > ${now}
      ON CONFLICT (user_id) DO UPDATE SET mail_ref = excluded.mail_ref, clicked_at = excluded.clicked_at`),
  ]);
  return link.url;
}
