import type { Config } from '#worker/config';
import type { RequestClient } from '#worker/http/request-client';
import { hmacSha256 } from '#worker/platform/crypto';

/**
 * Keyed hashes (HMAC under AUTH_SECRET) stored in place of personal data that is needed only to
 * recognise the same value again: nobody with a copy of the database can turn them back by
 * trying likely inputs.
 */

/** An e-mail address in rate-limit keys, so the counters never hold the address itself. */
export const addressPseudonym = (config: Pick<Config, 'AUTH_SECRET'>, email: string) =>
  hmacSha256(config.AUTH_SECRET, `address:${email.toLowerCase()}`);

/** The client behind a consent (address and user agent), as proof that the same client acted. */
export const clientPseudonym = (config: Pick<Config, 'AUTH_SECRET'>, client: RequestClient) =>
  hmacSha256(config.AUTH_SECRET, `client:${client.ip}\n${client.userAgent}`);

/**
 * What erasure keeps of an address (erasure_marks): enough to know an old link's address was
 * erased, and to keep it from marketing mail until it consents anew, without naming it.
 */
export const erasedAddressMark = (config: Pick<Config, 'AUTH_SECRET'>, email: string) =>
  hmacSha256(config.AUTH_SECRET, `erased:${email.toLowerCase()}`);

/** What erasure keeps of a reminder's turn-off link: its random token, which names no one, under this prefix. */
export const REMINDER_LINK_MARK = 'reminder:';
export const erasedReminderLinkMark = (token: string) => `${REMINDER_LINK_MARK}${token}`;
