import { Hono } from 'hono';
import { cancellationReasonSchema } from '#shared/schemas/admin/automations';
import type { AppEnv } from '#worker/context';
import { jsonBody } from '#worker/http/validate';
import { recordCancellationReason } from './record';
import { jsonLimit } from '#worker/http/body-limit';

/**
 * POST /api/cancellation-reason: the reason page (/oppsigelse) sends the click from the mail here,
 * without a session. A link opened by a mail scanner records nothing: only the page's script posts.
 */
export const cancellationReasonRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .post('/', jsonBody(cancellationReasonSchema), async (c) =>
    c.json(await recordCancellationReason(c.var.deps, c.req.valid('json'))),
  );
