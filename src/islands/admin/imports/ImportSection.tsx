import { FileUp } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { adminImports } from '#shared/copy/admin/imports';
import type { MemberImport, MemberImportResponse } from '#shared/schemas/admin/imports';
import { api, call, errorMessage } from '#browser/api';
import { BusyButton } from '../../ui/BusyButton';
import { FormError } from '../../ui/FormError';
import ProgressBar from '../../ui/ProgressBar';
import { SectionHeader } from '../SectionHeader';
import { PreviewTable } from './PreviewTable';

const t = adminImports;
/** How often the progress is read while the job previews or applies the rows. */
const POLL_MS = 1000;

/** POST /api/admin/imports: the file as a multipart form (the typed client has no type for one). */
const upload = (file: File) => {
  const form = new FormData();
  form.set('file', file);
  return call<MemberImportResponse>(fetch('/api/admin/imports', { method: 'POST', body: form, credentials: 'same-origin' }));
};

/**
 * Import: upload a CSV, follow the job's preview as its counts grow, see what each row will do,
 * choose whether to send the welcome mail, run it, and follow the job's progress with live
 * counts until it is done.
 */
export default function ImportSection() {
  const [current, setCurrent] = useState<MemberImport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sendWelcome, setSendWelcome] = useState(false);
  const fileId = useId();
  const hintId = useId();

  // While the job previews or applies the rows, read its progress every second.
  const busyId = current?.status === 'previewing' || current?.status === 'running' ? current.id : null;
  useEffect(() => {
    if (!busyId) return;
    const timer = setInterval(() => {
      call(api.admin.imports[':id'].$get({ param: { id: busyId } }))
        .then((res) => setCurrent(res.import))
        .catch((err: unknown) => setError(errorMessage(err, t.title)));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [busyId]);

  async function onUpload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return setError(t.fileMissing);
    setBusy(true);
    setError(null);
    try {
      setCurrent((await upload(file)).import);
    } catch (err) {
      setError(errorMessage(err, t.uploadFailed));
    } finally {
      setBusy(false);
    }
  }

  async function onRun() {
    if (!current) return;
    setBusy(true);
    setError(null);
    try {
      setCurrent((await call(api.admin.imports[':id'].run.$post({ param: { id: current.id }, json: { sendWelcome } }))).import);
    } catch (err) {
      setError(errorMessage(err, t.uploadFailed));
    } finally {
      setBusy(false);
    }
  }

  const reset = () => {
    setCurrent(null);
    setSendWelcome(false);
    setError(null);
  };

  return (
    <section aria-labelledby="import-title">
      <SectionHeader title={t.title} intro={t.intro} />
      {!current ? (
        <form onSubmit={onUpload} className="card space-y-4 p-4 sm:p-6" noValidate>
          <div className="space-y-1">
            <label htmlFor={fileId} className="block font-semibold">
              {t.fileLabel}
            </label>
            <p id={hintId} className="text-sm text-muted">
              {t.fileHint}
            </p>
            <input
              id={fileId}
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            />
          </div>
          <FormError>{error}</FormError>
          <BusyButton type="submit" className="btn-primary" busy={busy} busyLabel={t.uploading}>
            <FileUp className="size-4" aria-hidden="true" /> {t.upload}
          </BusyButton>
        </form>
      ) : (
        <div className="space-y-6">
          <PreviewTable current={current} />
          {current.status === 'previewing' ? (
            <PreviewProgress current={current} error={error} />
          ) : current.status === 'previewed' ? (
            <div className="card space-y-4 p-4 sm:p-6">
              <p className="text-sm text-muted">{t.rules}</p>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-1 size-5 accent-brand-700"
                  checked={sendWelcome}
                  onChange={(e) => setSendWelcome(e.target.checked)}
                />
                <span>
                  <span className="font-semibold">{t.sendWelcome}</span>
                  <span className="block text-sm text-muted">{t.sendWelcomeHint}</span>
                </span>
              </label>
              <FormError>{error}</FormError>
              <div className="flex flex-wrap gap-3">
                <BusyButton
                  className="btn-primary"
                  busy={busy}
                  busyLabel={t.running}
                  disabled={current.preview.new + current.preview.updated === 0}
                  onClick={() => void onRun()}
                >
                  {t.run}
                </BusyButton>
                <button type="button" className="btn-secondary" onClick={reset}>
                  {t.cancel}
                </button>
              </div>
            </div>
          ) : (
            <Progress current={current} error={error} onAnother={reset} />
          )}
        </div>
      )}
    </section>
  );
}

/** The preview's progress: how many rows the job has checked against the members we have. */
function PreviewProgress({ current, error }: { current: MemberImport; error: string | null }) {
  const { preview, total } = current;
  const checked = preview.new + preview.updated + preview.skipped;
  return (
    <div className="card space-y-3 p-4 sm:p-6" data-testid="import-previewing">
      <ProgressBar value={total ? (checked / total) * 100 : 0} label={t.previewProgressLabel} />
      <p role="status" className="text-sm font-medium tabular-nums">
        {t.previewing} {t.progress(checked, total)}
      </p>
      <FormError>{error}</FormError>
    </div>
  );
}

/** The job's progress: a bar, the live count (announced politely), and the end. */
function Progress({ current, error, onAnother }: { current: MemberImport; error: string | null; onAnother: () => void }) {
  const percent = current.total ? (current.done / current.total) * 100 : 100;
  const finished = current.status === 'done';
  return (
    <div className="card space-y-3 p-4 sm:p-6" data-testid="import-progress">
      <ProgressBar value={percent} label={t.progressLabel} />
      <p role="status" className="text-sm font-medium tabular-nums">
        {t.progress(current.done, current.total)}
        {finished && <> – {t.finished}</>}
      </p>
      <FormError>{error}</FormError>
      {finished && (
        <button type="button" className="btn-secondary" onClick={onAnother}>
          {t.another}
        </button>
      )}
    </div>
  );
}
