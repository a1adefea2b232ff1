import { PaymentStartError } from './types';

/** What every Vipps MobilePay call carries: the sales unit, the subscription key and who we are. */
export type VippsKeys = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  msn: string;
};

export const VIPPS_SYSTEM = { name: 'soloprenor', version: '1.0.0' } as const;

/** The headers Vipps asks of every request (the token call included). */
export const vippsHeaders = (keys: VippsKeys): Record<string, string> => ({
  'Ocp-Apim-Subscription-Key': keys.subscriptionKey,
  'Merchant-Serial-Number': keys.msn,
  'Vipps-System-Name': VIPPS_SYSTEM.name,
  'Vipps-System-Version': VIPPS_SYSTEM.version,
});

/** A token is used until this long before Vipps says it expires, so none expires in flight. */
const MARGIN_MS = 60_000;

/**
 * Cached tokens by environment and client. Only the value is kept, never a pending promise:
 * workerd ties a promise to the request that made it, and another request awaiting it would hang.
 */
const cache = new Map<string, { token: string; expiresAt: number }>();

/**
 * The access token from `POST /accesstoken/get` (client id and secret as headers), reused until
 * shortly before `expires_in` (seconds, sent as a string) runs out.
 */
export async function vippsAccessToken(keys: VippsKeys, now: number): Promise<string> {
  const key = `${keys.baseUrl}|${keys.clientId}`;
  const cached = cache.get(key);
  if (cached && cached.expiresAt > now) return cached.token;
  let res: Response;
  try {
    res = await fetch(`${keys.baseUrl}/accesstoken/get`, {
      method: 'POST',
      headers: { client_id: keys.clientId, client_secret: keys.clientSecret, ...vippsHeaders(keys) },
    });
  } catch (err) {
    throw new PaymentStartError(`Vipps access token: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) throw new PaymentStartError(`Vipps access token: HTTP ${res.status}`);
  const body = (await res.json()) as { access_token?: string; expires_in?: string | number };
  if (!body.access_token) throw new PaymentStartError('Vipps access token: no access_token in the answer');
  const lifetimeMs = Number(body.expires_in ?? 0) * 1000;
  cache.set(key, { token: body.access_token, expiresAt: now + lifetimeMs - MARGIN_MS });
  return body.access_token;
}
