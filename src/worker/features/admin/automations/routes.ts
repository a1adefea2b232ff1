import { Hono } from 'hono';
import { automationInputSchema, automationKindSchema } from '#shared/schemas/admin/automations';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody, parseWith } from '#worker/http/validate';
import { notFound } from '#worker/errors';
import { automationValidation } from '#shared/copy/admin/automations';
import { getAutomation, listAutomations, updateAutomation } from './automations';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** The `:kind` in the path, or 404 for one that does not exist. */
function kindOf(kind: string | undefined) {
  try {
    return parseWith(automationKindSchema, { kind }).kind;
  } catch {
    throw notFound(automationValidation.unknownKind);
  }
}

/**
 * /api/admin/automations ("Automatiseringer"): after a purchase, a checkout left unpaid, a
 * cancellation — each switched on and edited here; the job jobs/automations.ts sends them.
 */
export const automationRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listAutomations(c.var.deps)))
  .get('/:kind', async (c) => c.json({ automation: await getAutomation(c.var.deps, kindOf(c.req.param('kind'))) }))
  .put('/:kind', jsonBody(automationInputSchema), async (c) => {
    const automation = await updateAutomation(c.var.deps, {
      actorId: c.var.user.id,
      kind: kindOf(c.req.param('kind')),
      automation: c.req.valid('json'),
    });
    return c.json({ automation });
  });
