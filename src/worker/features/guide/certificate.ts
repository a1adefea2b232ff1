import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { certificates, moduleCompletions, type User } from '#db/schema';
import { learner } from '#shared/copy/guide/learner';
import { formatDate } from '#shared/money';
import { certificatePath } from '#shared/paths';
import { CERTIFICATE_ID, type CertificateStatus, type PublicCertificate } from '#shared/schemas/certificates';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { unpassedQuizzesSql } from './continue';
import { certificatePdf } from './certificate-pdf';
import { published } from './published';
import { available, completedOnce, hasAvailable, moduleOpen, type Viewer } from './rules';

/*
 * The course certificate (docs/decisions/0027-continue-search-certificate.md, 0049): issued once,
 * the first time it is asked for after the course is finished, as a `certificates` row whose
 * random id the PDF prints with its public address. Every request is the session plus one batch,
 * so the row is written by a statement that decides in SQL, with the guide's own rule fragments,
 * whether the course is finished (continue.ts's `courseFinished`); the batch then reads it back.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 20 characters of base32: 100 random bits, never guessed, safe in a path. */
export function newCertificateId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => BASE32[b & 31]).join('');
}

/** Module `m` counts towards the certificate: published, open as far as premium goes, with something to complete. */
const certified = (v: Viewer, m: string): SQL => sql`(${published(v, m)} AND ${moduleOpen(v, m)} AND ${hasAvailable(v, m)})`;

/** Every module that counts is completed (once or now), and there is at least one: `courseFinished` in SQL. */
export const finishedSql = (v: Viewer): SQL =>
  sql`(EXISTS (SELECT 1 FROM modules cm WHERE ${certified(v, 'cm')})
    AND NOT EXISTS (SELECT 1 FROM modules cm WHERE ${certified(v, 'cm')} AND NOT ${completedOnce(v, 'cm')}))`;

/**
 * The Oslo calendar day (YYYY-MM-DD) of an instant in epoch ms: UTC+1, or UTC+2 from the last
 * Sunday of March to the last Sunday of October at 01:00 UTC (the EU's rule, which Oslo follows).
 */
export const osloDaySql = (epochMs: SQL): SQL =>
  sql`(SELECT date(s + CASE WHEN s >= unixepoch(y || '-03-31', '-6 days', 'weekday 0', '+1 hours')
      AND s < unixepoch(y || '-10-31', '-6 days', 'weekday 0', '+1 hours') THEN 7200 ELSE 3600 END, 'unixepoch')
    FROM (SELECT s, strftime('%Y', s, 'unixepoch') AS y FROM (SELECT (${epochMs}) / 1000 AS s)))`;

/**
 * Writes the viewer's certificate if the course is finished, every quiz the admin's setting
 * requires is passed, there is a name to print, and none exists yet (ON CONFLICT … DO NOTHING: an issued certificate keeps its id, name and date).
 * Dated the day the last module was completed, in Oslo (today if none is recorded yet).
 */
function issueStatement(db: Db, v: Viewer, name: string, now: number) {
  const mc = moduleCompletions;
  const lastCompletion = sql`coalesce((SELECT max(${mc.completedAt}) FROM ${mc} WHERE ${mc.userId} = ${v.userId}), ${now})`;
  const moduleCount = sql`(SELECT count(*) FROM modules cm WHERE ${certified(v, 'cm')})`;
  const lessonCount = sql`(SELECT count(*) FROM lessons kl JOIN modules cm ON cm.id = kl.module_id
    WHERE ${certified(v, 'cm')} AND ${available(v, 'kl', 'cm')}
      AND EXISTS (SELECT 1 FROM lesson_completions kc WHERE kc.user_id = ${v.userId} AND kc.lesson_id = kl.id))`;
  return db.run(sql`INSERT INTO certificates (id, user_id, name, issued_on, modules, lessons, public, created_at)
    SELECT ${newCertificateId()}, ${v.userId}, ${name}, ${osloDaySql(lastCompletion)}, ${moduleCount}, ${lessonCount}, 0, ${now}
    WHERE ${name} <> '' AND ${finishedSql(v)} AND ${unpassedQuizzesSql(v)} = 0
    ON CONFLICT (user_id) DO NOTHING`);
}

const rowOf = (db: Db, userId: string) => db.select().from(certificates).where(eq(certificates.userId, userId));
const finishedOf = (db: Db, v: Viewer) =>
  db.get<{ finished: number; unpassed: number }>(sql`SELECT ${finishedSql(v)} AS finished, ${unpassedQuizzesSql(v)} AS unpassed`);

/**
 * No certificate: the course is not finished (403), a quiz the admin's setting requires is not
 * passed yet (403; docs/decisions/0048-quizzes.md), or the profile has no name (409).
 */
function notIssued(finished: { finished: number; unpassed: number } | undefined): never {
  if (!finished?.finished) throw new AppError('certificate_not_ready', 403);
  if (finished.unpassed) throw new AppError('certificate_needs_quizzes', 403);
  throw new AppError('name_required', 409);
}

export const certificateUrl = (publicUrl: string, id: string) => `${publicUrl}${certificatePath(id)}`;

/**
 * GET /api/guide/certificate: the certificate as a PDF, issued on the first call once every module
 * open to the user is completed (403 before), with the name from the profile (409 while there is
 * none: the page asks for it and saves it through PATCH /api/account). Once issued it is printed
 * from its row, the same every time.
 */
export async function courseCertificate(
  ctx: ServiceCtx<'config'>,
  { viewer, user }: { viewer: Viewer; user: User },
): Promise<Uint8Array<ArrayBuffer>> {
  const { db } = ctx;
  const [, [row], finished] = await db.batch([
    issueStatement(db, viewer, user.firstName.trim(), ctx.now()),
    rowOf(db, viewer.userId),
    finishedOf(db, viewer),
  ]);
  if (!row) notIssued(finished);
  return certificatePdf({
    name: row.name,
    day: formatDate(row.issuedOn),
    modules: row.modules,
    lessons: row.lessons,
    id: row.id,
    url: certificateUrl(ctx.config.PUBLIC_URL, row.id),
  });
}

/**
 * PUT /api/guide/certificate/public: shows the certificate on its public page, or withdraws it.
 * Issues it first when the course is finished and it has not been yet (so the choice does not
 * wait for a download); 403/409 as the PDF when there is none.
 */
export async function setCertificatePublic(
  ctx: ServiceCtx<'config'>,
  { viewer, user, public: isPublic }: { viewer: Viewer; user: User; public: boolean },
): Promise<CertificateStatus> {
  const { db } = ctx;
  const [, updated, finished] = await db.batch([
    issueStatement(db, viewer, user.firstName.trim(), ctx.now()),
    db
      .update(certificates)
      .set({ public: isPublic })
      .where(eq(certificates.userId, viewer.userId))
      .returning({ id: certificates.id, public: certificates.public }),
    finishedOf(db, viewer),
  ]);
  const [row] = updated;
  if (!row) notIssued(finished);
  return { id: row.id, public: row.public, url: certificateUrl(ctx.config.PUBLIC_URL, row.id) };
}

/**
 * GET /api/certificates/{id}: a certificate its learner has made public. Unknown, malformed and
 * withdrawn ids get the same 404, so a withdrawn certificate cannot be told from one that never was.
 */
export async function publicCertificate(ctx: ServiceCtx, { id }: { id: string }): Promise<PublicCertificate> {
  if (!CERTIFICATE_ID.test(id)) throw new AppError('certificate_not_found', 404);
  const [row] = await ctx.db
    .select({
      name: certificates.name,
      issuedOn: certificates.issuedOn,
      modules: certificates.modules,
      lessons: certificates.lessons,
    })
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.public, true)));
  if (!row) throw new AppError('certificate_not_found', 404);
  return { ...row, course: learner.certificate.pdf.course };
}
