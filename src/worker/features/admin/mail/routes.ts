import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { failedMail } from './failed-mail';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/mail: the mail the queue could not deliver (the overview's card). */
export const mailRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/failed', async (c) => c.json(await failedMail(c.var.deps)));
