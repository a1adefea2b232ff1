import { PATHS } from '#shared/paths';
import type { UnsubscribeInfo } from '#shared/schemas/account';
import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import type { RequestClient } from '#worker/http/request-client';
import { constantTimeEqual, decodeBase64Url, encodeBase64Url, hmacSha256 } from '#worker/platform/crypto';
import { sql } from 'drizzle-orm';
import { consentEvents, erasureMarks } from '#db/schema';
import { marketingConsent, withdrawConsent } from './consent';
import { erasedAddressMark } from './pseudonyms';

/*
 * Unsubscribe links: `{address in base64url}.{HMAC under AUTH_SECRET}`. They work without
 * signing in and never expire, so the MAC is what stops anyone from unsubscribing another
 * address or altering a link to do so. No state is stored for them.
 */

type Secret = Pick<Config, 'AUTH_SECRET'>;

const mac = (config: Secret, address: string) => hmacSha256(config.AUTH_SECRET, `unsubscribe:${address}`);

/** The signed token naming `email` in unsubscribe links. */
export async function unsubscribeToken(config: Secret, email: string): Promise<string> {
  const address = email.toLowerCase();
  return `${encodeBase64Url(address)}.${await mac(config, address)}`;
}

/** The address a token names; a forged, altered or truncated token is refused. */
async function addressOf(config: Secret, token: string): Promise<string> {
  const [encoded = '', signature = '', ...rest] = token.split('.');
  const address = rest.length === 0 ? decodeBase64Url(encoded) : null;
  if (!address || !constantTimeEqual(signature, await mac(config, address))) {
    throw new AppError('invalid_unsubscribe_link', 400);
  }
  return address;
}

/**
 * A marketing e-mail's two unsubscribe addresses: the confirmation page for the footer link, and
 * the one-click URL for the `List-Unsubscribe` header (RFC 8058: the mail client POSTs to it; a
 * browser opening it is sent on to the page).
 */
export async function unsubscribeLinks(config: Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL'>, email: string) {
  return unsubscribeLinksOf(config, await unsubscribeToken(config, email));
}

/** `unsubscribeLinks` for a token already made (or a placeholder a statement replaces with it). */
export function unsubscribeLinksOf(config: Pick<Config, 'PUBLIC_URL'>, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${config.PUBLIC_URL}${PATHS.unsubscribe}?${query}`,
    oneClick: `${config.PUBLIC_URL}/api/unsubscribe?${query}`,
  };
}

/** What the confirmation page shows: the address and whether it gets marketing e-mail now. One round trip. */
export async function unsubscribeInfo(ctx: ServiceCtx<'config'>, { token }: { token: string }): Promise<UnsubscribeInfo> {
  const email = await addressOf(ctx.config, token);
  return { email, subscribed: (await marketingConsent(ctx, { email })) === 'granted' };
}

/**
 * Records the withdrawal the link asks for (once, however often it is used). One round trip.
 * An erased address that has not come back (no history since) is already unsubscribed: the
 * link writes nothing, so the address does not return to the consent history.
 */
export async function unsubscribe(
  ctx: ServiceCtx<'config'>,
  input: { token: string; client: RequestClient },
): Promise<{ email: string }> {
  const email = await addressOf(ctx.config, input.token);
  const mark = await erasedAddressMark(ctx.config, email);
  const goneForGood = sql`EXISTS (SELECT 1 FROM ${erasureMarks} WHERE mark = ${mark})
    AND NOT EXISTS (SELECT 1 FROM ${consentEvents} WHERE email = ${email})`;
  await withdrawConsent(ctx, {
    email,
    userId: null,
    source: 'unsubscribe_link',
    client: input.client,
    when: sql`NOT (${goneForGood})`,
  });
  return { email };
}
