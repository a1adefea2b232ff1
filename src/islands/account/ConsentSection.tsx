import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { profile } from '#shared/copy/account';
import type { MarketingConsent } from '#shared/schemas/account';
import { api, call, errorMessage } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { CheckboxField } from '../ui/Field';
import { Section } from './Section';

const t = profile;

/**
 * Marketing e-mail on or off; each change is recorded as a consent or a withdrawal. The switch
 * keeps its own state from then on, so the account is not fetched again after a change.
 */
export function ConsentSection({ status }: { status: MarketingConsent }) {
  const [checked, setChecked] = useState(status === 'granted');
  const [busy, setBusy] = useState(false);

  async function change(marketing: boolean) {
    setChecked(marketing);
    setBusy(true);
    try {
      const result = await call(api.account.consent.$put({ json: { marketing } }));
      toast({ title: result.marketingConsent === 'granted' ? t.consentOn : t.consentOff });
    } catch (err) {
      setChecked(!marketing);
      toast({ title: t.errorTitle, description: errorMessage(err, t.consentFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t.consentTitle} icon={<Megaphone className="size-5" />}>
      <CheckboxField
        label={t.consentLabel}
        hint={t.consentHint}
        checked={checked}
        disabled={busy}
        onChange={(v) => void change(v)}
      />
    </Section>
  );
}
