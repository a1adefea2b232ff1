import { nb } from '#shared/copy/nb';
import { z } from '#shared/zod';

export const EVENT_NAMES = ['lead_submit', 'cta_hero_click', 'cta_mid_click', 'faq_open'] as const;
const MAX_EVENT_PROPS_BYTES = 1024;

export const eventRequestSchema = z
  .object({
    eventName: z.enum(EVENT_NAMES, { error: nb.validation.eventUnknown }),
    leadId: z.string().trim().min(1).max(64).optional(),
    eventProps: z
      .record(z.string().max(40), z.union([z.string().max(300, nb.validation.eventPropsTooLarge), z.number(), z.boolean()]), {
        error: nb.validation.eventPropsTooLarge,
      })
      .refine((p) => Object.keys(p).length <= 10 && JSON.stringify(p).length <= MAX_EVENT_PROPS_BYTES, {
        error: nb.validation.eventPropsTooLarge,
      })
      .optional(),
  })
  .refine((e) => e.eventName !== 'faq_open' || typeof e.eventProps?.question === 'string', {
    error: nb.validation.eventQuestionMissing,
    path: ['eventProps'],
  });
export type EventRequest = z.input<typeof eventRequestSchema>;
