import { Hono } from 'hono';
import { campaignInputSchema } from '#shared/schemas/admin/campaigns';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { createCampaign, deleteCampaign, listCampaigns, replaceCampaign } from './campaigns';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';
import { activeCampaign } from '#worker/features/premium/index';

/**
 * /api/admin/campaigns: the upsell campaigns. Every write is audited. `GET /active` is public (the
 * premium screen shows the active campaign to every visitor): it answers before the guard below,
 * which Hono runs only for what is defined after it.
 */
export const campaignRoutes = new Hono<AppEnv>()
  .get('/active', async (c) => c.json(await activeCampaign(c.var.deps)))
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listCampaigns(c.var.deps)))
  .post('/', jsonBody(campaignInputSchema), async (c) => {
    const campaign = await createCampaign(c.var.deps, { actorId: c.var.user.id, input: c.req.valid('json') });
    return c.json({ campaign }, 201);
  })
  .put('/:id', jsonBody(campaignInputSchema), async (c) => {
    const campaign = await replaceCampaign(c.var.deps, {
      actorId: c.var.user.id,
      id: c.req.param('id'),
      input: c.req.valid('json'),
    });
    return c.json({ campaign });
  })
  .delete('/:id', async (c) => {
    await deleteCampaign(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id') });
    return c.json({ deleted: true });
  });
