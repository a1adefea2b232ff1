/** Contracts of the admin's newsletters (/api/admin/newsletters): a draft, its segment, its figures. */
import { SEGMENT_KINDS, type NEWSLETTER_STATUSES } from '#db/schema/enums';
import { newsletterValidation as v } from '#shared/copy/admin/newsletters';
import { z } from '#shared/zod';
import { multiLine, singleLine } from '#shared/schemas/common';
import type { LinkClicks, MailEffect } from './mail-effect';

export type { LinkClicks } from './mail-effect';

export const MAX_SEGMENT_DAYS = 3650;

const days = z.coerce
  .number({ error: v.daysInvalid })
  .int(v.daysInvalid)
  .min(1, v.daysInvalid)
  .max(MAX_SEGMENT_DAYS, v.daysInvalid);

/** The segments that take no parameter: every kind in SEGMENT_KINDS but the two below. */
const PLAIN_SEGMENTS = SEGMENT_KINDS.filter(
  (k): k is Exclude<SegmentKind, 'inactive' | 'tag'> => k !== 'inactive' && k !== 'tag',
);

/** Who gets it: `inactive` needs its number of days, `tag` its tag (automatic or an admin's), the others nothing. */
export const segmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal(PLAIN_SEGMENTS) }),
    z.object({ kind: z.literal('inactive' satisfies SegmentKind), days }),
    z.object({
      kind: z.literal('tag' satisfies SegmentKind),
      tag: z.string({ error: v.tagInvalid }).trim().min(1, v.tagInvalid).max(60, v.tagInvalid).check(singleLine()),
    }),
  ],
  { error: v.segmentInvalid },
);
export type Segment = z.infer<typeof segmentSchema>;

/** A draft as written: subject (one line), Markdown body, segment. POST creates, PUT replaces a draft. */
export const newsletterInputSchema = z.object({
  subject: z.string({ error: v.subjectRequired }).trim().min(1, v.subjectRequired).max(150, v.subjectTooLong).check(singleLine()),
  markdown: z
    .string({ error: v.markdownRequired })
    .trim()
    .min(1, v.markdownRequired)
    .max(50_000, v.markdownTooLong)
    .check(multiLine()),
  segment: segmentSchema,
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

/** What the live preview renders: the mail as it would go out (the segment plays no part). */
export const newsletterPreviewSchema = newsletterInputSchema.pick({ subject: true, markdown: true });

/** Send now (no `at`) or at an instant (ISO 8601 with offset; the UI sends Oslo time as UTC). */
export const newsletterSendSchema = z.object({ at: z.iso.datetime({ offset: true, error: v.atInvalid }).optional() });

/** The segment-count query: `?kind=inactive&days=30`. */
export const segmentCountQuerySchema = segmentSchema;

export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export type NewsletterFigures = {
  /** Snapshotted at send time: the segment's consented addresses then. */
  recipients: number;
  /** Handed over by the mail transport. */
  sent: number;
  /** Given up on by the mail queue. */
  failed: number;
  /** Recipients who withdrew consent after the send started. */
  unsubscribed: number;
  /** Passed over: consent withdrawn or address suppressed before their turn came. */
  skipped: number;
} & MailEffect;

export type Newsletter = NewsletterFigures & {
  id: string;
  subject: string;
  markdown: string;
  segment: Segment;
  status: NewsletterStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
};

export type NewsletterResponse = { newsletter: Newsletter };
/** GET /api/admin/newsletters/{id}: the newsletter and its clicks per link. */
export type NewsletterStats = NewsletterResponse & { links: LinkClicks[] };
export type NewsletterList = { newsletters: Newsletter[] };
export type SegmentCount = { count: number };
export type NewsletterPreview = { html: string; text: string };
export type TestSendResponse = { email: string };
