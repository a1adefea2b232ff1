import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { lessonAnnouncements, mailQueue, reminderLog } from '#db/schema';
import { reminders } from '#shared/copy/reminders';
import { modulePath, PATHS } from '#shared/paths';
import { DAY, osloCalendarDay, osloLocalToIso, shiftDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { reminderEmail } from '#worker/emails/reminder';
import { published } from '#worker/features/guide/index';
import { nextTurn } from '#worker/platform/next-turn';

const t = reminders.mail;

/** Oslo wall-clock time from which the day's reminders go (the streak ends at midnight). */
export const REMINDER_TIME = '18:00';
/** A lesson counts as new this long after it became visible. */
export const NEW_LESSON_DAYS = 7;
/** Sent reminders are kept this long: longer than a lesson is new, so none is announced twice. */
const LOG_DAYS = 30;
/** Learners per statement: a batch stays around a tenth of a second, so requests between batches are not kept waiting. */
const REMINDERS_PER_BATCH = 500;
/** A run stops starting batches after this long; the next hourly run (until midnight) goes on. */
const RUN_BUDGET_MS = 5000;
/** Stands for each learner's turn-off secret, and their streak, until the statement puts them in. */
const TOKEN_SLOT = 'REMINDEROFFTOKENSLOT';
const DAYS_SLOT = 'REMINDERSTREAKSLOT';

export type RemindersResult = { announced: number; streak: number; newLesson: number };

type NewLesson = { id: string; title: string; moduleId: string; moduleTitle: string; isPremium: boolean };

/**
 * The reminders learners asked for (docs/decisions/0028-welcome-series-and-reminders.md). Every
 * run notes the lessons that became visible since the last (what makes a lesson new; those
 * visible at the first run ever are the baseline, never announced). From 18:00 Oslo time the
 * day's reminders go, at most one per learner and Oslo day (`reminder_log`'s key): first "your
 * streak ends tonight" to a learner with a streak who was last active yesterday, then "a new
 * lesson" in a module where they finished a lesson. Set-based, in bounded batches (no query per
 * learner); every mail is written from the log rows its own batch inserted.
 */
export async function runReminders(ctx: ServiceCtx<'config'>, at: number): Promise<RemindersResult> {
  const { db } = ctx;
  const today = osloCalendarDay(at);
  const visible = { seesDrafts: false, now: at };
  const [announced, fresh] = await db.batch([
    db.run(sql`
      INSERT INTO ${lessonAnnouncements} (lesson_id, visible_since, baseline, created_at)
      SELECT l.id, ${at}, (SELECT count(*) = 0 FROM ${lessonAnnouncements}), ${at}
      FROM lessons l JOIN modules m ON m.id = l.module_id
      WHERE ${published(visible, 'l')} AND ${published(visible, 'm')}
        AND NOT EXISTS (SELECT 1 FROM ${lessonAnnouncements} a WHERE a.lesson_id = l.id)`),
    db.all<NewLesson>(sql`
      SELECT l.id, l.title, l.module_id AS moduleId, m.title AS moduleTitle, (l.is_premium OR m.is_premium) AS isPremium
      FROM ${lessonAnnouncements} a JOIN lessons l ON l.id = a.lesson_id JOIN modules m ON m.id = l.module_id
      WHERE a.visible_since > ${at - NEW_LESSON_DAYS * DAY} AND NOT a.baseline
        AND ${published(visible, 'l')} AND ${published(visible, 'm')}
      ORDER BY a.visible_since, m."order", l."order"`),
  ]);
  const result = { announced: announced.rowsAffected, streak: 0, newLesson: 0 };
  if (at < Date.parse(osloLocalToIso(`${today}T${REMINDER_TIME}`)!)) return result;

  const offLink = `${ctx.config.PUBLIC_URL}/api/reminders/off?token=${TOKEN_SLOT}`;
  const templates = { streak: streakMails(ctx, offLink), lessons: fresh.map((lesson) => lessonMail(ctx, lesson, offLink)) };
  // Opted in, and no reminder yet today (so LIMIT counts only rows that will be written).
  const eligible = sql`r.enabled AND u.is_active
    AND NOT EXISTS (SELECT 1 FROM reminder_log d WHERE d.user_id = r.user_id AND d.day = ${today})`;
  await db.delete(reminderLog).where(sql`${reminderLog.day} < ${shiftDay(today, -LOG_DAYS)}`);
  const yesterday = shiftDay(today, -1);
  /** The day's reminders, each a statement writing the log rows of a batch after `cursor` (a user id), in user id order. */
  type Kind = {
    insert: (stamp: number, cursor: string) => SQL;
    kind: 'streak' | 'new_lesson';
    lessonId?: string;
    mails: Templates;
  };
  const kinds: Kind[] = [
    {
      kind: 'streak',
      mails: templates.streak,
      insert: (stamp, cursor) => sql`
        INSERT INTO ${reminderLog} (user_id, day, kind, sent_at)
        SELECT r.user_id, ${today}, 'streak', ${stamp}
        FROM reminder_settings r JOIN users u ON u.id = r.user_id JOIN streaks s ON s.user_id = r.user_id
        WHERE r.user_id > ${cursor} AND ${eligible} AND s.current_streak >= 1 AND s.last_active_day = ${yesterday}
        ORDER BY r.user_id LIMIT ${REMINDERS_PER_BATCH}`,
    },
    ...fresh.map((lesson, i): Kind => {
      const premium = lesson.isPremium ? sql`AND u.is_premium` : sql``;
      return {
        kind: 'new_lesson',
        lessonId: lesson.id,
        mails: templates.lessons[i]!,
        insert: (stamp, cursor) => sql`
          INSERT INTO ${reminderLog} (user_id, day, kind, lesson_id, sent_at)
          SELECT r.user_id, ${today}, 'new_lesson', ${lesson.id}, ${stamp}
          FROM reminder_settings r JOIN users u ON u.id = r.user_id
          WHERE r.user_id > ${cursor} AND ${eligible} ${premium}
            AND EXISTS (SELECT 1 FROM lesson_completions c WHERE c.user_id = r.user_id AND c.module_id = ${lesson.moduleId})
            AND NOT EXISTS (SELECT 1 FROM lesson_completions c WHERE c.user_id = r.user_id AND c.lesson_id = ${lesson.id})
            AND NOT EXISTS (SELECT 1 FROM reminder_log g WHERE g.lesson_id = ${lesson.id} AND g.user_id = r.user_id)
          ORDER BY r.user_id LIMIT ${REMINDERS_PER_BATCH}`,
      };
    }),
  ];
  let open = kinds.map((kind) => ({ kind, cursor: '' }));
  const started = Date.now();
  // Each batch stamps its log rows with its own `sentAt` (the run's time plus the batch's number,
  // in ms), so its mail statements read only the rows it wrote, and the next batch goes on after
  // the last user it wrote.
  for (let stamp = at; open.length > 0 && Date.now() - started < RUN_BUDGET_MS; stamp++) {
    const work = open.flatMap(({ kind, cursor }) => [
      db.run(kind.insert(stamp, cursor)),
      queueFromLog(ctx, { lessonId: kind.lessonId, stamp, mails: kind.mails }),
      // `+lesson_id`: by the stamp's index, not the (lesson, user) one, which holds a month of streak rows under NULL.
      db.all<{ last: string | null }>(
        sql`SELECT max(user_id) AS last FROM ${reminderLog} WHERE sent_at = ${stamp} AND +lesson_id IS ${kind.lessonId ?? null}`,
      ),
    ]);
    const out = await db.batch(work as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    open = open.flatMap((entry, i) => {
      const [written, queued, [last]] = out.slice(3 * i, 3 * i + 3) as [
        { rowsAffected: number },
        { rowsAffected: number },
        { last: string | null }[],
      ];
      result[entry.kind.kind === 'streak' ? 'streak' : 'newLesson'] += queued.rowsAffected;
      return written.rowsAffected < REMINDERS_PER_BATCH ? [] : [{ kind: entry.kind, cursor: last!.last! }];
    });
    // A turn of the event loop between batches, so waiting requests get in (see module-stats.ts).
    await nextTurn();
  }
  return result;
}

type Templates = { one: ReturnType<typeof reminderEmail>; many: ReturnType<typeof reminderEmail> };

/** The streak mail, for a streak of one day and of several (a slot the statement fills with the number). */
function streakMails(ctx: ServiceCtx<'config'>, offLink: string): Templates {
  const mail = (days: string, plural: boolean) =>
    reminderEmail({
      subject: t.streakSubject(days, plural),
      lines: [t.streakIntro(days, plural)],
      link: { href: ctx.config.PUBLIC_URL + PATHS.guide, label: t.streakButton },
      offLink,
    });
  return { one: mail('1', false), many: mail(DAYS_SLOT, true) };
}

function lessonMail(ctx: ServiceCtx<'config'>, lesson: NewLesson, offLink: string): Templates {
  const mail = reminderEmail({
    subject: t.lessonSubject(lesson.title),
    lines: [t.lessonIntro(lesson.title, lesson.moduleTitle)],
    link: { href: ctx.config.PUBLIC_URL + modulePath(lesson.moduleId), label: t.lessonButton },
    offLink,
  });
  return { one: mail, many: mail };
}

/** Queues the mail of each log row this run wrote, with the learner's own turn-off link (and streak). */
function queueFromLog(ctx: ServiceCtx, input: { lessonId?: string; stamp: number; mails: Templates }) {
  const { one, many } = input.mails;
  const fill = (a: string, b: string): SQL =>
    sql`CASE WHEN coalesce(s.current_streak, 0) = 1 THEN replace(${a}, ${TOKEN_SLOT}, r.off_token)
        ELSE replace(replace(${b}, ${TOKEN_SLOT}, r.off_token), ${DAYS_SLOT}, coalesce(s.current_streak, 0)) END`;
  return ctx.db.run(sql`
    INSERT INTO ${mailQueue} (dedupe_key, kind, "to", subject, text, html, headers, next_attempt_at, created_at)
    SELECT 'reminder:' || g.user_id || ':' || g.day, 'transactional', u.email,
      ${fill(one.subject, many.subject)}, ${fill(one.text, many.text)}, ${fill(one.html, many.html)},
      ${fill(JSON.stringify(one.headers), JSON.stringify(many.headers))}, ${input.stamp}, ${input.stamp}
    FROM ${reminderLog} g
    JOIN users u ON u.id = g.user_id
    JOIN reminder_settings r ON r.user_id = g.user_id
    LEFT JOIN streaks s ON s.user_id = g.user_id
    WHERE g.sent_at = ${input.stamp} AND g.lesson_id IS ${input.lessonId ?? null}
    ON CONFLICT (dedupe_key) DO NOTHING`);
}
