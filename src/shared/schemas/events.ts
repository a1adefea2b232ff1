// zod/mini like every schema the browser parses (see common.ts).
import * as z from 'zod/mini';
import { validation } from '#shared/copy/validation';
import { singleLine } from '#shared/schemas/common';

/**
 * What a page reports. `lead_submit` is not among them: the sign-up records it itself (leads.ts).
 * `page_view` is a public page's view, for Innsikt's funnel: no cookie, no user, at most the
 * address's `utm_source` (components/page-view.ts).
 */
export const EVENT_NAMES = ['cta_hero_click', 'cta_mid_click', 'faq_open', 'page_view'] as const;
const MAX_EVENT_PROPS_BYTES = 1024;

export const eventRequestSchema = z
  .object({
    eventName: z.enum(EVENT_NAMES, { error: validation.eventUnknown }),
    eventProps: z.optional(
      z
        .record(
          z.string().check(z.maxLength(40), singleLine()),
          z.union([z.string().check(z.maxLength(300, validation.eventPropsTooLarge), singleLine()), z.number(), z.boolean()]),
          { error: validation.eventPropsTooLarge },
        )
        .check(
          z.refine((p) => Object.keys(p).length <= 10 && JSON.stringify(p).length <= MAX_EVENT_PROPS_BYTES, {
            error: validation.eventPropsTooLarge,
          }),
        ),
    ),
  })
  .check(
    z.refine((e) => e.eventName !== 'faq_open' || typeof e.eventProps?.question === 'string', {
      error: validation.eventQuestionMissing,
      path: ['eventProps'],
    }),
    z.refine(
      (e) =>
        e.eventName !== 'page_view' ||
        Object.entries(e.eventProps ?? {}).every(
          ([key, value]) => key === 'utmSource' && typeof value === 'string' && value.length <= 100,
        ),
      { error: validation.eventPageViewProps, path: ['eventProps'] },
    ),
  );
export type EventRequest = z.input<typeof eventRequestSchema>;
