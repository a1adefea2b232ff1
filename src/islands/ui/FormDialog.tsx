import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { dialog } from '#shared/copy/ui';
import { ApiError } from '#browser/api';
import { focusFirstInvalid, type FieldErrors } from '#browser/forms';
import { toast } from '#browser/stores/toast';
import { Dialog } from './Dialog';

/**
 * The save cycle of a form dialog. `submit` takes what the form's request step produced: field
 * errors (shown, nothing sent), null (nothing to save), or the request under way. A failure is
 * toasted as `failed` says (spec §8) and also shown inside the dialog, which a toast would sit
 * behind: the server's message for a client error (a taken id beside `conflictField`), else `failed.message`.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit<T>(
    sent: FieldErrors | Promise<T> | null,
    handlers: {
      onNothing?: () => void;
      onSaved: (result: T) => void;
      failed: { title: string; message: string };
      conflictField?: string;
    },
  ) {
    if (sent === null) return handlers.onNothing?.();
    if (!(sent instanceof Promise)) return setErrors(sent);
    setBusy(true);
    try {
      handlers.onSaved(await sent);
    } catch (err) {
      setBusy(false);
      const { title, message } = handlers.failed;
      toast({ title, description: message, variant: 'destructive' });
      const clientError = err instanceof ApiError && err.status < 500;
      if (clientError && err.status === 409 && handlers.conflictField) setErrors({ [handlers.conflictField]: err.message });
      else setErrors({ form: clientError ? err.message : message });
    }
  }

  return { errors, busy, submit };
}
type FormSubmit = ReturnType<typeof useFormSubmit>;

/**
 * A dialog holding one form, with cancel and save buttons at the bottom. When the errors change
 * to a set of field errors, focus moves to the first invalid field; `errors.form` (a problem not
 * tied to one field) shows at the end of the form.
 */
export function FormDialog({
  title,
  size = 'lg',
  saveLabel,
  save: { busy, errors },
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  size?: 'md' | 'lg';
  saveLabel: string;
  /** The form's save cycle (useFormSubmit): whether it is busy, and its errors. */
  save: Pick<FormSubmit, 'busy' | 'errors'>;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (errors) focusFirstInvalid(form.current);
  }, [errors]);

  return (
    <Dialog
      open
      size={size}
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {dialog.cancel}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {saveLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={form}
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        {children}
        {errors?.form && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}
