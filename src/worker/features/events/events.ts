import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { eventRequestSchema } from '#shared/schemas/events';
import type { ServiceCtx } from '#worker/context';

type EventInput = z.output<typeof eventRequestSchema>;

/**
 * Stores a first-party analytics event in one statement. `browserLead` is the lead the sending
 * browser created (its signed cookie), never an id from the body; one that names no lead (an
 * address signed up before, or a lead since erased) leaves the event without a lead.
 */
export async function recordEvent(
  ctx: Pick<ServiceCtx, 'db'>,
  input: EventInput & { userId: string | null; browserLead: string | null },
): Promise<void> {
  const props = input.eventProps ? JSON.stringify(input.eventProps) : null;
  await ctx.db.run(sql`
    INSERT INTO analytics_events (event_name, lead_id, user_id, props)
    VALUES (${input.eventName}, (SELECT id FROM leads WHERE id = ${input.browserLead}), ${input.userId}, ${props})`);
}
