import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { leads } from '#db/schema';
import type { AdminLeadFilter } from '#shared/schemas/admin/leads';
import { textSearch } from '../text-search';

/**
 * The lead list's and the export's WHERE: each filter is one column of `leads` with an index
 * that also orders by sign-up (consent state is the column the consent trigger keeps, never a
 * look at each lead's history). The address search reads the trigram index (text-search.ts), as the user list's does.
 */
export function leadFilter({ query, consent, source, utm }: AdminLeadFilter): SQL | undefined {
  return and(
    query ? textSearch(leads, 'leads_search', query) : undefined,
    consent === 'never' ? isNull(leads.consentDecision) : consent ? eq(leads.consentDecision, consent) : undefined,
    source ? eq(leads.source, source) : undefined,
    utm ? or(eq(leads.utmSource, utm), eq(leads.utmCampaign, utm)) : undefined,
  );
}
