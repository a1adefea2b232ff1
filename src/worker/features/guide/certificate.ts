import { eq, max } from 'drizzle-orm';
import { moduleCompletions, type User } from '#db/schema';
import { formatDate } from '#shared/money';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { catalogQueries, moduleStates } from './catalog';
import { certifiedModules, courseFinished, unpassedQuizzesQuery } from './continue';
import { certificatePdf } from './certificate-pdf';
import type { Viewer } from './rules';

/**
 * GET /api/guide/certificate (docs/decisions/0027-continue-search-certificate.md): the course
 * certificate as a PDF, once every module open to the user is completed (403 before), with the name
 * from the profile (409 while there is none: the page asks for it and saves it through PATCH
 * /api/account). Dated the day the last module was completed, in Oslo; the session plus one batch.
 */
export async function courseCertificate(
  ctx: ServiceCtx,
  { viewer, user }: { viewer: Viewer; user: User },
): Promise<Uint8Array<ArrayBuffer>> {
  const { db } = ctx;
  const [moduleRows, lessonRows, completions, [unpassed], [finished]] = await db.batch([
    ...catalogQueries(db, viewer),
    unpassedQuizzesQuery(db, viewer),
    db
      .select({ at: max(moduleCompletions.completedAt) })
      .from(moduleCompletions)
      .where(eq(moduleCompletions.userId, viewer.userId)),
  ]);
  const states = moduleStates(viewer, [moduleRows, lessonRows, completions]);
  if (!courseFinished(states)) throw new AppError('certificate_not_ready', 403);
  if (unpassed?.n) throw new AppError('certificate_needs_quizzes', 403);
  const name = user.firstName.trim();
  if (!name) throw new AppError('name_required', 409);
  const modules = certifiedModules(states);
  return certificatePdf({
    name,
    // A module complete now without a stored completion (none recorded yet) was finished today.
    day: formatDate(finished?.at ?? ctx.now()),
    modules: modules.length,
    lessons: modules.reduce((sum, s) => sum + s.summary.completedCount, 0),
  });
}
