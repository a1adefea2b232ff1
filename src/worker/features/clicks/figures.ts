import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { leads, mailLinkClicks, payments } from '#db/schema';
import type { TrackedMail } from './rewrite';

type Kind = TrackedMail['kind'];
const c = mailLinkClicks;

/**
 * A mail's effect as SQL columns beside its row (`id`: the mail's id, table-qualified): clicks (a sum of its
 * per-link, per-day rows), sign-ups (leads that arrived through its links, by their UTM campaign)
 * and purchases (paid payments within 7 days of a click on it). Each an indexed read that does not
 * grow with the number of clicks.
 */
export const mailEffectColumns = (kind: Kind, id: SQL) => ({
  clicks: sql<number>`(SELECT coalesce(sum(k.clicks), 0) FROM ${c} k WHERE k.mail_kind = ${kind} AND k.mail_id = ${id})`,
  signups: sql<number>`(SELECT count(*) FROM ${leads} l WHERE l.utm_campaign = ${kind} || '-' || ${id})`,
  purchases: sql<number>`(SELECT count(*) FROM ${payments} p WHERE p.mail_ref = ${kind} || ':' || ${id} AND p.status = 'paid')`,
});

/** One mail's clicks per link (its place and target), for its stats: a read of its aggregate rows. */
export const linkClicksQuery = (db: Db, mail: TrackedMail) =>
  db
    .select({ index: c.linkIndex, url: sql<string>`max(${c.url})`, clicks: sql<number>`sum(${c.clicks})` })
    .from(c)
    .where(and(eq(c.mailKind, mail.kind), eq(c.mailId, mail.mailId)))
    .groupBy(c.linkIndex)
    .orderBy(asc(c.linkIndex));
