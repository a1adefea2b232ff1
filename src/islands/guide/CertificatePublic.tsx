import { Copy, ExternalLink, Globe, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { certificateSharing as t } from '#shared/copy/certificates';
import type { CertificateStatus } from '#shared/schemas/certificates';
import { errorMessage } from '#browser/call';
import { setCertificatePublic } from '#browser/certificate';
import { BusyButton } from '../ui/BusyButton';

/**
 * The certificate's public page (docs/decisions/0049-certificate-verification.md): the learner
 * chooses to show it, gets the link to copy, and can withdraw it again. What happened is said in a
 * live region; the server's Norwegian message when it refuses.
 */
export default function CertificatePublic({ initial }: { initial: CertificateStatus | null }) {
  const [status, setStatus] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const titleId = useId();
  const linkId = useId();

  async function choose(isPublic: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      setStatus(await setCertificatePublic(isPublic));
      setMessage({ text: isPublic ? t.published : t.withdrawn });
    } catch (err) {
      setMessage({ text: errorMessage(err, t.publicFailed), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ text: t.copied });
    } catch {
      setMessage({ text: t.copyFailed, error: true });
    }
  }

  const isPublic = status?.public === true;
  return (
    <section aria-labelledby={titleId} className="border-t border-emerald-200 pt-4" data-testid="certificate-public">
      <h3 id={titleId} className="font-bold">
        {t.publicTitle}
      </h3>
      {isPublic ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-muted" id={linkId}>
            {t.isPublic}
          </p>
          <a
            href={status.url}
            target="_blank"
            rel="noopener"
            className="inline-flex max-w-full items-center gap-1.5 font-mono text-sm font-semibold break-all text-brand-800 underline underline-offset-2"
            aria-describedby={linkId}
          >
            {status.url}
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">({t.open})</span>
          </a>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => void copy(status.url)}>
              <Copy className="size-4" aria-hidden="true" />
              {t.copy}
            </button>
            <BusyButton className="btn-secondary" busy={busy} busyLabel={t.withdrawing} onClick={() => void choose(false)}>
              <Undo2 className="size-4" aria-hidden="true" />
              {t.withdraw}
            </BusyButton>
          </div>
        </div>
      ) : (
        <div className="mt-1 space-y-3">
          <p className="text-sm text-muted">{t.publicText}</p>
          <BusyButton className="btn-secondary" busy={busy} busyLabel={t.publishing} onClick={() => void choose(true)}>
            <Globe className="size-4" aria-hidden="true" />
            {t.publish}
          </BusyButton>
        </div>
      )}
      <p role="status" className={`mt-2 min-h-5 text-sm ${message?.error ? 'font-medium text-red-700' : 'text-emerald-800'}`}>
        {message?.text}
      </p>
    </section>
  );
}
