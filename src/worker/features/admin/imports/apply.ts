import { eq, sql } from 'drizzle-orm';
import { memberImports } from '#db/schema';
import { PATHS } from '#shared/paths';
import type { ServiceCtx } from '#worker/context';
import { importWelcomeEmail, UNTIL_MARK } from '#worker/emails/import-welcome';
import { activePremium } from './preview';

/** Rows one chunk applies: one batch of eight statements, whose cost is mostly the new members' (the search index's and the insights' triggers); fewer rows hold the event loop less (measured in scripts/bench/imports.ts). */
export const IMPORT_CHUNK = 50;

type Ctx = ServiceCtx<'config'>;
type Running = Pick<typeof memberImports.$inferSelect, 'id' | 'format' | 'fileHash' | 'sendWelcome' | 'done' | 'total'>;

/**
 * Applies the import's next chunk of rows (after `done`, in file order) in one batch, all or
 * nothing, and moves `done` on — only if no other runner moved it first. Every statement changes
 * only what is not so already (rowChangesMember's rules), so a chunk applied twice (a runner
 * stopped after the commit but before it knew) changes nothing the second time:
 * - a member for a new address (the id made at upload), and a lead naming where they came from;
 * - a first name where the member has none;
 * - Premium until the paid date, as an admin's grant without a charge (`admin_granted`), when
 *   they have no Premium running (a running subscription is never touched);
 * - the consent, as a `granted` in the consent history with the platform as its source, the
 *   date the file gives, and the file's hash as the proof, when the address has made no
 *   decision here;
 * - the welcome mail, once per address, only when the admin ticked it.
 * The last chunk marks the import done. Returns how many rows it covered (0: nothing to do).
 */
export async function applyChunk(ctx: Ctx, run: Running): Promise<number> {
  const { db, config } = ctx;
  const now = ctx.now();
  const from = run.done;
  const to = Math.min(run.total, from + IMPORT_CHUNK);
  // The chunk's rows to apply (skipped rows change nothing), for `FROM member_import_rows r WHERE …`.
  const chunk = sql`r.import_id = ${run.id} AND r.row_no > ${from} AND r.row_no <= ${to} AND r.outcome <> 'skipped'`;
  const source = `import:${run.format}`;
  const loginUrl = `${config.PUBLIC_URL}${PATHS.login}`;
  const plain = importWelcomeEmail({ loginUrl, premium: false });
  const premium = importWelcomeEmail({ loginUrl, premium: true });
  // The last day of Premium as dd.mm.yyyy (a bare date in the file runs to the end of that day).
  const until = sql`strftime('%d.%m.%Y', (r.premium_until - 1) / 1000.0, 'unixepoch')`;
  const granted = sql`(u.premium_plan = 'admin_granted' AND u.premium_end_date = r.premium_until AND r.premium_until > ${now})`;
  const stillAt = sql`EXISTS (SELECT 1 FROM ${memberImports} WHERE id = ${run.id} AND done = ${from} AND status = 'running')`;

  const [, , , , , , , moved] = await db.batch([
    db.run(sql`
      INSERT INTO users (id, email, first_name, created_at, last_modified_at)
      SELECT r.new_user_id, r.email, r.name, ${now}, ${now} FROM member_import_rows r WHERE ${chunk} AND ${stillAt}
      ON CONFLICT (email) DO NOTHING`),
    // By the address index (IN a list of the chunk's addresses), never a walk over every member.
    db.run(sql`
      UPDATE users AS u SET first_name = (SELECT r.name FROM member_import_rows r WHERE ${chunk} AND r.email = u.email), last_modified_at = ${now}
      WHERE u.email IN (SELECT r.email FROM member_import_rows r WHERE ${chunk} AND r.name <> '') AND u.first_name = '' AND ${stillAt}`),
    db.run(sql`
      UPDATE users AS u SET is_premium = 1, premium_plan = 'admin_granted', last_modified_at = ${now},
        premium_end_date = (SELECT r.premium_until FROM member_import_rows r WHERE ${chunk} AND r.email = u.email)
      WHERE u.email IN (SELECT r.email FROM member_import_rows r WHERE ${chunk} AND r.premium_until > ${now})
        AND NOT ${activePremium(now)} AND ${stillAt}`),
    db.run(sql`
      INSERT INTO leads (id, email, user_id, source, created_at, updated_at)
      SELECT r.new_lead_id, r.email, (SELECT id FROM users WHERE email = r.email), ${source}, ${now}, ${now}
      FROM member_import_rows r WHERE ${chunk} AND ${stillAt}
      ON CONFLICT (email) DO NOTHING`),
    db.run(sql`
      INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, created_at)
      SELECT r.new_user_id || ':consent', r.email, (SELECT id FROM users WHERE email = r.email), 'granted',
        ${`import:${run.fileHash}`}, ${source}, ${`import:${run.id}`}, r.consent_at
      FROM member_import_rows r WHERE ${chunk} AND r.consent_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM consent_events c WHERE c.email = r.email AND c.action IN ('granted', 'withdrawn'))
        AND ${stillAt}
      ON CONFLICT (id) DO NOTHING`),
    db.run(sql`
      INSERT INTO mail_queue (dedupe_key, kind, "to", subject, text, html, next_attempt_at, created_at)
      SELECT 'import-welcome:' || r.email, 'transactional', r.email, ${plain.subject},
        CASE WHEN ${granted} THEN replace(${premium.text}, ${UNTIL_MARK}, ${until}) ELSE ${plain.text} END,
        CASE WHEN ${granted} THEN replace(${premium.html}, ${UNTIL_MARK}, ${until}) ELSE ${plain.html} END,
        ${now}, ${now}
      FROM member_import_rows r JOIN users u ON u.email = r.email
      WHERE ${chunk} AND ${run.sendWelcome ? sql`1` : sql`0`} AND ${stillAt}
      ON CONFLICT (dedupe_key) DO NOTHING`),
    db.run(sql`
      UPDATE ${memberImports} SET done = ${to},
        status = CASE WHEN ${to} >= total THEN 'done' ELSE status END,
        finished_at = CASE WHEN ${to} >= total THEN ${now} ELSE finished_at END
      WHERE id = ${run.id} AND done = ${from} AND status = 'running'`),
    db.select({ done: memberImports.done }).from(memberImports).where(eq(memberImports.id, run.id)),
  ]);
  return moved[0] && moved[0].done === to ? to - from : 0;
}
