import { Hono } from 'hono';
import { postBodySchema, threadQuerySchema } from '#shared/schemas/questions';
import type { AppEnv } from '#worker/context';
import { viewerOf } from '#worker/features/guide/index';
import { requireUser } from '#worker/http/guards';
import { jsonBody, queryParams } from '#worker/http/validate';
import { answerQuestion, askQuestion } from './post';
import { reportPost } from './report';
import { readThread } from './thread';
import { unreadAnswers } from './unread';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** Questions and answers under lessons, mounted at /api/guide (docs/decisions/0046-lesson-questions.md). Every route: the session plus one batch. */
export const questionRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireUser)
  .get('/lessons/:id/questions', queryParams(threadQuerySchema), async (c) => {
    const { deps, user } = c.var;
    const { before } = c.req.valid('query');
    return c.json(await readThread(deps, { viewer: viewerOf(user, deps.now()), lessonId: c.req.param('id'), before }));
  })
  .post('/lessons/:id/questions', jsonBody(postBodySchema), async (c) => {
    const { deps, user } = c.var;
    const { body } = c.req.valid('json');
    const input = { viewer: viewerOf(user, deps.now()), user, body, lessonId: c.req.param('id') };
    return c.json(await askQuestion(deps, input), 201);
  })
  .post('/questions/:id/answers', jsonBody(postBodySchema), async (c) => {
    const { deps, user } = c.var;
    const { body } = c.req.valid('json');
    const input = { viewer: viewerOf(user, deps.now()), user, body, questionId: c.req.param('id') };
    return c.json(await answerQuestion(deps, input), 201);
  })
  .get('/questions/unread', async (c) => {
    const { deps, user } = c.var;
    return c.json(await unreadAnswers(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .post('/posts/:id/report', async (c) => {
    const { deps, user } = c.var;
    return c.json(await reportPost(deps, { viewer: viewerOf(user, deps.now()), postId: c.req.param('id') }));
  });
