import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { nb } from '#shared/copy/nb';
import { dialog } from '#shared/copy/ui';
import { PATHS } from '#shared/paths';
import type { AccountResponse } from '#shared/schemas/account';
import { api, call, errorMessage } from '#browser/api';
import { downloadExport } from '#browser/download';
import { premiumBadge } from '#browser/guide-labels';
import { forgetUser } from '#browser/stores/auth';
import { toast, toastAcrossNavigation } from '#browser/stores/toast';
import { Dialog } from '../ui/Dialog';
import { Section } from './Section';

const t = nb.profile;

/** 'Last ned mine data' (the export an admin gets) and 'Slett kontoen min' (after a confirmation naming what goes). */
export function DataSection({ account }: { account: AccountResponse }) {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const data = await call(api.account.export.$get());
      toast({ title: nb.dataExport.done, description: nb.dataExport.savedAs(downloadExport(account.user.id, data)) });
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, nb.dataExport.failed), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Section title={t.dataTitle} icon={<ShieldCheck className="size-5" />}>
      <p className="text-sm text-muted">{t.dataIntro}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn-secondary"
          onClick={download}
          disabled={downloading}
          aria-busy={downloading || undefined}
        >
          <Download className="size-4" aria-hidden="true" />
          {downloading ? t.downloading : t.download}
        </button>
        <button
          type="button"
          className="btn border border-red-700 bg-white text-red-800 hover:bg-red-50"
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t.deleteButton}
        </button>
      </div>
      <DeleteDialog open={confirming} account={account} onClose={() => setConfirming(false)} />
    </Section>
  );
}

/**
 * The last word before deletion: what will be lost (progress, streak, Premium if any), as a modal
 * dialog that keeps focus inside. Deleting ends every session, forgets the user in this browser
 * and returns to the front page with a toast.
 */
function DeleteDialog({ open, account, onClose }: { open: boolean; account: AccountResponse; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const { progress, user } = account;
  const premium = premiumBadge(user, Date.now());

  async function remove() {
    setBusy(true);
    try {
      await call(api.account.$delete());
      forgetUser();
      toastAcrossNavigation({ title: t.deleted, description: t.deletedText });
      window.location.assign(PATHS.home);
    } catch (err) {
      setBusy(false);
      toast({ title: t.errorTitle, description: errorMessage(err, t.deleteFailed), variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={t.deleteTitle}
      description={t.deleteIntro}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {dialog.cancel}
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={remove}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? t.deleting : t.deleteConfirm}
          </button>
        </>
      }
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm" data-testid="delete-losses">
        <li>{t.loseProgress(progress.lessonsCompleted)}</li>
        <li>{t.loseStreak(progress.currentStreak, progress.xp)}</li>
        {premium && <li>{t.losePremium(premium)}</li>}
        <li>{t.loseConsent}</li>
      </ul>
      <p className="mt-4 text-sm text-muted">{t.deleteKeep}</p>
    </Dialog>
  );
}
