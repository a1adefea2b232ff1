import { adminContent } from '#shared/copy/admin/content';
import type { FieldErrors } from '#browser/forms';
import { $adminModules } from '#browser/stores/admin/content';
import { toast } from '#browser/stores/toast';
import type { useFormSubmit } from '../../ui/FormDialog';

const t = adminContent;
const MESSAGES = {
  module: { created: t.moduleCreated, updated: t.moduleUpdated, failed: t.moduleSaveFailed },
  lesson: { created: t.lessonCreated, updated: t.lessonUpdated, failed: t.lessonSaveFailed },
};

/**
 * The submit of the module and lesson dialogs, on their form's save cycle (useForm): nothing
 * changed closes the dialog; saved says 'Modul/Leksjon opprettet' or 'oppdatert' with its title,
 * refreshes the module list and calls `onSaved`; failed says 'Feil ved lagring' and the copy's sentence.
 */
export function contentSave<R>(
  save: Pick<ReturnType<typeof useFormSubmit>, 'submit'>,
  kind: keyof typeof MESSAGES,
  isNew: boolean,
  handlers: { titleOf: (saved: R) => string; onSaved: (saved: R) => void; onClose: () => void; conflictField?: string },
) {
  const messages = MESSAGES[kind];
  return (request: FieldErrors | Promise<R> | null) =>
    save.submit(request, {
      onNothing: handlers.onClose,
      onSaved: (saved) => {
        toast({ title: isNew ? messages.created : messages.updated, description: handlers.titleOf(saved) });
        $adminModules.revalidate();
        handlers.onSaved(saved);
      },
      failed: { title: t.saveFailedTitle, message: messages.failed },
      conflictField: handlers.conflictField,
    });
}
