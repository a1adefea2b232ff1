import { Hono } from 'hono';
import { adminQuestionListQuerySchema, authorBlockedSchema, postHiddenSchema } from '#shared/schemas/admin/questions';
import { postBodySchema } from '#shared/schemas/questions';
import type { AppEnv } from '#worker/context';
import { answerQuestion } from '#worker/features/questions/index';
import { viewerOf } from '#worker/features/guide/index';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody, queryParams } from '#worker/http/validate';
import { deletePost, dismissReports, setAuthorBlocked, setPostHidden } from './actions';
import { answerAudit } from './answer-audit';
import { listQuestions } from './list';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/questions: the inbox of learners' questions ("Spørsmål") and what the admin does with them. */
export const questionAdminRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', queryParams(adminQuestionListQuerySchema), async (c) => c.json(await listQuestions(c.var.deps, c.req.valid('query'))))
  .post('/:id/answers', jsonBody(postBodySchema), async (c) => {
    const { deps, user } = c.var;
    const input = { viewer: viewerOf(user, deps.now()), user, body: c.req.valid('json').body, questionId: c.req.param('id') };
    return c.json(await answerQuestion(deps, input, (answerId) => [answerAudit(deps, user.id, answerId)]), 201);
  })
  .put('/posts/:id/hidden', jsonBody(postHiddenSchema), async (c) =>
    c.json(
      await setPostHidden(c.var.deps, { actorId: c.var.user.id, postId: c.req.param('id'), hidden: c.req.valid('json').hidden }),
    ),
  )
  .delete('/posts/:id', async (c) => c.json(await deletePost(c.var.deps, { actorId: c.var.user.id, postId: c.req.param('id') })))
  .delete('/posts/:id/reports', async (c) =>
    c.json(await dismissReports(c.var.deps, { actorId: c.var.user.id, postId: c.req.param('id') })),
  )
  .put('/authors/:id/blocked', jsonBody(authorBlockedSchema), async (c) =>
    c.json(
      await setAuthorBlocked(c.var.deps, {
        actorId: c.var.user.id,
        userId: c.req.param('id'),
        blocked: c.req.valid('json').blocked,
      }),
    ),
  );
