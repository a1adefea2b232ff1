/**
 * The 100 000-user data set of `npm run bench -- --scale`
 * (docs/decisions/0024-queries-at-scale.md): deterministic and synthetic, built in SQL (recursive
 * CTEs, `INSERT … SELECT`) on a migrated, seeded database, and cached on disk. It is rebuilt when
 * the migrations or this file change (their hash is kept next to it). No ANALYZE is run, so the
 * planner chooses as it does on a fresh production file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase } from '#db/node';
import { seedIfEmpty } from '#db/seed/seed';
import { DAY, HOUR, MINUTE } from '#shared/time';

/** The data set's "now": the test clock's default, so the app is run at the moment the data describes. */
export const SCALE_NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

export const SIZES = {
  users: 100_000,
  /** Leads without an account, besides one per user. */
  loneLeads: 20_000,
  completions: 1_500_000,
  events: 8_000_000,
  sessions: 150_000,
  guideActions: 300_000,
  xpAwards: 300_000,
  payments: 12_000,
  /** Premium subscriptions over the last 18 months, a fifth of them ended (Innsikt's MRR and cohorts). */
  subscriptions: 10_000,
  consentEvents: 150_000,
  auditLog: 50_000,
  campaignEvents: 100_000,
  /**
   * 1 M clicks on marketing mails, as the redirect stores them: one row per mail, link and day
   * (docs/decisions/0057-click-counting.md): 200 mails × 5 links × 60 days, ~17 clicks each.
   */
  mailLinkClickRows: 60_000,
  mailClicks: 1_000_000,
  /** Users whose last click on a mail is within the attribution window. */
  mailClickRefs: 20_000,
  /** Hourly clean-up keeps about a day of links, a week of outbox mail and a day of rate-limit windows. */
  magicLinks: 6_000,
  emailChanges: 1_000,
  outbox: 20_000,
  mailQueue: 50_000,
  rateLimits: 20_000,
  premiumViews: 20_000,
  /** Questions and answers under lessons: a question and three answers each. */
  lessonPosts: 1_000_000,
  /** Attempts at the seeded quizzes (docs/decisions/0048-quizzes.md): 20 per learner on average. */
  quizAttempts: 2_000_000,
} as const;

const YEAR = 365 * DAY;
const MIGRATIONS = fileURLToPath(new URL('../../../db/migrations', import.meta.url));

/** Hash of the migrations and this generator: a cached file made from anything else is rebuilt. */
function fingerprint(): string {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const name of readdirSync(MIGRATIONS).sort()) if (name.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS, name)));
  return hash.digest('hex');
}

/**
 * Innsikt's aggregates (docs/decisions/0058-insights-and-exports.md) as the migration that made
 * them backfills them: its triggers were gone while the rows went in, so its own statements run again.
 */
function insightsBackfill(): string[] {
  const name = readdirSync(MIGRATIONS).find((f) => f.endsWith('_insights.sql'))!;
  return readFileSync(join(MIGRATIONS, name), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^INSERT (OR IGNORE )?INTO `insight_/.test(statement));
}

const series = (n: number) => `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n})`;
const uid = (expr: string) => `printf('u%06d', ${expr})`;
const N = SIZES.users;
/** `expr` (any integer) folded onto a user number 1..N. */
const someUser = (expr: string) => uid(`((${expr}) % ${N}) + 1`);
/** A time `back` (SQL expression, ms) before now. */
const ago = (back: string) => `(${SCALE_NOW} - (${back}))`;
/** When user number `u` signed up: evenly over the last year, user N the newest. */
const signedUp = (u: string) => ago(`(${N} - (${u})) * ${Math.floor(YEAR / N)} + 1000`);
/**
 * A moment of user `u`'s activity, picked by `k`: within the 60 days after they signed up (and
 * before now), as learners on a course site are busiest when new. Weekly activity is then that
 * of the recent sign-ups, not of everyone.
 */
const activeAt = (u: string, k: string) =>
  `(${signedUp(u)} + ((${k}) * 7919) % max(1, min(${60 * DAY}, ${SCALE_NOW} - ${signedUp(u)})))`;

/** The statements that fill the data set, table by table, with what each is for. */
function fillStatements(): [string, string][] {
  const lessonsPerUser = `(21 - ((u.n * 7) % 13))`; // 9..21 lessons each, 15 on average: 1.5 M in all
  return [
    [
      'users',
      `${series(N)} INSERT INTO users (id, email, first_name, is_active, is_premium, role, admin_from_config,
        onboarding_completed, depth_level, admin_notes, premium_plan, premium_end_date, last_login, created_at, last_modified_at)
      SELECT ${uid('n')}, CASE WHEN n = 1 THEN 'admin@soloprenor.no' ELSE printf('bruker%06d@example.no', n) END,
        printf('Bruker%d', n), n % 97 <> 0, n % 10 = 0, CASE WHEN n = 1 THEN 'owner' END, n = 1, 1, 'beginner', '',
        CASE WHEN n % 10 = 0 THEN 'yearly' END, CASE WHEN n % 10 = 0 THEN ${SCALE_NOW + 180 * DAY} END,
        ${activeAt('n', 'n')}, ${signedUp('n')},
        ${ago(`(${N} - n) * ${Math.floor(YEAR / N)}`)}
      FROM s`,
    ],
    [
      'leads',
      `${series(N + SIZES.loneLeads)} INSERT INTO leads (id, email, user_id, source, utm_source, created_at, updated_at)
      SELECT printf('l%06d', n),
        CASE WHEN n = 1 THEN 'admin@soloprenor.no' WHEN n <= ${N} THEN printf('bruker%06d@example.no', n) ELSE printf('lead%06d@example.no', n) END,
        CASE WHEN n <= ${N} THEN ${uid('n')} END, 'landing', CASE WHEN n % 5 = 0 THEN 'newsletter' END,
        ${ago(`(${N + SIZES.loneLeads} - n) * ${Math.floor(YEAR / (N + SIZES.loneLeads))} + 2000`)},
        ${ago(`(${N + SIZES.loneLeads} - n) * ${Math.floor(YEAR / (N + SIZES.loneLeads))} + 2000`)}
      FROM s`,
    ],
    [
      'lesson_completions',
      `CREATE TEMP TABLE ranked AS SELECT l.id, l.module_id, row_number() OVER (ORDER BY m."order", l."order") - 1 AS r
        FROM lessons l JOIN modules m ON m.id = l.module_id;
      ${series(N).replace('WITH RECURSIVE s(n)', 'WITH RECURSIVE u(n)').replace('FROM s WHERE', 'FROM u WHERE')}
      INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at)
      SELECT ${uid('u.n')}, ranked.id, ranked.module_id, ${activeAt('u.n', 'ranked.r * 104729 + u.n')}
      FROM u JOIN ranked ON ranked.r < ${lessonsPerUser} ORDER BY u.n, ranked.id;
      DROP TABLE ranked`,
    ],
    [
      'analytics_events',
      `${series(SIZES.events)} INSERT INTO analytics_events (id, event_name, lead_id, user_id, props, created_at)
      SELECT n,
        CASE n % 8 WHEN 0 THEN 'page_view' WHEN 1 THEN 'cta_hero_click' WHEN 2 THEN 'faq_open' WHEN 3 THEN 'lead_submit'
          WHEN 4 THEN 'cta_mid_click' WHEN 5 THEN 'scroll_depth' WHEN 6 THEN 'pricing_view' ELSE 'video_play' END,
        CASE WHEN n % 4 = 1 THEN printf('l%06d', ((n / 4) % ${N + SIZES.loneLeads}) + 1) END,
        CASE WHEN n % 2 = 0 THEN ${someUser('n / 2')} END,
        CASE WHEN n % 3 = 0 THEN '{"question":"Hva koster det?"}' END,
        -- A user's events near their sign-up; anonymous ones evenly over the year.
        CASE WHEN n % 2 = 0 THEN ${activeAt(`((n / 2) % ${N}) + 1`, 'n')}
          ELSE ${ago(`(${SIZES.events} - n) * ${(YEAR / SIZES.events).toFixed(0)}`)} END
      FROM s`,
    ],
    [
      'sessions',
      // A thousandth has just expired: about what an hourly clean-up finds.
      `${series(SIZES.sessions)} INSERT INTO sessions (token_hash, user_id, expires_at, last_used_at, user_agent, created_at)
      SELECT printf('s%07d', n), ${someUser('n')},
        CASE WHEN n % 1000 = 0 THEN ${SCALE_NOW - MINUTE} ELSE ${ago(`(n % 30) * ${DAY} - 30 * ${DAY}`)} END,
        ${ago(`(n % 30) * ${DAY}`)}, 'Mozilla/5.0', ${ago(`(n % 30) * ${DAY} + ${DAY}`)}
      FROM s`,
    ],
    [
      'guide_actions',
      `CREATE TEMP TABLE ranked AS SELECT l.id, l.module_id, row_number() OVER (ORDER BY m."order", l."order") - 1 AS r
        FROM lessons l JOIN modules m ON m.id = l.module_id;
      ${series(SIZES.guideActions)} INSERT OR IGNORE INTO guide_actions (user_id, module_id, action_type, target_id, created_at)
      SELECT ${someUser('n / 3')}, ranked.module_id, 'lesson_completed', ranked.id, ${ago(`(n % 365) * ${DAY}`)}
      FROM s JOIN ranked ON ranked.r = n % 21;
      DROP TABLE ranked`,
    ],
    [
      'streaks',
      `${series(N)} INSERT INTO streaks (user_id, current_streak, longest_streak, last_active_day, updated_at)
      SELECT ${uid('n')}, n % 8, n % 20, '2026-11-2' || (n % 2), ${ago(`(n % 2) * ${DAY}`)} FROM s`,
    ],
    [
      'xp_awards',
      `${series(SIZES.xpAwards)} INSERT INTO xp_awards (user_id, key, kind, points, created_at)
      SELECT ${someUser('n')}, printf('daily:%d', n / ${N}), 'daily_login', 5, ${ago(`(n / ${N}) * ${DAY}`)} FROM s`,
    ],
    [
      'payments',
      `${series(SIZES.payments)} INSERT INTO payments (id, user_id, campaign_id, plan, amount, currency, status, provider, provider_ref, created_at, paid_at)
      SELECT printf('p%06d', n), ${uid(`((n * 10) % ${N}) + 10`)}, 'default',
        CASE WHEN n % 4 = 0 THEN 'monthly' ELSE 'yearly' END, CASE WHEN n % 4 = 0 THEN 19900 ELSE 199500 END, 'NOK',
        CASE WHEN n % 6 = 0 THEN 'pending' WHEN n % 50 = 0 THEN 'refunded' ELSE 'paid' END, 'test', printf('ref%06d', n),
        ${ago(`(n % 365) * ${DAY}`)}, CASE WHEN n % 6 <> 0 THEN ${ago(`(n % 365) * ${DAY}`)} END
      FROM s`,
    ],
    [
      'subscriptions',
      `CREATE TEMP TABLE subs AS ${series(SIZES.subscriptions)} SELECT n, ${uid('n * 10')} AS user_id,
        CASE WHEN n % 4 = 0 THEN 'monthly' ELSE 'yearly' END AS plan, CASE WHEN n % 4 = 0 THEN 39900 ELSE 199500 END AS amount,
        ${ago(`(n % 540) * ${DAY} + ${HOUR}`)} AS started,
        CASE WHEN n % 5 = 0 AND (n % 540) > 30 * ((n % 6) + 1) THEN ${ago(`((n % 540) - 30 * ((n % 6) + 1)) * ${DAY}`)} END AS ended
      FROM s;
      INSERT INTO subscriptions (id, user_id, plan, status, provider, current_period_start, current_period_end, amount_ore, created_at, updated_at)
      SELECT printf('sub%06d', n), user_id, plan, CASE WHEN ended IS NULL THEN 'active' ELSE 'expired' END, 'test',
        started, started + 30 * ${DAY}, amount, started, started FROM subs;
      INSERT INTO subscription_events (subscription_id, kind, status, at)
      SELECT printf('sub%06d', n), 'started', 'active', started FROM subs
      UNION ALL SELECT printf('sub%06d', n), 'expired', 'expired', ended FROM subs WHERE ended IS NOT NULL;
      DROP TABLE subs`,
    ],
    [
      'consent_events',
      `${series(SIZES.consentEvents)} INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, confirms, created_at)
      SELECT printf('c%07d', n), printf('bruker%06d@example.no', (n % ${N}) + 1), CASE WHEN n % 2 = 0 THEN ${someUser('n')} END,
        CASE n % 3 WHEN 0 THEN 'requested' WHEN 1 THEN 'granted' ELSE 'withdrawn' END, '2026-11', 'lead', 'hash',
        NULL, ${ago(`(n % 365) * ${DAY}`)}
      FROM s`,
    ],
    [
      'admin_audit_log',
      `${series(SIZES.auditLog)} INSERT INTO admin_audit_log (id, actor_id, action, target_type, target_id, details, created_at)
      SELECT n, 'u000001', CASE WHEN n % 5 = 0 THEN 'lesson.update' ELSE 'user.update' END,
        CASE WHEN n % 5 = 0 THEN 'lesson' ELSE 'user' END, CASE WHEN n % 5 = 0 THEN 'mindset-quick-win' ELSE ${someUser('n * 7')} END,
        '{"changes":{"adminNotes":"oppdatert"}}', ${ago(`(${SIZES.auditLog} - n) * ${Math.floor(YEAR / SIZES.auditLog)}`)}
      FROM s`,
    ],
    [
      'campaign_events',
      `${series(SIZES.campaignEvents)} INSERT OR IGNORE INTO campaign_events (user_id, campaign_id, kind, placement, reason, day, created_at)
      SELECT ${someUser('n')}, 'default', CASE WHEN n % 10 = 0 THEN 'clicked' ELSE 'shown' END, 'modal', 'visit',
        date(${SCALE_NOW / 1000} - (n % 60) * 86400, 'unixepoch'), ${ago(`(n % 60) * ${DAY}`)}
      FROM s`,
    ],
    [
      'mail_link_clicks',
      `${series(SIZES.mailLinkClickRows)} INSERT INTO mail_link_clicks (mail_kind, mail_id, link_index, day, url, clicks)
      SELECT CASE WHEN n % 10 = 0 THEN 'welcome' ELSE 'newsletter' END, printf('mail%03d', (n / 300) % 200), n % 5,
        date(${SCALE_NOW / 1000} - ((n / 5) % 60) * 86400, 'unixepoch'), printf('https://example.no/lenke/%d', n % 5),
        ${Math.floor(SIZES.mailClicks / SIZES.mailLinkClickRows)} + (n % 3)
      FROM s`,
    ],
    [
      'mail_click_refs',
      `${series(SIZES.mailClickRefs)} INSERT OR IGNORE INTO mail_click_refs (user_id, mail_ref, clicked_at)
      SELECT ${someUser('n * 5')}, printf('newsletter:mail%03d', n % 200), ${ago(`(n % 7) * ${DAY}`)} FROM s`,
    ],
    [
      'premium_views',
      `${series(SIZES.premiumViews)} INSERT INTO premium_views (user_id, viewed_at) SELECT ${someUser('n * 3')}, ${ago(`(n % 600) * ${MINUTE}`)} FROM s`,
    ],
    [
      'magic_link_tokens',
      // About a day's links, a thirtieth of them past the day a spent link is kept: what an hourly clean-up finds.
      `${series(SIZES.magicLinks)} INSERT INTO magic_link_tokens (token_hash, email, first_name, code_hash, code_attempts, return_to, expires_at, used_at, created_at)
      SELECT printf('m%07d', n), printf('bruker%06d@example.no', (n % ${N}) + 1), '', 'code', 0, NULL,
        ${ago(`(n % 25) * ${HOUR} - 15 * ${MINUTE}`)}, CASE WHEN n % 2 = 0 THEN ${ago(`(n % 25) * ${HOUR}`)} END,
        ${ago(`(n % 25) * ${HOUR}`)}
      FROM s`,
    ],
    [
      'email_changes',
      `${series(SIZES.emailChanges)} INSERT INTO email_changes (token_hash, user_id, new_email, expires_at, used_at, created_at)
      SELECT printf('e%07d', n), ${someUser('n * 11')}, printf('ny%06d@example.no', n), ${ago(`(n % 25) * ${HOUR} - ${DAY}`)}, NULL,
        ${ago(`(n % 25) * ${HOUR}`)}
      FROM s`,
    ],
    [
      'mail_outbox',
      `${series(SIZES.outbox)} INSERT INTO mail_outbox (id, "to", subject, text, html, created_at)
      SELECT n, printf('bruker%06d@example.no', (n % ${N}) + 1), 'Din innloggingslenke', 'Lenke', '<p>Lenke</p>',
        ${ago(`(${SIZES.outbox} - n) * ${Math.floor((7 * DAY + HOUR) / SIZES.outbox)}`)}
      FROM s`,
    ],
    [
      'mail_queue',
      `${series(SIZES.mailQueue)} INSERT INTO mail_queue (id, dedupe_key, kind, "to", subject, text, html, headers, status, attempts, next_attempt_at, last_error, created_at, sent_at)
      SELECT n, printf('scale:%d', n), 'transactional', printf('bruker%06d@example.no', (n % ${N}) + 1), 'Kvittering', 'x', '<p>x</p>',
        NULL, CASE WHEN n % 100 = 0 THEN 'pending' WHEN n % 250 = 1 THEN 'failed' ELSE 'sent' END, 1,
        ${ago(`(n % 60) * ${MINUTE}`)}, NULL, ${ago(`(${SIZES.mailQueue} - n) * ${MINUTE}`)},
        CASE WHEN n % 100 <> 0 THEN ${ago(`(${SIZES.mailQueue} - n) * ${MINUTE}`)} END
      FROM s`,
    ],
    [
      'welcome_steps',
      // The seed's three-step series, in place for a year: the welcome job finds its due mails among the leads.
      `INSERT INTO welcome_steps (id, position, delay_days, subject, markdown, created_at, updated_at)
      VALUES ('velkommen', 1, 0, 'Velkommen', 'Hei!', ${ago(`${YEAR}`)}, ${ago(`${YEAR}`)}),
        ('steg-2', 2, 2, 'Neste steg', 'Hei igjen!', ${ago(`${YEAR}`)}, ${ago(`${YEAR}`)}),
        ('steg-3', 3, 5, 'Markedsføring', 'Hei!', ${ago(`${YEAR}`)}, ${ago(`${YEAR}`)})`,
    ],
    [
      'rate_limits',
      `${series(SIZES.rateLimits)} INSERT INTO rate_limits (key, window_start, count)
      SELECT printf('eventPerIp:ip:%064d', n), ${ago(`(n % 25) * ${HOUR}`)}, n % 20 FROM s`,
    ],
    [
      'lesson_posts',
      // Post n is a question when n % 4 = 1, else an answer to the question before it (the first an
      // official one for four questions in five: a fifth stay unanswered). Questions are spread over the
      // lessons and the year; one in 200 posts is hidden, one question in ten has an unseen answer.
      `CREATE TEMP TABLE post_lessons (r INTEGER PRIMARY KEY, id TEXT);
      INSERT INTO post_lessons SELECT row_number() OVER (ORDER BY id) - 1, id FROM lessons;
      ${series(SIZES.lessonPosts)}, p AS (SELECT n, n - ((n - 1) % 4) AS q FROM s)
      INSERT INTO lesson_posts (id, lesson_id, question_id, author_id, body, official, hidden_at, answered_at, unread, created_at)
      SELECT printf('p%07d', n),
        (SELECT id FROM post_lessons WHERE r = (q / 4) % (SELECT count(*) FROM post_lessons)),
        CASE WHEN n = q THEN NULL ELSE printf('p%07d', q) END,
        ${someUser('n * 13')},
        CASE WHEN n = q THEN 'Hvordan kommer jeg i gang med dette?' ELSE 'Prøv dette først.' END,
        n % 4 = 2 AND (q / 4) % 5 <> 0,
        CASE WHEN n % 200 = 0 THEN ${SCALE_NOW} END,
        CASE WHEN n = q AND (q / 4) % 5 <> 0 THEN ${ago(`(${SIZES.lessonPosts} - q) * ${Math.floor(YEAR / SIZES.lessonPosts)} - ${HOUR}`)} END,
        CASE WHEN n = q AND (q / 4) % 10 = 1 THEN 1 ELSE 0 END,
        ${ago(`(${SIZES.lessonPosts} - q) * ${Math.floor(YEAR / SIZES.lessonPosts)} - (n - q) * ${MINUTE}`)}
      FROM p;
      DROP TABLE post_lessons`,
    ],
    [
      'quiz_attempts',
      // Attempt n is by user n * 17 (folded) at one of the quiz lessons, in turn; two in three pass. The
      // statistics count each question's first answers as the guide would have: one per learner and quiz.
      `CREATE TEMP TABLE quiz_lessons (r INTEGER PRIMARY KEY, id TEXT, questions INTEGER);
      INSERT INTO quiz_lessons SELECT row_number() OVER (ORDER BY id) - 1, id, json_array_length(quiz, '$.questions')
        FROM lessons WHERE type = 'quiz';
      ${series(SIZES.quizAttempts)}, a AS (SELECT n, (SELECT id FROM quiz_lessons WHERE r = n % (SELECT count(*) FROM quiz_lessons)) AS lesson_id FROM s)
      INSERT INTO quiz_attempts (id, user_id, lesson_id, answers, results, score, passed, created_at)
      SELECT printf('qa%07d', n), ${someUser('n * 17')}, lesson_id, '[["a"],["a"],["a"]]', '[true,true,false]',
        CASE WHEN n % 3 = 0 THEN 1 ELSE 3 END, n % 3 <> 0,
        ${ago(`(${SIZES.quizAttempts} - n) * ${Math.floor(YEAR / SIZES.quizAttempts)}`)}
      FROM a;
      INSERT INTO quiz_question_stats (lesson_id, question_id, first_answers, first_wrong)
      SELECT ql.id, json_extract(q.value, '$.id'), ${N}, ${N} / (q.key + 3)
      FROM quiz_lessons ql JOIN lessons l ON l.id = ql.id, json_each(l.quiz, '$.questions') q;
      DROP TABLE quiz_lessons`,
    ],
    [
      'counters',
      `UPDATE counters SET value = CASE name WHEN 'users' THEN (SELECT count(*) FROM users)
        ELSE (SELECT count(*) FROM users WHERE is_active = 1) END;
      INSERT INTO counters (name, value) SELECT 'completions:' || lesson_id, count(*) FROM lesson_completions GROUP BY lesson_id`,
    ],
  ];
}

/**
 * The cached data set at `file`, built first if missing or made from other migrations.
 * Indexes are dropped while the rows go in and made again after: far faster than keeping them up.
 */
export async function scaleDataset(file: string, log: (line: string) => void): Promise<string> {
  const key = fingerprint();
  const keyFile = `${file}.key`;
  if (existsSync(file) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return file;
  for (const f of [file, `${file}-wal`, `${file}-shm`, keyFile]) rmSync(f, { force: true });
  mkdirSync(dirname(file), { recursive: true });

  const started = performance.now();
  const { client, db } = await openDatabase(`file:${file}`);
  try {
    await migrateDatabase(db);
    await seedIfEmpty(db);
    await client.execute('PRAGMA foreign_keys = OFF');
    await client.execute('PRAGMA synchronous = OFF');
    await client.execute('PRAGMA cache_size = -200000');
    // Indexes and the counting triggers go while the rows go in, and come back after (the counters are set in one go).
    const indexes = (
      await client.execute("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL")
    ).rows;
    for (const { type, name } of indexes) await client.execute(`DROP ${String(type).toUpperCase()} "${String(name)}"`);
    for (const [table, statement] of fillStatements()) {
      const t0 = performance.now();
      await client.executeMultiple(statement);
      log(`  ${table}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const t0 = performance.now();
    for (const { sql } of indexes) await client.execute(String(sql));
    // The admin's search indexes (migration search_index) were filled by triggers that were gone meanwhile.
    for (const index of ['users_search', 'leads_search'])
      await client.execute(`INSERT INTO ${index}(${index}) VALUES ('rebuild')`);
    log(`  indexes and triggers: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // What the activity triggers would have kept, now that the indexes are there to find it.
    const t1 = performance.now();
    await client.execute(`UPDATE users SET last_active_at = (SELECT max(at) FROM (
      SELECT max(last_used_at) AS at FROM sessions WHERE user_id = users.id
      UNION ALL SELECT max(created_at) FROM analytics_events WHERE user_id = users.id
      UNION ALL SELECT max(created_at) FROM lesson_completions WHERE user_id = users.id))`);
    log(`  users.last_active_at: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const t2 = performance.now();
    for (const statement of insightsBackfill()) await client.execute(statement);
    log(`  Innsikt's counts: ${((performance.now() - t2) / 1000).toFixed(1)} s`);
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    client.close();
  }
  writeFileSync(keyFile, key);
  log(`  built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return file;
}
