import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { analyticsEvents, leads } from '#db/schema';
import type { leadRequestSchema } from '#shared/schemas/leads';
import type { ServiceCtx } from '#worker/context';
import type { RequestClient } from '#worker/http/request-client';
import { latestDecision, signupConsents } from '#worker/features/privacy/index';

type LeadInput = z.output<typeof leadRequestSchema>;

/**
 * Records a sign-up, in one batch: the lead (address and first-touch source and UTM; a repeat
 * sign-up changes nothing, since nobody has shown they own the address), the `lead_submit`
 * analytics event, the acceptance of the terms, and (only if the visitor ticked the separate
 * box) a marketing consent request that stays pending until the e-mailed link confirms it. The event names the lead only when this request created it, and the lead's id never
 * leaves the server: nobody can learn another person's id by typing their address, and no
 * browser-held id (a cookie the privacy page would have to declare) is needed.
 */
export async function recordSignup(
  ctx: ServiceCtx<'config'>,
  input: LeadInput & { client: RequestClient },
): Promise<{ consentRequestId: string | undefined }> {
  const consents = await signupConsents(ctx, {
    email: input.email,
    source: input.source,
    client: input.client,
    marketing: input.consentMarketing,
  });
  const id = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db
      .insert(leads)
      .values({
        id,
        email: input.email,
        userId: sql`(SELECT id FROM users WHERE email = ${input.email})`,
        source: input.source,
        utmSource: input.utm.source ?? null,
        utmMedium: input.utm.medium ?? null,
        utmCampaign: input.utm.campaign ?? null,
        // An address that decided before it was a lead (on its account page, say); later decisions the trigger copies.
        consentDecision: latestDecision(input.email),
      })
      .onConflictDoNothing({ target: leads.email }),
    // A repeat sign-up kept the earlier lead, so this id names none and the event no lead.
    ctx.db.insert(analyticsEvents).values({ eventName: 'lead_submit', leadId: sql`(SELECT id FROM leads WHERE id = ${id})` }),
    ...consents.statements,
  ]);
  return { consentRequestId: consents.requestId };
}
