import { Hono } from 'hono';
import {
  lessonCreateSchema,
  lessonPatchSchema,
  markdownPreviewSchema,
  moduleCreateSchema,
  modulePatchSchema,
  reorderSchema,
  type MarkdownPreviewResponse,
} from '#shared/schemas/admin/content';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { renderMarkdown } from '#worker/markdown/render-markdown';
import { createLesson, deleteLesson, updateLesson } from './lessons';
import { createModule, deleteModule, listModules, updateModule } from './modules';
import { reorderContent } from './reorder';
import { contentRowRoutes } from './resource-routes';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

const moduleWrites = { create: createModule, update: updateModule, delete: deleteModule };
const lessonWrites = { create: createLesson, update: updateLesson, delete: deleteLesson };

/** /api/admin/content: the content manager's modules and lessons. Every write is audited. */
export const contentRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/modules', async (c) => c.json(await listModules(c.var.deps)))
  .post('/preview', jsonBody(markdownPreviewSchema), (c) => {
    const body: MarkdownPreviewResponse = { html: renderMarkdown(c.req.valid('json').markdown) };
    return c.json(body);
  })
  .put('/order', jsonBody(reorderSchema), async (c) =>
    c.json(await reorderContent(c.var.deps, { actorId: c.var.user.id, input: c.req.valid('json') })),
  )
  .route('/modules', contentRowRoutes('module', { create: moduleCreateSchema, patch: modulePatchSchema }, moduleWrites))
  .route('/lessons', contentRowRoutes('lesson', { create: lessonCreateSchema, patch: lessonPatchSchema }, lessonWrites));
