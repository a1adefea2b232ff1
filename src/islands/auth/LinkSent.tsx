import CodeForm from './CodeForm';
import type { useMailDelivery } from './useMailDelivery';
import Outcome from '../ui/Outcome';
import { login } from '#shared/copy/auth';

const t = login;

/**
 * After the link was requested: where it went and for how long it works, the code form for the
 * code in the same mail, and a way back. A delayed mail says so and offers to ask again.
 */
export function LinkSent({
  email,
  delivery,
  onAskAgain,
  onTryAnother,
}: {
  email: string;
  delivery: ReturnType<typeof useMailDelivery>;
  onAskAgain: () => void;
  onTryAnother: () => void;
}) {
  return (
    <Outcome icon="✉️" title={t.sentTitle}>
      <p className="text-muted">
        {t.sentTo} <strong className="break-all text-ink">{email}</strong>. {t.sentValidity}
      </p>
      {delivery === 'delayed' && (
        // The mail server is down or slow: say so, and offer a new try; the code form below works once a mail arrives.
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-left">
          <p className="font-bold">{t.mailDelayedTitle}</p>
          <p className="mt-1 text-sm">{t.mailDelayed}</p>
          <button type="button" className="btn-secondary mt-3 w-full" onClick={onAskAgain}>
            {t.mailDelayedRetry}
          </button>
        </div>
      )}
      <CodeForm email={email} />
      <button type="button" className="btn-secondary w-full" onClick={onTryAnother}>
        {t.tryAnother}
      </button>
    </Outcome>
  );
}
