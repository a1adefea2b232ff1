import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { nb } from '#shared/copy/nb';
import type { eventRequestSchema } from '#shared/schemas/events';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/http/errors';

type EventInput = z.output<typeof eventRequestSchema>;

/**
 * Stores a first-party analytics event in one statement; one naming an unknown lead is refused
 * rather than kept dangling.
 */
export async function recordEvent(ctx: Pick<ServiceCtx, 'db'>, input: EventInput & { userId: string | null }): Promise<void> {
  const leadId = input.leadId ?? null;
  const props = input.eventProps ? JSON.stringify(input.eventProps) : null;
  const result = await ctx.db.run(sql`
    INSERT INTO analytics_events (event_name, lead_id, user_id, props)
    SELECT ${input.eventName}, ${leadId}, ${input.userId}, ${props}
    WHERE ${leadId} IS NULL OR EXISTS (SELECT 1 FROM leads WHERE id = ${leadId})`);
  if (result.rowsAffected === 0) throw notFound(nb.validation.leadNotFound);
}
