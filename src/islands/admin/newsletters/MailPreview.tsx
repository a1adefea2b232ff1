import { useState } from 'react';
import { Tabs } from '../../ui/Tabs';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;
const WIDTHS = { phone: 390, desktop: 720 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The page's CSP (style-src without 'unsafe-inline') is inherited by a srcdoc frame, so the
 * mail's inline `style` attributes stay in its DOM but are not applied. Applying them through
 * the CSSOM from this (allowed) script is not restricted: the preview then looks as mail clients
 * show it. Runs when the frame has loaded.
 */
function applyInlineStyles(frame: HTMLIFrameElement) {
  for (const el of frame.contentDocument?.querySelectorAll<HTMLElement>('[style]') ?? []) {
    el.style.cssText = el.getAttribute('style') ?? '';
  }
}

/**
 * The mail as the server rendered it, in a sandboxed frame at a phone's or a desktop client's
 * width: no scripts run in it (it is the admin's content); same origin only so this page can
 * apply its inline styles (applyInlineStyles).
 */
export function MailPreview({ html }: { html: string | null }) {
  const [width, setWidth] = useState<Width>('phone');
  const tabs = [
    { id: 'phone' as const, label: t.previewPhone },
    { id: 'desktop' as const, label: t.previewDesktop },
  ];
  return (
    <section aria-labelledby="mail-preview-heading" className="min-w-0">
      <h2 id="mail-preview-heading" className="mb-2 text-lg font-bold">
        {t.preview}
      </h2>
      <Tabs label={t.preview} tabs={tabs} active={width} onChange={setWidth}>
        {html ? (
          // Scrolls sideways when the desktop width is wider than the screen: focusable, so the keyboard can scroll it too.
          <div
            tabIndex={0}
            role="region"
            aria-label={t.previewFrame(`${WIDTHS[width]} px`)}
            className="overflow-x-auto rounded-xl border border-stone-200 bg-stone-100 p-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <iframe
              title={t.previewFrame(`${WIDTHS[width]} px`)}
              sandbox="allow-same-origin"
              srcDoc={html}
              onLoad={(e) => applyInlineStyles(e.currentTarget)}
              className="mx-auto block h-[36rem] max-w-none rounded-lg bg-white"
              style={{ width: WIDTHS[width] }}
            />
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-muted">{t.previewEmpty}</p>
        )}
      </Tabs>
    </section>
  );
}
