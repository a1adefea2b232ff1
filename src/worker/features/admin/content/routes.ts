import { Hono } from 'hono';
import { lessonCreateSchema, lessonPatchSchema, moduleCreateSchema, modulePatchSchema } from '#shared/schemas/admin-content';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { createLesson, deleteLesson, updateLesson } from './lessons';
import { createModule, deleteModule, listModules, updateModule } from './modules';

/** /api/admin/content: the content manager's modules and lessons. Every write is audited. */
export const contentRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/modules', async (c) => c.json(await listModules(c.var.deps)))
  .post('/modules', jsonBody(moduleCreateSchema), async (c) => {
    const module = await createModule(c.var.deps, { actorId: c.var.user.id, input: c.req.valid('json') });
    return c.json({ module }, 201);
  })
  .patch('/modules/:id', jsonBody(modulePatchSchema), async (c) => {
    const module = await updateModule(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id'), patch: c.req.valid('json') });
    return c.json({ module });
  })
  .delete('/modules/:id', async (c) => {
    await deleteModule(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id') });
    return c.json({ deleted: true });
  })
  .post('/lessons', jsonBody(lessonCreateSchema), async (c) => {
    const lesson = await createLesson(c.var.deps, { actorId: c.var.user.id, input: c.req.valid('json') });
    return c.json({ lesson }, 201);
  })
  .patch('/lessons/:id', jsonBody(lessonPatchSchema), async (c) => {
    const lesson = await updateLesson(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id'), patch: c.req.valid('json') });
    return c.json({ lesson });
  })
  .delete('/lessons/:id', async (c) => {
    await deleteLesson(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id') });
    return c.json({ deleted: true });
  });
