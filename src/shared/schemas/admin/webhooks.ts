/** Contracts of the admin's webhooks (/api/admin/webhooks): endpoints and their deliveries. */
import { WEBHOOK_EVENTS, type WEBHOOK_DELIVERY_STATUSES } from '#db/schema/enums';
import { webhookValidation as v } from '#shared/copy/admin/webhooks';
import { z } from '#shared/zod';

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export { WEBHOOK_EVENTS };

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: v.eventUnknown }), { error: v.eventsRequired })
  .min(1, v.eventsRequired)
  .transform((list) => [...new Set(list)]);

/** POST: a new endpoint. Whether the address may be sent to (https, no private network) is the server's call. */
export const webhookInputSchema = z.object({
  url: z.url({ error: v.urlInvalid, protocol: /^https?$/ }).max(2000, v.urlTooLong),
  events,
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** PATCH: its events, or switched on or off. */
export const webhookUpdateSchema = z
  .object({ events: events.optional(), enabled: z.boolean({ error: v.enabledInvalid }).optional() })
  .refine((u) => u.events !== undefined || u.enabled !== undefined, v.nothingToChange);

export type Webhook = {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: string;
  /** Deliveries waiting, and given up, now. */
  pending: number;
  failed: number;
};

export type WebhookDelivery = {
  id: string;
  eventId: string;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last answer: HTTP status (null: none, e.g. a timeout) and the start of its body or the error. */
  lastStatus: number | null;
  lastResponse: string | null;
  lastAttemptAt: string | null;
  /** While pending: when it is tried next. */
  nextAttemptAt: string | null;
  createdAt: string;
};

export type WebhookList = { webhooks: Webhook[] };
export type WebhookResponse = { webhook: Webhook };
/** The secret is shown once, in the answer to the registration. */
export type WebhookCreated = { webhook: Webhook & { secret: string } };
export type WebhookDeliveries = { deliveries: WebhookDelivery[] };
export type WebhookDeliveryResponse = { delivery: WebhookDelivery };
