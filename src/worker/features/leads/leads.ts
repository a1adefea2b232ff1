import { eq } from 'drizzle-orm';
import { analyticsEvents, leads } from '#db/schema';
import { CONSENT_TEXT_VERSION } from '#shared/constants';
import { nb } from '#shared/copy/index';
import type { z } from 'zod';
import type { eventRequestSchema, leadRequestSchema } from '#shared/schemas/leads';
import type { Db } from '#db';
import { notFound } from '#worker/http/errors';

type LeadInput = z.output<typeof leadRequestSchema>;
type EventInput = z.output<typeof eventRequestSchema>;

/**
 * Stores a sign-up with proof of consent (time, wording version, source, UTM). A repeat
 * sign-up with the same address refreshes that proof on the one row and keeps its id.
 */
export async function upsertLead(db: Db, now: number, input: LeadInput): Promise<{ leadId: string }> {
  const proof = {
    consentMarketing: input.consentMarketing,
    consentAt: new Date(now),
    consentTextVersion: CONSENT_TEXT_VERSION,
    source: input.source,
    utmSource: input.utm.source ?? null,
    utmMedium: input.utm.medium ?? null,
    utmCampaign: input.utm.campaign ?? null,
  };
  const [row] = await db
    .insert(leads)
    .values({ id: crypto.randomUUID(), email: input.email, firstName: input.firstName, ...proof })
    .onConflictDoUpdate({
      target: leads.email,
      set: { ...proof, ...(input.firstName ? { firstName: input.firstName } : {}), updatedAt: new Date(now) },
    })
    .returning({ id: leads.id });
  return { leadId: row!.id };
}

export async function recordEvent(db: Db, input: EventInput, userId: string | null): Promise<void> {
  if (input.leadId) {
    const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, input.leadId));
    if (!lead) throw notFound(nb.validation.leadNotFound);
  }
  await db.insert(analyticsEvents).values({
    eventName: input.eventName,
    leadId: input.leadId ?? null,
    userId,
    props: input.eventProps ?? null,
  });
}
