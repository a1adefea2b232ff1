import { Hono } from 'hono';
import { lessonCreateSchema, lessonPatchSchema, moduleCreateSchema, modulePatchSchema } from '#shared/schemas/admin-content';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { createLesson, deleteLesson, updateLesson } from './lessons';
import { createModule, deleteModule, listModules, updateModule } from './modules';
import { contentRowRoutes } from './resource-routes';

const moduleWrites = { create: createModule, update: updateModule, delete: deleteModule };
const lessonWrites = { create: createLesson, update: updateLesson, delete: deleteLesson };

/** /api/admin/content: the content manager's modules and lessons. Every write is audited. */
export const contentRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/modules', async (c) => c.json(await listModules(c.var.deps)))
  .route('/modules', contentRowRoutes('module', { create: moduleCreateSchema, patch: modulePatchSchema }, moduleWrites))
  .route('/lessons', contentRowRoutes('lesson', { create: lessonCreateSchema, patch: lessonPatchSchema }, lessonWrites));
