import { and, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { leads } from '#db/schema';
import type { AdminLeadFilter } from '#shared/schemas/admin/leads';

/** `%term%` for LIKE, with the term's own % and _ taken literally. */
const contains = (term: string) => sql`${`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} ESCAPE '\\'`;

/**
 * The lead list's and the export's WHERE: each filter is one column of `leads` with an index
 * that also orders by sign-up (consent state is the column the consent trigger keeps, never a
 * look at each lead's history). The address search scans with LIKE, as the user list's does.
 */
export function leadFilter({ query, consent, source, utm }: AdminLeadFilter): SQL | undefined {
  return and(
    query ? like(leads.email, contains(query)) : undefined,
    consent === 'never' ? isNull(leads.consentDecision) : consent ? eq(leads.consentDecision, consent) : undefined,
    source ? eq(leads.source, source) : undefined,
    utm ? or(eq(leads.utmSource, utm), eq(leads.utmCampaign, utm)) : undefined,
  );
}
