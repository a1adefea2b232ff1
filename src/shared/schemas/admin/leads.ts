/** Contracts of the admin's lead list (/api/admin/leads): filters, the list, the consent history. */
import type { CONSENT_ACTIONS } from '#db/schema/enums';
import { adminLeads } from '#shared/copy/admin/leads';
import { z } from '#shared/zod';
import { searchTermSchema } from '#shared/schemas/admin/search-term';
import { adminUserListQuerySchema } from '#shared/schemas/admin/users';
import { singleLine } from '#shared/schemas/common';
import { SIGNUP_SOURCES } from '#shared/schemas/leads';
import { csvFormatParam } from './csv-format';

const v = adminLeads.validation;

/**
 * Where a lead stands with marketing mail: the latest grant or withdrawal, `pending` (the box
 * ticked, the link not opened yet), or `never` asked.
 */
export const LEAD_CONSENT_STATES = ['granted', 'pending', 'withdrawn', 'never'] as const;
export type LeadConsentState = (typeof LEAD_CONSENT_STATES)[number];

/** An empty parameter (`?consent=`) means no filter, as an absent one does. */
const anyWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** What the list and the export filter by: a part of the address, consent state, sign-up form, a UTM source or campaign. */
export const adminLeadFilterSchema = z.object({
  query: searchTermSchema(v),
  consent: anyWhenEmpty(z.enum(LEAD_CONSENT_STATES, { error: v.consentInvalid })),
  source: anyWhenEmpty(z.enum(SIGNUP_SOURCES, { error: v.sourceInvalid })),
  utm: z.string().trim().max(100, v.utmTooLong).check(singleLine()).optional().default(''),
});
export type AdminLeadFilter = z.output<typeof adminLeadFilterSchema>;

/**
 * How many leads one CSV file holds. On Node the database runs on the event loop, so one export
 * must stay a short query (~10k one-cell rows); more leads are more files (`part`).
 */
export const LEAD_EXPORT_PART_ROWS = 10_000;

/** GET /api/admin/leads/export: the filters, which part of the newest-first list (1: the newest LEAD_EXPORT_PART_ROWS), and the CSV dialect. */
export const adminLeadExportQuerySchema = adminLeadFilterSchema.extend({
  format: csvFormatParam,
  part: z.coerce.number({ error: v.partInvalid }).int(v.partInvalid).min(1, v.partInvalid).max(10_000, v.partInvalid).default(1),
});
export type AdminLeadExportQuery = z.output<typeof adminLeadExportQuerySchema>;

/** GET /api/admin/leads: the filters and the page (as the user list pages). */
export const adminLeadListQuerySchema = adminLeadFilterSchema.extend(
  adminUserListQuerySchema.pick({ page: true, pageSize: true }).shape,
);
export type AdminLeadListQuery = z.output<typeof adminLeadListQuerySchema>;

/** A lead as the admin sees it: where it came from, its consent, and whether it became a user and Premium. */
export type AdminLead = {
  id: string;
  email: string;
  consentMarketing: LeadConsentState;
  source: string;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  /** ISO: the sign-up. */
  createdAt: string;
  /** ISO: the account's latest activity (session, event, lesson); null for a lead that never signed in. */
  lastActivityAt: string | null;
  userId: string | null;
  isPremium: boolean;
};
export type AdminLeadList = { leads: AdminLead[]; total: number; page: number; pageSize: number };

/** One consent event as kept: the proof of a grant or withdrawal. */
export type LeadConsentEvent = {
  /** ISO. */
  at: string;
  action: (typeof CONSENT_ACTIONS)[number];
  textVersion: string;
  source: string;
  /** The pseudonym of the client's address and user agent (an HMAC; the address itself is never kept). */
  client: string;
  /** On a grant: that it confirmed an earlier request. */
  confirmsRequest: boolean;
};
/** GET /api/admin/leads/:id/consents — oldest first. */
export type LeadConsentHistory = { email: string; events: LeadConsentEvent[] };
