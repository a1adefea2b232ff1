import { Hono } from 'hono';
import { referralLedgerQuerySchema } from '#shared/schemas/referrals';
import type { AppEnv } from '#worker/context';
import { loadSession } from '#worker/features/auth/index';
import { jsonLimit } from '#worker/http/body-limit';
import { requireAdmin } from '#worker/http/guards';
import { queryParams } from '#worker/http/validate';
import { referralLedger } from './ledger';

/** /api/admin/referrals: the «Verv en venn» ledger (docs/decisions/0061-refer-a-friend.md). */
export const referralRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', queryParams(referralLedgerQuerySchema), async (c) => c.json(await referralLedger(c.var.deps, c.req.valid('query'))));
