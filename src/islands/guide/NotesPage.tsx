import { ArrowLeft, BookmarkCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { notes as t } from '#shared/copy/guide/notes';
import { lessonPath, PATHS } from '#shared/paths';
import type { NotesResponse } from '#shared/schemas/guide';
import { api, call } from '#browser/api';
import { formatDateTime } from '#browser/format';
import Loading from '../ui/Loading';
import { SignedInPage } from '../ui/SignedInPage';

/** /guide/notater: the learner's notes and bookmarks, newest first, each linking to its lesson. */
export default function NotesPage() {
  return (
    <SignedInPage path={PATHS.notes} loading={t.loading}>
      {() => <NotesList />}
    </SignedInPage>
  );
}

function NotesList() {
  const [state, setState] = useState<NotesResponse | 'loading' | 'failed'>('loading');
  useEffect(() => {
    call(api.guide.notes.$get()).then(setState, () => setState('failed'));
  }, []);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <a href={PATHS.guide} className="inline-flex items-center gap-1.5 font-semibold text-brand-800">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.back}
      </a>
      <h1 className="text-3xl font-extrabold tracking-tight">{t.pageTitle}</h1>
      <p className="text-muted">{t.intro}</p>
      {state === 'loading' ? (
        <Loading text={t.loading} />
      ) : state === 'failed' ? (
        <p role="alert" className="card">
          {t.loadFailed}
        </p>
      ) : state.notes.length === 0 ? (
        <p className="card text-muted">{t.empty}</p>
      ) : (
        <ul className="space-y-4">
          {state.notes.map((n) => (
            <li key={n.lessonId} className="card" data-testid="note">
              <p className="text-sm font-medium text-muted">{t.inModule(n.moduleTitle)}</p>
              <h2 className="mt-1 flex items-start gap-2 text-lg font-bold">
                {n.bookmarked && (
                  <>
                    <BookmarkCheck className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                    <span className="sr-only">{t.bookmarked}: </span>
                  </>
                )}
                <a href={lessonPath(n.moduleId, n.lessonId)} className="underline-offset-2 hover:underline">
                  {n.lessonTitle}
                </a>
              </h2>
              {n.body && <p className="mt-3 whitespace-pre-line">{n.body}</p>}
              <p className="mt-3 text-sm text-muted">{t.updated(formatDateTime(n.updatedAt))}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
