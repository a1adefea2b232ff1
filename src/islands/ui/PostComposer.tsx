import { useState } from 'react';
import { errorMessage } from '#browser/api';
import { BusyButton } from './BusyButton';
import { TextField } from './TextField';

/**
 * A text box for a question or an answer, with its send button: the server's Norwegian reason
 * shows under the box when it refuses the post (too long, too many, a link too early, blocked).
 * `onSend` resolves when the post is saved; the box then empties.
 */
export function PostComposer({
  label,
  hint,
  submitLabel,
  busyLabel,
  failed,
  onSend,
  onCancel,
  cancelLabel,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  busyLabel: string;
  failed: string;
  onSend: (body: string) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await onSend(body.trim());
      setBody('');
    } catch (err) {
      setError(errorMessage(err, failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextField
        label={label}
        hint={hint}
        error={error}
        multiline
        rows={3}
        inputClassName="w-full"
        value={body}
        onChange={setBody}
      />
      <div className="flex flex-wrap gap-2">
        <BusyButton type="submit" className="btn-primary" busy={busy} busyLabel={busyLabel} disabled={body.trim().length === 0}>
          {submitLabel}
        </BusyButton>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
        )}
      </div>
    </form>
  );
}
