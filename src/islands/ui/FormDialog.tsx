import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '#browser/api';
import { toastFailure, type Failure } from '#browser/failure';
import { focusFirstInvalid, type FieldErrors } from '#browser/forms';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';
import { FormError } from './FormError';

/**
 * The save cycle of a form dialog. `submit` takes what the form's request step produced: field
 * errors (shown, nothing sent), null (nothing to save), or the request under way. A failure is
 * toasted as `failed` says (the failure copy of each section in `#shared/copy`) and also shown inside the dialog, which a toast would sit
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
      failed: Failure;
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
      const shown = toastFailure(err, handlers.failed);
      const conflict = err instanceof ApiError && err.status === 409 && handlers.conflictField;
      setErrors({ [conflict || 'form']: shown });
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
  description,
  size = 'lg',
  saveLabel,
  busyLabel,
  save: { busy, errors },
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  /** Under the title, e.g. whom the form is about. */
  description?: string;
  size?: 'md' | 'lg';
  saveLabel: string;
  /** The save button's text while saving (default: it keeps `saveLabel`). */
  busyLabel?: string;
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
      description={description}
      onClose={() => !busy && onClose()}
      footer={
        <DialogActions busy={busy} onCancel={onClose} label={saveLabel} busyLabel={busyLabel} type="submit" form={formId} />
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
        <FormError>{errors?.form}</FormError>
      </form>
    </Dialog>
  );
}
