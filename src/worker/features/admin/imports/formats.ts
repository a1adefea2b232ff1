import type { ImportFormat, ImportSkipReason } from '#shared/schemas/admin/imports';
import { emailSchema, firstNameSchema } from '#shared/schemas/common';
import { DAY } from '#shared/time';

/**
 * The three files an import reads, each told by its header (docs/decisions/0052-member-import.md):
 * - Ghost's members export (Members → Export): id, email, name, note, subscribed_to_emails,
 *   complimentary_plan, stripe_customer_id, created_at, deleted_at, labels, tiers. Consent: a row
 *   `subscribed_to_emails` true, dated `created_at` (when the member signed up there).
 * - Kajabi's contacts export (People → Export): Name, Email, … Created At, Subscribed, Tags, Products.
 *   Consent: `Subscribed` true, dated `Created At`.
 * - A plain `email,name,consent,premium_until,plan`: `consent` is the date it was given.
 * Neither platform's export says until when a paid member has paid, so their paid time comes
 * only from a `premium_until` column the admin adds (e.g. the period end from Stripe's export);
 * a paid member without it is imported free rather than given Premium no one can date.
 */

/** A row as the import uses it, or the reason it is skipped. */
export type ImportRow =
  | { email: string; name: string; consentAt: number | null; premiumUntil: number | null; plan: 'monthly' | 'yearly' | null }
  | { email: string; skip: ImportSkipReason };

type Cells = (column: string) => string;

const has = (header: string[], ...names: string[]) => names.every((n) => header.includes(n));

/** The format the header names (lower-cased, trimmed), or null. */
export function detectFormat(header: string[]): ImportFormat | null {
  if (has(header, 'email', 'subscribed_to_emails', 'created_at')) return 'ghost';
  if ((has(header, 'email') || has(header, 'email address')) && has(header, 'name', 'created at', 'subscribed')) return 'kajabi';
  const plain = ['email', 'name', 'consent', 'premium_until', 'plan'];
  if (has(header, 'email') && header.every((h) => plain.includes(h))) return 'plain';
  return null;
}

const DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO date or date-time (a space for the T, as spreadsheets write it; no zone: UTC) as epoch ms; `undefined` when it is not one. */
function parseDate(text: string): number | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const zone = m[3] ? (m[3].toUpperCase() === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
  const ms = Date.parse(m[2] ? `${m[1]}T${m[2]}${zone}` : `${m[1]}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

const TRUE = new Set(['true', 'yes', 'ja', '1', 'subscribed']);
const PLANS: Record<string, 'monthly' | 'yearly'> = {
  monthly: 'monthly',
  månedlig: 'monthly',
  yearly: 'yearly',
  årlig: 'yearly',
};

/** The first word of a full name, when it is a valid first name here (else none: the member can write it). */
function firstName(name: string): string {
  const parsed = firstNameSchema.safeParse(name.trim().split(/\s+/)[0] ?? '');
  return parsed.success ? parsed.data : '';
}

/** Paid time: through the whole of a bare date's day. */
function premiumUntil(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const at = parseDate(text);
  return at === undefined ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? at + DAY : at;
}

function readRow(format: ImportFormat, cell: Cells): ImportRow {
  const rawEmail = cell(format === 'kajabi' && !cell('email') ? 'email address' : 'email');
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return { email: rawEmail.trim().slice(0, 254), skip: 'invalid_email' };
  const until = premiumUntil(cell('premium_until'));
  if (until === undefined) return { email: email.data, skip: 'bad_date' };
  const planText = cell('plan').trim().toLowerCase();
  const plan = planText ? PLANS[planText] : null;
  if (plan === undefined) return { email: email.data, skip: 'bad_plan' };

  let consentAt: number | null = null;
  if (format === 'plain') {
    const consent = cell('consent').trim();
    // A date is the proof; a bare "yes" says nothing of when, so it is not imported as consent.
    if (DATE.test(consent)) consentAt = parseDate(consent) ?? null;
    else if (consent && !TRUE.has(consent.toLowerCase()) && !['false', 'no', 'nei', '0'].includes(consent.toLowerCase()))
      return { email: email.data, skip: 'bad_date' };
  } else {
    const subscribed = TRUE.has(
      cell(format === 'ghost' ? 'subscribed_to_emails' : 'subscribed')
        .trim()
        .toLowerCase(),
    );
    if (subscribed) consentAt = parseDate(cell(format === 'ghost' ? 'created_at' : 'created at')) ?? null;
  }
  return { email: email.data, name: firstName(cell('name')), consentAt, premiumUntil: until, plan };
}

/**
 * The file's rows as the import uses them, in file order: each address once (a later repeat is
 * skipped as `duplicate`, `seen` holding the addresses read before — pass the same set to each
 * slice of one file). The caller has checked the header with `detectFormat`.
 */
export function readRows(format: ImportFormat, header: string[], rows: string[][], seen = new Set<string>()): ImportRow[] {
  const index = new Map(header.map((h, i) => [h, i]));
  return rows.map((cells) => {
    const row = readRow(format, (column) => {
      const i = index.get(column);
      return i === undefined ? '' : (cells[i] ?? '');
    });
    if ('skip' in row) return row;
    if (seen.has(row.email)) return { email: row.email, skip: 'duplicate' };
    seen.add(row.email);
    return row;
  });
}
