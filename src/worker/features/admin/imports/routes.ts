import { Hono } from 'hono';
import { runImportSchema } from '#shared/schemas/admin/imports';
import type { MemberImportResponse } from '#shared/schemas/admin/imports';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';
import { uploadLimit } from '#worker/http/body-limit';
import { requireAdmin } from '#worker/http/guards';
import { loadSession } from '#worker/features/auth/index';
import { jsonBody, mediaType } from '#worker/http/validate';
import { getImport, runImport } from './run';
import { uploadImport } from './upload';
import { uploadedFile } from './upload-form';

/**
 * /api/admin/imports: POST a multipart form with one CSV `file` → 201, `previewing` (the import
 * job previews its rows; GET shows the counts as they grow, then `previewed`); POST
 * `/{id}/run` `{ sendWelcome }` → 202 (the import job applies it); GET `/{id}` → its progress.
 */
export const importRoutes = new Hono<AppEnv>()
  .use(uploadLimit, loadSession, requireAdmin)
  .post('/', async (c) => {
    if (mediaType(c) !== 'multipart/form-data') throw new AppError('unsupported_media_type', 415);
    const file = await uploadedFile(c.req.raw);
    const body: MemberImportResponse = { import: await uploadImport(c.var.deps, { file }) };
    return c.json(body, 201);
  })
  .post('/:id/run', jsonBody(runImportSchema), async (c) => {
    const body: MemberImportResponse = {
      import: await runImport(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id'), body: c.req.valid('json') }),
    };
    return c.json(body, 202);
  })
  .get('/:id', async (c) => {
    const body: MemberImportResponse = { import: await getImport(c.var.deps, { id: c.req.param('id') }) };
    return c.json(body);
  });
