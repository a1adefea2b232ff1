import { Hono } from 'hono';
import { nb } from '#shared/copy/nb';
import { adminUserListQuerySchema, adminUserUpdateSchema } from '#shared/schemas/admin';
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

const t = nb.adminUsers;

/** /api/admin/users: the user list and what an admin may do to one user. */
export const userRoutes = new Hono<AppEnv>()
  // Only the actions that use the target read it with the session; the others find it themselves.
  .on('DELETE', '/:id', loadSessionAndTarget)
  .on('POST', '/:id/send-login-link', loadSessionAndTarget)
  .on('GET', '/:id/export', loadSessionAndTarget)
  .use(loadSession, requireAdmin)
  .get('/', queryParams(adminUserListQuerySchema), async (c) => c.json(await listUsers(c.var.deps, c.req.valid('query'))))
  .patch('/:id', jsonBody(adminUserUpdateSchema), async (c) => {
    const user = await updateUser(c.var.deps, { actorId: c.var.user.id, userId: c.req.param('id'), patch: c.req.valid('json') });
    return c.json({ user });
  })
  .delete('/:id', async (c) => {
    await deleteUser(c.var.deps, { actorId: c.var.user.id, user: targetUser(c) });
    return c.json({ message: t.userDeleted });
  })
  .post('/:id/send-login-link', async (c) => {
    const user = targetUser(c);
    await sendLoginLink(c.var.deps, { actorId: c.var.user.id, user });
    return c.json({ message: t.linkSentTo(user.email), email: user.email });
  })
  .post('/:id/reset-progress', async (c) => {
    await resetProgress(c.var.deps, { actorId: c.var.user.id, userId: c.req.param('id') });
    return c.json({ message: t.progressReset });
  })
  .get('/:id/export', async (c) => {
    return exportDownload(c, await exportUser(c.var.deps, { actorId: c.var.user.id, user: targetUser(c) }));
  });
