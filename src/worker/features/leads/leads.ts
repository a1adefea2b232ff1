import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { leads } from '#db/schema';
import type { leadRequestSchema } from '#shared/schemas/leads';
import type { ServiceCtx } from '#worker/context';
import type { RequestClient } from '#worker/http/request-client';
import { consentRequest } from '#worker/features/privacy/index';

type LeadInput = z.output<typeof leadRequestSchema>;

/**
 * Records a sign-up, in one batch: the lead (address and first-touch source and UTM; a repeat
 * sign-up changes nothing, since nobody has shown they own the address) and a consent request
 * that stays pending until the e-mailed link confirms it. `newLeadId` is the lead's id only when
 * this call created it: an existing lead's id is never handed to whoever typed its address.
 */
export async function recordSignup(
  ctx: ServiceCtx<'config'>,
  input: LeadInput & { client: RequestClient },
): Promise<{ newLeadId: string | null; consentRequestId: string }> {
  const request = await consentRequest(ctx, { email: input.email, source: input.source, client: input.client });
  const [created] = await ctx.db.batch([
    ctx.db
      .insert(leads)
      .values({
        id: crypto.randomUUID(),
        email: input.email,
        userId: sql`(SELECT id FROM users WHERE email = ${input.email})`,
        source: input.source,
        utmSource: input.utm.source ?? null,
        utmMedium: input.utm.medium ?? null,
        utmCampaign: input.utm.campaign ?? null,
      })
      .onConflictDoNothing({ target: leads.email })
      .returning({ id: leads.id }),
    request.insert,
  ]);
  return { newLeadId: created[0]?.id ?? null, consentRequestId: request.id };
}
