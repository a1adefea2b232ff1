import { Check, Clock, Crown, Users } from 'lucide-react';
import { nb } from '#shared/copy/nb';
import { isCalendarDate, type Campaign } from '#shared/schemas/admin-campaigns';
import { Dialog } from '../../ui/Dialog';
import { Price, SCHEMES } from './parts';

const t = nb.adminCampaigns;
const SIZES = { modal: 'md', fullpage: 'lg', sidebar: 'sm' } as const;
const longDate = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeZone: 'UTC' });

/** The campaign as a user meets it: its colours, texts, features, price and button, in the shape of its display type. */
export function CampaignPreview({ campaign: c, onClose }: { campaign: Campaign; onClose: () => void }) {
  const scheme = SCHEMES[c.colorScheme];
  return (
    <Dialog
      open
      size={SIZES[c.displayType]}
      title={t.previewTitle(c.name)}
      description={t.previewIntro(t.displayTypes[c.displayType])}
      onClose={onClose}
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      <div className="overflow-hidden rounded-2xl border border-stone-200" data-testid="campaign-preview">
        <div className={`bg-linear-to-br ${scheme.gradient} p-6 text-white`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Crown aria-hidden="true" className={`size-8 ${c.animations ? 'motion-safe:animate-bounce' : ''}`} />
            <Urgency campaign={c} />
          </div>
          <h3 className="mt-3 text-2xl font-extrabold tracking-tight break-words">{c.title}</h3>
          {c.subtitle && <p className="mt-1 font-medium text-white">{c.subtitle}</p>}
          {c.description && <p className="mt-3 text-white">{c.description}</p>}
        </div>
        <div className="space-y-5 bg-white p-6">
          {c.features.length > 0 && (
            <ul className="space-y-3">
              {c.features.map((f, i) => (
                <li key={i} className="flex gap-3">
                  <span aria-hidden="true" className="text-2xl">
                    {f.icon}
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{f.title}</p>
                    {f.description && <p className="text-sm text-muted">{f.description}</p>}
                    {f.benefits && f.benefits.length > 0 && (
                      <ul className="mt-1 space-y-0.5 text-sm">
                        {f.benefits.map((b, j) => (
                          <li key={j} className="flex gap-1.5">
                            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                            {b}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Price pricing={c.pricing} large />
            {c.discount > 0 && <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">{t.previewDiscount(c.discount)}</span>}
          </div>
          {/* The button as users see it; in the preview it leads nowhere, so it is not a control. */}
          <p className={`${scheme.button} rounded-xl px-5 py-3 text-center text-lg font-bold text-white`}>
            {c.ctaText}
          </p>
        </div>
      </div>
    </Dialog>
  );
}

function Urgency({ campaign: c }: { campaign: Campaign }) {
  if (!c.urgencyType) return null;
  const [Icon, text] =
    c.urgencyType === 'countdown'
      ? [Clock, isCalendarDate(c.urgencyValue) ? t.previewCountdown(longDate.format(new Date(`${c.urgencyValue}T00:00:00Z`))) : t.previewCountdownDays(c.urgencyValue || '7')]
      : c.urgencyType === 'limited_spots'
        ? [Users, t.previewSpots(c.urgencyValue)]
        : [Clock, c.urgencyValue];
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-black/30 px-3 py-1 text-sm font-semibold">
      <Icon aria-hidden="true" className="size-4" />
      {text}
    </span>
  );
}
