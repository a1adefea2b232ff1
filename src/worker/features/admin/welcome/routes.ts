import { Hono } from 'hono';
import { welcomeOrderSchema, welcomeStepInputSchema, welcomeTestSchema } from '#shared/schemas/admin/welcome';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { sendTestMail } from '../test-mail';
import { createStep, deleteStep, listSteps, reorderSteps, updateStep } from './steps';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/**
 * /api/admin/welcome-series: the welcome series' steps (the job jobs/welcome-series.ts sends them)
 * and a test send of one to the admin. Every write to the series is audited.
 */
export const welcomeRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listSteps(c.var.deps)))
  .post('/', jsonBody(welcomeStepInputSchema), async (c) => {
    const step = await createStep(c.var.deps, { actorId: c.var.user.id, step: c.req.valid('json') });
    return c.json({ step }, 201);
  })
  // The step as it stands in the editor, to the admin writing it (any step, saved or not).
  .post('/test', jsonBody(welcomeTestSchema), async (c) =>
    c.json(await sendTestMail(c.var.deps, { content: c.req.valid('json'), to: c.var.user.email, kind: 'welcome-test' })),
  )
  // Before '/:id', which would take "order" for an id.
  .put('/order', jsonBody(welcomeOrderSchema), async (c) =>
    c.json(await reorderSteps(c.var.deps, { actorId: c.var.user.id, ids: c.req.valid('json').ids })),
  )
  .put('/:id', jsonBody(welcomeStepInputSchema), async (c) => {
    const step = await updateStep(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id'), step: c.req.valid('json') });
    return c.json({ step });
  })
  .delete('/:id', async (c) => {
    await deleteStep(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id') });
    return c.json({ deleted: true });
  });
