import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { dataExport, profile } from '#shared/copy/account';
import { PATHS } from '#shared/paths';
import type { AccountResponse } from '#shared/schemas/account';
import { api, call, errorMessage } from '#browser/api';
import { downloadExport } from '#browser/download';
import { premiumBadge } from '#browser/guide-labels';
import { forgetUser } from '#browser/stores/auth';
import { toast, toastAcrossNavigation } from '#browser/stores/toast';
import { BusyButton } from '../ui/BusyButton';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Section } from './Section';

const t = profile;

/** 'Last ned mine data' (the export an admin gets) and 'Slett kontoen min' (after a confirmation naming what goes). */
export function DataSection({ account }: { account: AccountResponse }) {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const data = await call(api.account.export.$get());
      toast({ title: dataExport.done, description: dataExport.savedAs(downloadExport(account.user.id, data)) });
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, dataExport.failed), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Section title={t.dataTitle} icon={<ShieldCheck className="size-5" />}>
      <p className="text-sm text-muted">{t.dataIntro}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <BusyButton className="btn-secondary" onClick={download} busy={downloading}>
          <Download className="size-4" aria-hidden="true" />
          {downloading ? t.downloading : t.download}
        </BusyButton>
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
 * The last word before deletion: what will be lost (progress, streak, Premium if any). Deleting
 * ends every session, forgets the user in this browser and returns to the front page with a toast.
 */
function DeleteDialog({ open, account, onClose }: { open: boolean; account: AccountResponse; onClose: () => void }) {
  const { progress, user } = account;
  const premium = premiumBadge(user, Date.now());

  async function remove() {
    await call(api.account.$delete());
    forgetUser();
    toastAcrossNavigation({ title: t.deleted, description: t.deletedText });
    window.location.assign(PATHS.home);
  }

  return (
    <ConfirmDialog
      subject={open ? account : null}
      title={t.deleteTitle}
      message={t.deleteIntro}
      confirmLabel={t.deleteConfirm}
      busyLabel={t.deleting}
      destructive
      failed={{ title: t.errorTitle, message: t.deleteFailed }}
      closeOnDone={false}
      onConfirm={remove}
      onClose={onClose}
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm" data-testid="delete-losses">
        <li>{t.loseProgress(progress.lessonsCompleted)}</li>
        <li>{t.loseStreak(progress.currentStreak, progress.xp)}</li>
        {premium && <li>{t.losePremium(premium)}</li>}
        <li>{t.loseConsent}</li>
      </ul>
      <p className="mt-4 text-sm text-muted">{t.deleteKeep}</p>
    </ConfirmDialog>
  );
}
