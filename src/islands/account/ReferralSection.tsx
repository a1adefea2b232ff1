import { Gift } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { api, call } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { referralCard as t } from '#shared/copy/referrals';
import type { ReferralSummary } from '#shared/schemas/referrals';
import { Section } from './Section';

/** «Verv en venn»: the member's link with a copy button, and what it has brought. */
export function ReferralSection() {
  const [summary, setSummary] = useState<ReferralSummary | null | 'failed'>(null);
  const inputId = useId();

  useEffect(() => {
    call(api.account.referral.$get()).then(setSummary, () => setSummary('failed'));
  }, []);

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t.copied });
    } catch {
      toast({ title: t.copyFailed, variant: 'destructive' });
    }
  }

  return (
    <Section title={t.title} icon={<Gift className="size-5" />}>
      <p className="text-muted">{t.intro}</p>
      {summary === null && <p role="status">{t.loading}</p>}
      {summary === 'failed' && <p role="alert">{t.loadFailed}</p>}
      {summary !== null && summary !== 'failed' && (
        <>
          <div className="space-y-2">
            <label htmlFor={inputId} className="block text-sm font-semibold">
              {t.linkLabel}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={inputId}
                readOnly
                value={summary.link}
                className="input min-w-0 flex-1"
                onFocus={(e) => e.currentTarget.select()}
              />
              <button type="button" className="btn-primary" onClick={() => void copy(summary.link)}>
                {t.copy}
              </button>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(['signups', 'paid', 'earnedMonths'] as const).map((key) => (
              <div key={key} className="rounded-lg bg-brand-50 p-3">
                <dt className="text-sm text-muted">{t[key]}</dt>
                <dd className="text-2xl font-bold" data-testid={`referral-${key}`}>
                  {summary[key]}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Section>
  );
}
