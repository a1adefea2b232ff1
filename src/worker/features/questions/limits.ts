import { sql, type SQL } from 'drizzle-orm';
import type { User } from '#db/schema';
import { QUESTIONS } from '#shared/constants';
import { questions as t } from '#shared/copy/guide/questions';
import { isStaff } from '#shared/permissions';
import { hasLink } from '#shared/post-text';
import { DAY, HOUR } from '#shared/time';
import { AppError } from '#worker/errors';

/*
 * Limits against spam on questions and answers (staff have none): a blocked user posts nothing,
 * an account younger than QUESTIONS.linksAfterDays posts no link, and nobody posts more than
 * QUESTIONS.postsPerHour an hour. The first two are known from the session's user; the hourly
 * count is read inside the insert's own statement (`withinHourlyLimit`).
 */

/** Refuses a post the session's user may not make, before any statement runs. */
export function checkPoster(user: User, body: string, now: number): void {
  if (isStaff(user)) return;
  if (user.postingBlockedAt) throw new AppError('posting_blocked', 403);
  if (hasLink(body) && now - user.createdAt.getTime() < QUESTIONS.linksAfterDays * DAY)
    throw new AppError('links_not_allowed_yet', 400, t.linksNotYet);
}

/** SQL: the user has posted fewer than the hourly limit in the last hour (always true for staff). */
export const withinHourlyLimit = (user: User, now: number): SQL =>
  isStaff(user)
    ? sql`1`
    : sql`(SELECT count(*) FROM lesson_posts hp WHERE hp.author_id = ${user.id} AND hp.created_at > ${now - HOUR}) < ${QUESTIONS.postsPerHour}`;

/** The 429 of a post over the hourly limit. */
export const tooManyPosts = () => new AppError('too_many_posts', 429, undefined, { 'Retry-After': String(HOUR / 1000) });
