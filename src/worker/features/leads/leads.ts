import { leads } from '#db/schema';
import { CONSENT_TEXT_VERSION } from '#shared/constants';
import type { z } from 'zod';
import type { leadRequestSchema } from '#shared/schemas/leads';
import type { ServiceCtx } from '#worker/context';

type LeadInput = z.output<typeof leadRequestSchema>;

/**
 * Stores a sign-up with proof of consent (time, wording version, source, UTM). A repeat
 * sign-up with the same address refreshes that proof on the one row and keeps its id.
 */
export async function upsertLead(ctx: ServiceCtx, input: LeadInput): Promise<{ leadId: string }> {
  const now = ctx.now();
  const proof = {
    consentMarketing: input.consentMarketing,
    consentAt: new Date(now),
    consentTextVersion: CONSENT_TEXT_VERSION,
    source: input.source,
    utmSource: input.utm.source ?? null,
    utmMedium: input.utm.medium ?? null,
    utmCampaign: input.utm.campaign ?? null,
  };
  const [row] = await ctx.db
    .insert(leads)
    .values({ id: crypto.randomUUID(), email: input.email, firstName: input.firstName, ...proof })
    .onConflictDoUpdate({
      target: leads.email,
      set: { ...proof, ...(input.firstName ? { firstName: input.firstName } : {}), updatedAt: new Date(now) },
    })
    .returning({ id: leads.id });
  return { leadId: row!.id };
}
