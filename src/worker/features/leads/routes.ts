import { Hono, type Context } from 'hono';
import { PATHS } from '#shared/paths';
import { leadForm } from '#shared/copy/leads';
import { auth } from '#shared/copy/auth';
import { leadRequestSchema, type LeadResponse } from '#shared/schemas/leads';
import { leadFromForm } from '#shared/schemas/leads/form';
import { networkOf } from '#worker/http/client-ip';
import { AppError } from '#worker/errors';
import { htmlMessagePage } from '#worker/http/html-message';
import { RATE_RULES } from '#worker/http/rate-limit';
import { requestClient } from '#worker/http/request-client';
import { jsonBody, mediaType, parseWith } from '#worker/http/validate';
import { sendMagicLink } from '#worker/features/auth/index';
import { recordSignup } from './leads';
import type { AppEnv } from '#worker/context';
import { jsonLimit } from '#worker/http/body-limit';

type LeadInput = ReturnType<typeof leadRequestSchema.parse>;

async function registerLead(c: Context<AppEnv>, input: LeadInput) {
  const { deps } = c.var;
  const ip = deps.clientIp(c);
  await deps.rateLimit(`lead:ip:${ip}`, RATE_RULES.leadPerIp);
  await deps.rateLimit(`lead:net:${networkOf(ip)}`, RATE_RULES.leadPerNetwork);
  const { consentRequestId } = await recordSignup(deps, { ...input, client: requestClient(c) });
  if (input.sendMagicLink) {
    // The lead is saved whatever the mail's fate: past the address's allowance its recent links
    // still work, past the site's budget it can ask for a link later, and a queued mail waits out
    // a mail server that is down.
    await sendMagicLink(deps, { email: input.email, firstName: input.firstName, consentRequestId, whenFull: 'skip' });
  }
  return { ok: true, message: auth.signupSaved } satisfies LeadResponse;
}

function isFormPost(c: Context): boolean {
  const type = mediaType(c);
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

/** The lead form without JavaScript: a plain form post, answered with a redirect or a Norwegian error page. */
async function formPost(c: Context<AppEnv>): Promise<Response> {
  // UTM parameters live in the address of the page the form was posted from.
  const referer = URL.canParse(c.req.header('referer') ?? '') ? new URL(c.req.header('referer')!) : null;
  const utm = (key: string) => referer?.searchParams.get(`utm_${key}`) ?? undefined;
  try {
    // A body that is not the form it claims to be (a broken multipart, say) is the sender's mistake.
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('invalid_form', 400);
    });
    const input = parseWith(leadRequestSchema, {
      ...leadFromForm((name) => form[name]),
      source: 'landing_page',
      utm: { source: utm('source'), medium: utm('medium'), campaign: utm('campaign') },
    });
    await registerLead(c, input);
    return c.redirect(PATHS.thanks, 303);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const page = htmlMessagePage({
      title: leadForm.errorTitle,
      message: err.message,
      backHref: '/#tilbud',
      backLabel: leadForm.backToForm,
    });
    return c.html(page, err.status, err.headers);
  }
}

export const leadRoutes = new Hono<AppEnv>().use(jsonLimit).post(
  '/',
  async (c, next) => (isFormPost(c) ? formPost(c) : next()),
  jsonBody(leadRequestSchema),
  async (c) => c.json(await registerLead(c, c.req.valid('json')), 201),
);
