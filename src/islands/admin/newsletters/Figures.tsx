import type { LinkClicks, NewsletterFigures } from '#shared/schemas/admin/newsletters';
import { formatNumber } from '#browser/format';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;
const KEYS = [
  'recipients',
  'sent',
  'failed',
  'unsubscribed',
  'skipped',
  'clicks',
  'signups',
  'purchases',
] as const satisfies readonly (keyof NewsletterFigures)[];

/** A newsletter's figures as a description list: the send's (recipients … skipped), then what it did (clicks, sign-ups, purchases). */
export function Figures({ figures }: { figures: NewsletterFigures }) {
  return (
    <dl aria-label={t.figuresLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {KEYS.map((key) => (
        <div key={key} className="rounded-xl bg-stone-50 px-3 py-2">
          <dt className="text-sm text-muted">{t.figures[key]}</dt>
          <dd className="text-xl font-bold tabular-nums" data-figure={key}>
            {formatNumber(figures[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Clicks per link, in the order the links stand in the mail; nothing until a link is clicked. */
export function LinkFigures({ links }: { links: LinkClicks[] }) {
  if (links.length === 0) return <p className="text-sm text-muted">{t.noClicks}</p>;
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">{t.linksCaption}</caption>
        <thead>
          <tr className="border-b border-stone-200">
            <th scope="col" className="py-2 pr-4">
              {t.linkColumn}
            </th>
            <th scope="col" className="py-2 text-right">
              {t.figures.clicks}
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.index} className="border-b border-stone-100">
              <td className="max-w-0 truncate py-2 pr-4 sm:max-w-md" title={link.url}>
                {link.url}
              </td>
              <td className="py-2 text-right tabular-nums" data-link-clicks={link.index}>
                {formatNumber(link.clicks)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
