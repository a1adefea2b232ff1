import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { analyticsEvents, leads } from '#db/schema';
import { nb } from '#shared/copy/nb';
import type { eventRequestSchema } from '#shared/schemas/events';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/http/errors';

type EventInput = z.output<typeof eventRequestSchema>;

/** Stores a first-party analytics event; one naming an unknown lead is refused rather than kept dangling. */
export async function recordEvent(ctx: Pick<ServiceCtx, 'db'>, input: EventInput & { userId: string | null }): Promise<void> {
  const { db } = ctx;
  if (input.leadId) {
    const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, input.leadId));
    if (!lead) throw notFound(nb.validation.leadNotFound);
  }
  await db.insert(analyticsEvents).values({
    eventName: input.eventName,
    leadId: input.leadId ?? null,
    userId: input.userId,
    props: input.eventProps ?? null,
  });
}
