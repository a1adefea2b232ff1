import type { Config } from '#worker/config';
import { AppError } from '#worker/http/errors';
import type { Mailer, MailMessage } from '#worker/platform/mailer/types';

/** The address a mailed link points to: the page at `path`, carrying `token`. */
export const tokenLink = (config: Pick<Config, 'PUBLIC_URL'>, path: string, token: string) =>
  `${config.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;

/**
 * Sends the mail a request exists for (a sign-in link, an address-change link): when it cannot
 * go, the failure is logged and the request answers 503 `mail_failed` rather than pretend it went.
 */
export async function sendOrFail(mailer: Mailer, message: MailMessage, what: string): Promise<void> {
  try {
    await mailer.send(message);
  } catch (err) {
    console.error(`Sending the ${what} e-mail failed:`, err);
    throw new AppError('mail_failed', 503);
  }
}
