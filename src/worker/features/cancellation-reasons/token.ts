import type { Config } from '#worker/config';
import { AppError } from '#worker/errors';
import { automationValidation as v } from '#shared/copy/admin/automations';
import { constantTimeEqual, decodeBase64Url, encodeBase64Url, hmacSha256 } from '#worker/platform/crypto';

/*
 * The cancellation mail's reason links carry `{subscription id in base64url}.{HMAC under
 * AUTH_SECRET}`: they work without signing in and never expire, so the MAC is what stops anyone
 * from answering for another subscription. Like the unsubscribe links, no state is stored for them.
 */

type Secret = Pick<Config, 'AUTH_SECRET'>;

const mac = (config: Secret, subscriptionId: string) => hmacSha256(config.AUTH_SECRET, `cancellation-reason:${subscriptionId}`);

/** The signed token naming `subscriptionId` in the reason links. */
export async function reasonToken(config: Secret, subscriptionId: string): Promise<string> {
  return `${encodeBase64Url(subscriptionId)}.${await mac(config, subscriptionId)}`;
}

/** The subscription a token names: a malformed token is a 400, a forged or altered one a 403. */
export async function subscriptionOf(config: Secret, token: string): Promise<string> {
  const [encoded = '', signature = '', ...rest] = token.split('.');
  const id = rest.length === 0 ? decodeBase64Url(encoded) : null;
  if (!id || !signature) throw new AppError('validation_error', 400, v.badLink);
  if (!constantTimeEqual(signature, await mac(config, id))) throw new AppError('forbidden', 403, v.forgedLink);
  return id;
}
