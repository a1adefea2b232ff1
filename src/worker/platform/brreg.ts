/**
 * Brønnøysundregistrene's open Enhetsregisteret API (no key): `GET {base}/enheter/{orgnr}` answers
 * the unit (with `slettedato` once deleted), 404 for a number never registered, and 410 for a
 * unit removed from the open data. Anything else — a timeout, no network, a 5xx — is
 * `unreachable`: the caller then makes do with the mod-11 check, so the register never blocks a sale.
 */
export type OrgNumberLookup = 'active' | 'unknown' | 'deleted' | 'unreachable';

const TIMEOUT_MS = 3000;

export async function lookUpOrgNumber(baseUrl: string, orgNumber: string): Promise<OrgNumberLookup> {
  try {
    const res = await fetch(`${baseUrl}/enheter/${encodeURIComponent(orgNumber)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404) return 'unknown';
    if (res.status === 410) return 'deleted';
    if (!res.ok) return 'unreachable';
    const unit = (await res.json()) as { slettedato?: unknown };
    return unit.slettedato ? 'deleted' : 'active';
  } catch {
    return 'unreachable';
  }
}
