import { ApiError } from './call';
import { toast } from './stores/toast';

/** How a failed action is reported: the toast's title and its sentence, both from the feature's copy (src/shared/copy). */
export type Failure = { title: string; message: string };

/**
 * Toasts a failed action as `failed` says and returns the text to show inside the dialog that
 * asked for it, which the toast would sit behind: the server's Norwegian reason for a client
 * error (taken, refused, too many tries), else `failed.message`.
 */
export function toastFailure(err: unknown, failed: Failure): string {
  toast({ title: failed.title, description: failed.message, variant: 'destructive' });
  return err instanceof ApiError && err.status < 500 ? err.message : failed.message;
}
