import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import Markdown from '../../ui/Markdown';
import { useRenderedMarkdown } from '../useRenderedMarkdown';
import { adminWelcome } from '#shared/copy/admin/welcome';
import { email } from '#shared/copy/email';

const t = adminWelcome;

/**
 * The mail as the reader will see it, drawn like the mail layout (src/worker/emails/layout.ts):
 * the brand line, the card, the text, and the footer every marketing mail carries. Drawn here
 * rather than as the mail's own HTML, whose inline styles the admin page's CSP would refuse.
 */
export function MailPreview({ subject, markdown }: { subject: string; markdown: string }) {
  const [phone, setPhone] = useState(false);
  const html = useRenderedMarkdown(markdown);
  return (
    <section aria-label={t.preview} className="space-y-2">
      {/* Wraps below the heading on a phone, where heading and both buttons do not fit one line. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t.preview}</h3>
        <div className="flex gap-1" role="group" aria-label={t.preview}>
          {[
            { on: true, label: t.previewPhone, Icon: Smartphone },
            { on: false, label: t.previewDesktop, Icon: Monitor },
          ].map(({ on, label, Icon }) => (
            <button
              key={label}
              type="button"
              aria-pressed={phone === on}
              onClick={() => setPhone(on)}
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold ${
                phone === on ? 'bg-brand-700 text-white' : 'bg-stone-100 text-ink hover:bg-stone-200'
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="rounded-2xl bg-stone-100 px-3 py-6">
        <article
          data-testid="mail-preview"
          className={`mx-auto rounded-2xl bg-white p-6 shadow-sm ${phone ? 'max-w-[22rem]' : 'max-w-[32.5rem]'}`}
        >
          <p className="text-xl font-extrabold text-brand-700">Soloprenør</p>
          <p className="mt-1 text-sm text-muted">{subject}</p>
          {html !== null && <Markdown html={html} className="mt-4" />}
          <p className="mt-6 border-t border-stone-200 pt-4 text-xs text-muted">
            {email.marketing.why} <span className="underline">{email.marketing.unsubscribe}</span>
          </p>
        </article>
      </div>
    </section>
  );
}
