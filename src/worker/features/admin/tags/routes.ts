import { Hono, type Context } from 'hono';
import type { User } from '#db/schema';
import { tagSchema } from '#shared/schemas/admin/tags';
import type { AppEnv } from '#worker/context';
import { loadSession } from '#worker/features/auth/index';
import { requireAdmin } from '#worker/http/guards';
import { parseWith } from '#worker/http/validate';
import { changeTag, listTags, tagsOfUser } from './tags';
import { jsonLimit } from '#worker/http/body-limit';

/** /api/admin/tags: every tag an audience may name (automatic and the admins' own). */
export const tagRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listTags(c.var.deps)));

/** PUT puts the tag in the path on the user, DELETE takes it off; an automatic or malformed tag is a 400. */
const change = (set: boolean) => async (c: Context<AppEnv & { Variables: { user: User } }>) =>
  c.json(
    await changeTag(c.var.deps, {
      actorId: c.var.user.id,
      userId: c.req.param('id') ?? '',
      tag: parseWith(tagSchema, c.req.param('tag')),
      set,
    }),
  );

/** /api/admin/users/{id}/tags: one user's tags, and an admin's tag put on or taken off. */
// Each route names its loader and guard: mounted beside the user routes, a shared `use` would load
// the session before their own loaders, which read their target with it.
export const userTagRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .get('/:id/tags', loadSession, requireAdmin, async (c) => c.json(await tagsOfUser(c.var.deps, c.req.param('id'))))
  .put('/:id/tags/:tag', loadSession, requireAdmin, change(true))
  .delete('/:id/tags/:tag', loadSession, requireAdmin, change(false));
