import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { adminTags as t } from '#shared/copy/admin/tags';
import type { Tag } from '#shared/schemas/admin/tags';
import { api, call } from '#browser/api';
import { toastFailure } from '#browser/failure';
import { toast } from '#browser/stores/toast';
import { BusyButton } from '../../ui/BusyButton';
import { TextField } from '../../ui/TextField';

/**
 * A user's tags in their card, read when the admin opens them (a page of cards asks for none):
 * the automatic ones as they stand, the admin's own with a remove button, and a field to add one.
 */
export function UserTags({ userId, name }: { userId: string; name: string }) {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const failed = { title: t.failed, message: t.failed };

  async function load(open: boolean) {
    if (!open || tags) return;
    try {
      setTags((await call(api.admin.users[':id'].tags.$get({ param: { id: userId } }))).tags);
    } catch (err) {
      toastFailure(err, { title: t.loadFailed, message: t.loadFailed });
    }
  }

  async function change(tag: string, set: boolean) {
    setBusy(true);
    try {
      const route = api.admin.users[':id'].tags[':tag'];
      const param = { id: userId, tag };
      const { tags: after } = await call(set ? route.$put({ param }) : route.$delete({ param }));
      setTags(after);
      toast({ title: set ? t.added(tag.trim().toLowerCase()) : t.removed(tag) });
      if (set) setDraft('');
    } catch (err) {
      toastFailure(err, failed);
    } finally {
      setBusy(false);
    }
  }

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) void change(draft, true);
  };
  return (
    <details className="mt-3 text-sm" onToggle={(e) => void load(e.currentTarget.open)}>
      <summary className="inline-flex min-h-10 cursor-pointer items-center font-medium">
        {t.title}
        <span className="sr-only"> – {name}</span>
      </summary>
      {tags && (
        <div className="mt-2 flex flex-col gap-3">
          {tags.length === 0 ? (
            <p className="text-muted">{t.none}</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={t.title}>
              {tags.map((tag) => (
                <li key={tag.tag} className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-ink">
                  {tag.label}
                  {tag.automatic ? (
                    <span className="pr-2 text-xs text-muted">({t.automatic})</span>
                  ) : (
                    <button
                      type="button"
                      className="inline-flex size-8 items-center justify-center rounded-full hover:bg-stone-200"
                      aria-label={t.remove(tag.tag)}
                      disabled={busy}
                      onClick={() => void change(tag.tag, false)}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <form className="flex flex-wrap items-end gap-2" onSubmit={add}>
            <TextField
              label={t.addLabel}
              hint={t.addHint}
              value={draft}
              onChange={setDraft}
              maxLength={40}
              className="min-w-0 grow"
            />
            <BusyButton type="submit" className="btn-secondary" busy={busy}>
              <Plus aria-hidden="true" className="size-4" />
              {t.add}
            </BusyButton>
          </form>
        </div>
      )}
    </details>
  );
}
