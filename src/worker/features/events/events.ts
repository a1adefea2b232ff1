import type { z } from 'zod';
import { analyticsEvents } from '#db/schema';
import type { eventRequestSchema } from '#shared/schemas/events';
import type { ServiceCtx } from '#worker/context';

type EventInput = z.output<typeof eventRequestSchema>;

/**
 * Stores a first-party analytics event in one statement, with the signed-in user if any. It
 * never names a lead: a `leadId` in the body is ignored (once, anyone who learned a lead's id
 * could write into that person's record); the sign-up records its own event (leads.ts).
 */
export async function recordEvent(ctx: Pick<ServiceCtx, 'db'>, input: EventInput & { userId: string | null }): Promise<void> {
  await ctx.db
    .insert(analyticsEvents)
    .values({ eventName: input.eventName, userId: input.userId, props: input.eventProps ?? null });
}
