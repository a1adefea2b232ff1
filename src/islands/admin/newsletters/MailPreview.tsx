import { useEffect, useRef, useState, type RefObject } from 'react';
import { Tabs } from '../../ui/Tabs';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;
const WIDTHS = { phone: 390, desktop: 720 } as const;
type Width = keyof typeof WIDTHS;
/** The frame's height at full size, px (36rem). */
const FRAME_HEIGHT = 576;

/**
 * How much a frame `width` px wide must shrink to fit the element's width (at most 1): the
 * desktop client's width is wider than the editor's column, and a cut-off or sideways-scrolling
 * mail is no preview of it. Follows the element as the window resizes.
 */
function useFitScale(ref: RefObject<HTMLElement | null>, width: number, shown: boolean): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
    // `shown`: the element is there only once there is a mail to preview.
  }, [ref, width, shown]);
  return scale;
}

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
  const box = useRef<HTMLDivElement>(null);
  const scale = useFitScale(box, WIDTHS[width], html !== null);
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
          // The whole mail at the client's width, shrunk to the column when that is narrower (useFitScale).
          <div className="rounded-xl border border-stone-200 bg-stone-100 p-2">
            <div ref={box} className="overflow-hidden" style={{ height: FRAME_HEIGHT * scale }} data-testid="mail-preview-box">
              <iframe
                title={t.previewFrame(`${WIDTHS[width]} px`)}
                sandbox="allow-same-origin"
                srcDoc={html}
                onLoad={(e) => applyInlineStyles(e.currentTarget)}
                className="mx-auto block max-w-none origin-top-left rounded-lg bg-white"
                style={{
                  width: WIDTHS[width],
                  height: FRAME_HEIGHT,
                  transform: scale < 1 ? `scale(${scale})` : undefined,
                  marginLeft: scale < 1 ? 0 : undefined,
                }}
              />
            </div>
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-muted">{t.previewEmpty}</p>
        )}
      </Tabs>
    </section>
  );
}
