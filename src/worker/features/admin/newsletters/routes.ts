import { Hono } from 'hono';
import {
  newsletterInputSchema,
  newsletterPreviewSchema,
  newsletterSendSchema,
  segmentCountQuerySchema,
  type Newsletter,
  type NewsletterResponse,
} from '#shared/schemas/admin/newsletters';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { loadSession, sessionWith } from '#worker/features/auth/index';
import { jsonBody, queryParams } from '#worker/http/validate';
import {
  cancelNewsletter,
  createNewsletter,
  foundNewsletter,
  getNewsletter,
  listNewsletters,
  newsletterQuery,
  scheduleNewsletter,
  updateNewsletter,
} from './newsletters';
import { countSegment } from './segments';
import { previewNewsletter, testSendNewsletter } from './test-send';
import { jsonLimit } from '#worker/http/body-limit';

/** The test send reads its newsletter in the session's round trip, and queues the mail in the second. */
const loadSessionAndNewsletter = sessionWith('newsletter', (c) => newsletterQuery(c.var.deps, c.req.param('id') ?? ''));

/** One newsletter's answer: as it stands after a read or a write. */
const answer = (newsletter: Newsletter): NewsletterResponse => ({ newsletter });

/**
 * /api/admin/newsletters ("E-post"): drafts, the live preview, the segment's count, the test
 * send, sending now or at a time, cancelling, and each newsletter's figures. The send job
 * (jobs/newsletters.ts) does the sending. Each route names its session loader and guard.
 */
export const newsletterRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .post('/:id/test', loadSessionAndNewsletter, requireAdmin, async (c) => {
    const newsletter = foundNewsletter(c.var.newsletter ?? []);
    return c.json(await testSendNewsletter(c.var.deps, { newsletter, to: c.var.user.email }));
  })
  .use(loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listNewsletters(c.var.deps)))
  .post('/', jsonBody(newsletterInputSchema), async (c) => {
    const newsletter = await createNewsletter(c.var.deps, { draft: c.req.valid('json') });
    return c.json({ newsletter }, 201);
  })
  .post('/preview', jsonBody(newsletterPreviewSchema), async (c) =>
    c.json(await previewNewsletter(c.var.deps, { ...c.req.valid('json'), to: c.var.user.email })),
  )
  .get('/segment-count', queryParams(segmentCountQuerySchema), async (c) =>
    c.json(await countSegment(c.var.deps, c.req.valid('query'))),
  )
  .get('/:id', async (c) => c.json(await getNewsletter(c.var.deps, c.req.param('id'))))
  .put('/:id', jsonBody(newsletterInputSchema), async (c) =>
    c.json(answer(await updateNewsletter(c.var.deps, { id: c.req.param('id'), draft: c.req.valid('json') }))),
  )
  .post('/:id/send', jsonBody(newsletterSendSchema), async (c) =>
    c.json(answer(await scheduleNewsletter(c.var.deps, { id: c.req.param('id'), at: c.req.valid('json').at }))),
  )
  .post('/:id/cancel', async (c) => c.json(answer(await cancelNewsletter(c.var.deps, { id: c.req.param('id') }))));
