import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db';
import { webhookDeliveries, webhookEndpoints, type WEBHOOK_EVENTS } from '#db/schema';

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

type Value = string | number | null | SQL;

export type Emit = {
  event: WebhookEvent;
  now: number;
  /** Only if this holds when the statement runs: the state change of the same batch happened (and not before). */
  when: SQL;
  /**
   * What the event says, as flat JSON fields: values from JS, or SQL over `from`. Ids, plan and
   * amounts; an address only when the event is about the member and the receiver needs it.
   */
  data: Record<string, Value>;
  /** The person it is about (erasure deletes their deliveries): an id and/or an address. */
  userId: Value;
  email?: Value;
  /** Rows the event is one per (e.g. a lesson completion each), joined to the endpoints; then `when` and `data` may name them. */
  from?: SQL;
  /** The event's id, the same for all endpoints; per row of `from` it must be SQL naming the row. */
  eventId?: Value;
};

const json = (data: Record<string, Value>) =>
  sql.join(
    Object.entries(data).map(([key, value]) => sql`${key}, ${value}`),
    sql`, `,
  );

/**
 * The statement that queues event `event` for every enabled endpoint that asked for it, for the
 * batch that makes the change it tells of — no round trip of its own, and the delivery exists
 * exactly when the change does (put it after the change, guarded by `when`, as the mail queue's
 * statements are). The body is built here once and sent as stored, so what is signed is what was queued.
 */
export function webhookStatement(db: Db, emit: Emit) {
  const eventId = emit.eventId ?? crypto.randomUUID();
  const created = new Date(emit.now).toISOString();
  return db.run(sql`
    INSERT INTO ${webhookDeliveries} (id, endpoint_id, event_id, event, payload, user_id, email, status, attempts, next_attempt_at, queued_at, created_at)
    SELECT lower(hex(randomblob(16))), e.id, ${eventId}, ${emit.event},
           json_object('id', ${eventId}, 'type', ${emit.event}, 'created', ${created}, 'data', json_object(${json(emit.data)})),
           ${emit.userId}, ${emit.email ?? null}, 'pending', 0, ${emit.now}, ${emit.now}, ${emit.now}
    FROM ${webhookEndpoints} e ${emit.from ? sql`, ${emit.from}` : sql``}
    WHERE e.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${emit.event}) AND (${emit.when})`);
}

/** An epoch-milliseconds column as the ISO 8601 text JS's toISOString gives, for a payload built in SQL. */
export const isoSql = (ms: SQL | SQLiteColumn) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`;
