import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api, call, errorMessage } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { Switch } from '../ui/Switch';
import { Section } from './Section';
import { reminders } from '#shared/copy/reminders';

const t = reminders;

/**
 * "Påminnelser på e-post": off until the learner turns it on; each change is saved at once and
 * toasted. The switch waits for the saved state before it can be used.
 */
export function ReminderSection() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call(api.account.reminders.$get()).then(
      (setting) => setEnabled(setting.enabled),
      () => setEnabled(false),
    );
  }, []);

  async function change(next: boolean) {
    setEnabled(next);
    setBusy(true);
    try {
      const result = await call(api.account.reminders.$put({ json: { enabled: next } }));
      toast({ title: result.message });
    } catch (err) {
      setEnabled(!next);
      toast({ title: t.errorTitle, description: errorMessage(err, t.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t.title} icon={<BellRing className="size-5" />}>
      <Switch
        label={t.label}
        hint={t.hint}
        checked={enabled ?? false}
        disabled={busy || enabled === null}
        onChange={(v) => void change(v)}
      />
    </Section>
  );
}
