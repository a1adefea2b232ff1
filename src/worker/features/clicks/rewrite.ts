import { CLICK_PATH } from '#shared/paths';
import type { Config } from '#worker/config';
import type { MarketingDraft } from '#worker/emails/marketing';
import { clickToken, type TrackedLink } from './token';

/** Which mail a draft is: its links are counted under it. */
export type TrackedMail = Pick<TrackedLink, 'kind' | 'mailId'>;

type LinkConfig = Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL'>;

const HREF = /href="(https?:\/\/[^"]*)"/gi;
const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The `utm_campaign` a mail's links to this site carry: the lead form stores it, so a sign-up counts for the mail. */
export const mailCampaign = (mail: TrackedMail) => `${mail.kind}-${mail.mailId}`;

/**
 * A link to this site gets the mail's UTM parameters (unless the admin set their own), so the
 * lead form that stores them attributes a sign-up to the mail without any cookie.
 */
function withUtm(url: string, mail: TrackedMail, origin: string): string {
  const parsed = new URL(url);
  if (parsed.origin !== origin || parsed.searchParams.has('utm_source')) return url;
  parsed.searchParams.set('utm_source', 'e-post');
  parsed.searchParams.set('utm_medium', mail.kind);
  parsed.searchParams.set('utm_campaign', mailCampaign(mail));
  return parsed.toString();
}

/**
 * A marketing draft whose web links go through the counting redirect (`/r/<token>`): each link in
 * the HTML is numbered in order of appearance and signed with its mail and target; the same
 * addresses in the plain text take the link of their first appearance. Recipient-less, so the
 * draft is rendered once for a whole send. Footer links (unsubscribe) are added after this and
 * are never counted. The one place any marketing mail (newsletters, the welcome series, later
 * automations) gets counted links.
 */
export async function trackLinks(config: LinkConfig, draft: MarketingDraft, mail: TrackedMail): Promise<MarketingDraft> {
  const origin = new URL(config.PUBLIC_URL).origin;
  const targets: string[] = [];
  for (const row of draft.rows) for (const [, href = ''] of row.matchAll(HREF)) targets.push(unescapeAttr(href));
  const tracked = await Promise.all(
    targets.map(async (url, index) => {
      const token = await clickToken(config, { ...mail, index, url: withUtm(url, mail, origin) });
      return `${config.PUBLIC_URL}${CLICK_PATH}/${token}`;
    }),
  );
  let next = 0;
  const rows = draft.rows.map((row) => row.replace(HREF, () => `href="${tracked[next++]}"`));
  const byUrl = new Map<string, string>();
  targets.forEach((url, i) => byUrl.has(url) || byUrl.set(url, tracked[i] ?? url));
  // Longest first, and only whole addresses (ended by a delimiter), so no address is caught inside another.
  const urls = [...byUrl.keys()].sort((a, b) => b.length - a.length);
  const text =
    urls.length === 0
      ? draft.text
      : draft.text.replace(
          new RegExp(`(${urls.map(escapeRegExp).join('|')})(?=[.,;:!?]?(?:[)\\s>"]|$))`, 'g'),
          (url) => byUrl.get(url) ?? url,
        );
  return { ...draft, rows, text };
}
