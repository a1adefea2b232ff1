import { Hono } from 'hono';
import { actionRequestSchema, progressRequestSchema } from '#shared/schemas/guide';
import type { AppEnv } from '#worker/context';
import { requireUser } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { recordAction } from './actions';
import { getModule, listModules } from './modules';
import { listProgress, saveProgress } from './progress';
import { viewerOf } from './rules';
import { getStreak, recordVisit } from './streak';

/** The signed-in guide (spec §7 Guide). Every route: the session lookup plus one batch. */
export const guideRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/modules', async (c) => {
    const { deps, user } = c.var;
    return c.json(await listModules(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .get('/modules/:id', async (c) => {
    const { deps, user } = c.var;
    return c.json(await getModule(deps, { viewer: viewerOf(user, deps.now()), moduleId: c.req.param('id') }));
  })
  .get('/streak', async (c) => {
    const { deps, user } = c.var;
    return c.json(await getStreak(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .post('/streak', async (c) => {
    const { deps, user } = c.var;
    return c.json(await recordVisit(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .get('/progress', async (c) => {
    const { deps, user } = c.var;
    return c.json(await listProgress(deps, { viewer: viewerOf(user, deps.now()) }));
  })
  .post('/progress', jsonBody(progressRequestSchema), async (c) => {
    const { deps, user } = c.var;
    const { moduleId, completedSections } = c.req.valid('json');
    return c.json(await saveProgress(deps, { viewer: viewerOf(user, deps.now()), moduleId, completedSections }));
  })
  .post('/action', jsonBody(actionRequestSchema), async (c) => {
    const { deps, user } = c.var;
    return c.json(await recordAction(deps, { viewer: viewerOf(user, deps.now()), action: c.req.valid('json') }));
  });
