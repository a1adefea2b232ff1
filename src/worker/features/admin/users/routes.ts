import { Hono } from 'hono';
import { adminUsers } from '#shared/copy/admin/users';
import { adminUserListQuerySchema, adminUserUpdateSchema } from '#shared/schemas/admin/users';
import type { AppEnv } from '#worker/context';
import { exportDownload } from '#worker/features/privacy/index';
import { requireAdmin } from '#worker/http/guards';
import { loadSession } from '#worker/features/auth/index';
import { jsonBody, queryParams } from '#worker/http/validate';
import { deleteUser, resetProgress, sendLoginLink } from './actions';
import { loadSessionAndTarget, targetUser } from './admin-user';
import { exportUser } from './export';
import { listUsers } from './list';
import { updateUser } from './update';
import { jsonLimit } from '#worker/http/body-limit';

const t = adminUsers;

/**
 * /api/admin/users: the user list and what an admin may do to one user. Each route names its
 * session loader and guard: the actions on one user read it in the session's round trip.
 */
export const userRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .get('/', loadSession, requireAdmin, queryParams(adminUserListQuerySchema), async (c) =>
    c.json(await listUsers(c.var.deps, c.req.valid('query'))),
  )
  .patch('/:id', loadSessionAndTarget, requireAdmin, jsonBody(adminUserUpdateSchema), async (c) => {
    const user = await updateUser(c.var.deps, { actor: c.var.user, target: targetUser(c), patch: c.req.valid('json') });
    return c.json({ user });
  })
  .delete('/:id', loadSessionAndTarget, requireAdmin, async (c) => {
    await deleteUser(c.var.deps, { actor: c.var.user, user: targetUser(c) });
    return c.json({ message: t.userDeleted });
  })
  .post('/:id/send-login-link', loadSessionAndTarget, requireAdmin, async (c) => {
    const user = targetUser(c);
    await sendLoginLink(c.var.deps, { actorId: c.var.user.id, user });
    return c.json({ message: t.linkSentTo(user.email), email: user.email });
  })
  .post('/:id/reset-progress', loadSession, requireAdmin, async (c) => {
    await resetProgress(c.var.deps, { actorId: c.var.user.id, userId: c.req.param('id') });
    return c.json({ message: t.progressReset });
  })
  .get('/:id/export', loadSessionAndTarget, requireAdmin, async (c) =>
    exportDownload(c, await exportUser(c.var.deps, { actorId: c.var.user.id, user: targetUser(c) })),
  );
