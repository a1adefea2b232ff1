import { Hono } from 'hono';
import type { z } from '#shared/zod';
import type { AppEnv, ServiceCtx } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import type { RowWrite } from '../audited-rows';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** The audited services of one kind of content row. */
type ContentService<Create, Patch, Row> = {
  create: (ctx: ServiceCtx, write: { actorId: string; input: Create }) => Promise<Row>;
  update: (ctx: ServiceCtx, write: RowWrite & { patch: Patch }) => Promise<Row>;
  delete: (ctx: ServiceCtx, write: RowWrite) => Promise<void>;
};

/**
 * POST / (201), PATCH /:id and DELETE /:id of one kind of content row (modules, lessons): the
 * row answers as `{ [name]: row }`, a deletion as `{ deleted: true }`.
 */
export function contentRowRoutes<Name extends string, C extends z.core.$ZodType, P extends z.core.$ZodType, Row>(
  name: Name,
  schemas: { create: C; patch: P },
  service: ContentService<z.output<C>, z.output<P>, Row>,
) {
  const answer = (row: Row) => ({ [name]: row }) as Record<Name, Row>;
  return new Hono<AppEnv>()
    .use(jsonLimit, loadSession, requireAdmin)
    .post('/', jsonBody(schemas.create), async (c) =>
      c.json(
        answer(await service.create(c.var.deps, { actorId: c.var.user.id, input: c.req.valid('json') as z.output<C> })),
        201,
      ),
    )
    .patch('/:id', jsonBody(schemas.patch), async (c) =>
      c.json(
        answer(
          await service.update(c.var.deps, {
            actorId: c.var.user.id,
            id: c.req.param('id'),
            patch: c.req.valid('json') as z.output<P>,
          }),
        ),
      ),
    )
    .delete('/:id', async (c) => {
      await service.delete(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id') });
      return c.json({ deleted: true });
    });
}
