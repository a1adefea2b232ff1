import { useState } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import { modulePatchSchema, type AdminModule, type ModulePatch } from '#shared/schemas/admin/content';
import { api, call } from '#browser/api';
import { check, numberOrEmpty } from '#browser/forms';
import { $adminModules } from '#browser/stores/admin/content';
import { toast } from '#browser/stores/toast';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { Switch } from '../../ui/Switch';

const t = adminContent;

/** Innstillinger: the premium switch and the order, each saved as soon as it changes. */
export function SettingsTab({ module }: { module: AdminModule }) {
  const [isPremium, setIsPremium] = useState(module.isPremium);
  const [order, setOrder] = useState(String(module.order));
  const [orderError, setOrderError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  async function save(patch: ModulePatch, undo: () => void) {
    setStatus('saving');
    try {
      await call(api.admin.content.modules[':id'].$patch({ param: { id: module.id }, json: patch }));
      setStatus('saved');
      toast({ title: t.moduleUpdated, description: module.title });
      $adminModules.revalidate();
    } catch {
      undo();
      setStatus('idle');
      toast({ title: t.saveFailedTitle, description: t.moduleSaveFailed, variant: 'destructive' });
    }
  }

  function togglePremium(next: boolean) {
    setIsPremium(next);
    void save({ isPremium: next }, () => setIsPremium(!next));
  }

  function commitOrder() {
    const value = numberOrEmpty(order, NaN);
    if (value === module.order) return setOrderError(null);
    const checked = check(modulePatchSchema, { order: value });
    if (checked.errors) return setOrderError(checked.errors.order ?? null);
    setOrderError(null);
    void save({ order: value }, () => setOrder(String(module.order)));
  }

  return (
    <div className="max-w-xl space-y-6">
      <p className="text-muted">{t.settingsIntro}</p>
      <Switch
        label={t.premiumSwitch}
        hint={t.premiumSwitchHint}
        checked={isPremium}
        disabled={status === 'saving'}
        onChange={togglePremium}
      />
      <TextField
        label={t.orderField}
        value={order}
        onChange={setOrder}
        hint={t.orderHint}
        error={orderError}
        className="max-w-48"
        {...WHOLE_NUMBER}
        min={1}
        onBlur={commitOrder}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitOrder();
        }}
      />
      <p role="status" className="min-h-6 text-sm text-muted">
        {status === 'saving' ? t.saving : status === 'saved' ? t.saved : ''}
      </p>
    </div>
  );
}
