import { Hono, type Context } from 'hono';
import type { User } from '#db/schema';
import { learner } from '#shared/copy/guide/learner';
import {
  actionRequestSchema,
  guideReadQuerySchema,
  noteRequestSchema,
  progressRequestSchema,
  quizAttemptSchema,
  searchQuerySchema,
  videoPositionSchema,
} from '#shared/schemas/guide';
import { certificatePublicSchema } from '#shared/schemas/certificates';
import type { AppEnv } from '#worker/context';
import { requireUser } from '#worker/http/guards';
import { jsonBody, queryParams } from '#worker/http/validate';
import { recordAction } from './actions';
import { courseCertificate, publicCertificate, setCertificatePublic } from './certificate';
import { attachment, downloadFile, isCaptions } from './files';
import { getModule, listModules } from './modules';
import { listNotes, saveNote } from './notes';
import { saveVideoPosition } from './position';
import { listProgress, saveProgress } from './progress';
import { submitQuiz } from './quiz';
import { viewerOf, type Viewer } from './rules';
import { searchGuide } from './search';
import { getStreak, recordVisit } from './streak';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/**
 * The reads' viewer: `?preview=user` lets an admin see the guide as a free user would
 * (docs/decisions/0023-lessons-video-files-drafts.md).
 */
const readerOf = (c: Context<AppEnv & { Variables: { user: User } }>): Viewer =>
  viewerOf(c.var.user, c.var.deps.now(), c.req.query('preview') === 'user');

/** The signed-in guide (docs/decisions/0011-guide.md). Every route: the session lookup plus one batch. */
export const guideRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireUser)
  .get('/modules', queryParams(guideReadQuerySchema), async (c) => c.json(await listModules(c.var.deps, { viewer: readerOf(c) })))
  .get('/modules/:id', queryParams(guideReadQuerySchema), async (c) =>
    c.json(await getModule(c.var.deps, { viewer: readerOf(c), moduleId: c.req.param('id') })),
  )
  .get('/search', queryParams(searchQuerySchema), async (c) =>
    c.json(await searchGuide(c.var.deps, { viewer: readerOf(c), q: c.req.valid('query').q })),
  )
  .get('/certificate', async (c) => {
    const { deps, user } = c.var;
    const pdf = await courseCertificate(deps, { viewer: viewerOf(user, deps.now()), user });
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${learner.certificate.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .put('/certificate/public', jsonBody(certificatePublicSchema), async (c) => {
    const { deps, user } = c.var;
    return c.json(
      await setCertificatePublic(deps, { viewer: viewerOf(user, deps.now()), user, public: c.req.valid('json').public }),
    );
  })
  .put('/lessons/:id/position', jsonBody(videoPositionSchema), async (c) => {
    const { deps, user } = c.var;
    const { seconds } = c.req.valid('json');
    return c.json(await saveVideoPosition(deps, { viewer: viewerOf(user, deps.now()), lessonId: c.req.param('id'), seconds }));
  })
  .put('/lessons/:id/note', jsonBody(noteRequestSchema), async (c) => {
    const { deps, user } = c.var;
    return c.json(
      await saveNote(deps, { viewer: viewerOf(user, deps.now()), lessonId: c.req.param('id'), ...c.req.valid('json') }),
    );
  })
  .post('/lessons/:id/quiz', jsonBody(quizAttemptSchema), async (c) => {
    const { deps, user } = c.var;
    const { answers } = c.req.valid('json');
    return c.json(await submitQuiz(deps, { viewer: viewerOf(user, deps.now()), lessonId: c.req.param('id'), answers }));
  })
  .get('/notes', async (c) => {
    const { deps, user } = c.var;
    return c.json(await listNotes(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .get('/streak', async (c) => {
    const { deps, user } = c.var;
    return c.json(await getStreak(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .post('/streak', async (c) => {
    const { deps, user } = c.var;
    return c.json(await recordVisit(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .get('/progress', queryParams(guideReadQuerySchema), async (c) =>
    c.json(await listProgress(c.var.deps, { viewer: readerOf(c) })),
  )
  .post('/progress', jsonBody(progressRequestSchema), async (c) => {
    const { deps, user } = c.var;
    const { moduleId, completedSections } = c.req.valid('json');
    return c.json(await saveProgress(deps, { viewer: viewerOf(user, deps.now()), moduleId, completedSections }));
  })
  .post('/action', jsonBody(actionRequestSchema), async (c) => {
    const { deps, user } = c.var;
    return c.json(await recordAction(deps, { viewer: viewerOf(user, deps.now()), action: c.req.valid('json') }));
  });

/** /api/files/{id}?exp=…&sig=…: a lesson file, for the signed-in user the link was made for (see file-link.ts). */
export const fileRoutes = new Hono<AppEnv>().use(loadSession, requireUser).get('/:id', async (c) => {
  const { deps, user } = c.var;
  const file = await downloadFile(deps, {
    viewer: viewerOf(user, deps.now()),
    fileId: c.req.param('id'),
    exp: c.req.query('exp'),
    sig: c.req.query('sig'),
  });
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': isCaptions(file.contentType) ? 'inline' : attachment(file.name),
    'X-Content-Type-Options': 'nosniff',
  });
});

/**
 * /api/certificates/{id}: a certificate its learner made public, for anyone who checks it (the
 * page /sertifikat/{id}); no session, one query (docs/decisions/0049-certificate-verification.md).
 */
export const certificateRoutes = new Hono<AppEnv>().get('/:id', async (c) =>
  c.json(await publicCertificate(c.var.deps, { id: c.req.param('id') })),
);
