import { AUTOMATED_HEADERS, MAIL_TIMEOUT_MS, type Mailer } from './types';

/**
 * An HTTP e-mail API (Resend-style `POST {from,to,subject,text,html}` with a Bearer key),
 * the transport for Workers, which cannot open SMTP connections.
 */
export function httpMailer(opts: { url: string; apiKey: string; from: string; fetch?: typeof fetch }): Mailer {
  const doFetch = opts.fetch ?? fetch;
  return {
    async send({ headers, ...message }) {
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
        body: JSON.stringify({ from: opts.from, ...message, headers: { ...AUTOMATED_HEADERS, ...headers } }),
        // A hanging e-mail API must not hold the visitor's request open.
        signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`E-post-API svarte ${res.status}`);
    },
  };
}
