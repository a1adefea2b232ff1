import { Hono } from 'hono';
import { siteSettingsSchema } from '#shared/schemas/admin/settings';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { readSettings, saveSettings } from './settings';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/settings: the welcome offer and the landing's founder section. */
export const settingsRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await readSettings(c.var.deps)))
  .put('/', jsonBody(siteSettingsSchema), async (c) =>
    c.json(await saveSettings(c.var.deps, { actorId: c.var.user.id, settings: c.req.valid('json') })),
  );
