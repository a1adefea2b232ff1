import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { notes as t } from '#shared/copy/guide/notes';
import { NOTE_MAX_LENGTH } from '#shared/constants';
import type { NoteRequest } from '#shared/schemas/guide';
import { saveNote } from '#browser/stores/guide';

/** Typing pauses this long before the note is saved. */
const AUTOSAVE_MS = 800;

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The learner's private note on a lesson, saved as they type (after a pause, and at once when
 * they leave the lesson), and its bookmark, saved on the press. The status says when it is saved.
 */
export default function LessonNote({ lessonId, note }: { lessonId: string; note: { body: string; bookmarked: boolean } }) {
  const id = useId();
  const [body, setBody] = useState(note.body);
  const [bookmarked, setBookmarked] = useState(note.bookmarked);
  const [status, setStatus] = useState<Status>('idle');
  // The text not yet sent, if any: sent after the pause, or when the lesson is left.
  const pending = useRef<string | null>(null);

  async function send(patch: NoteRequest) {
    setStatus('saving');
    try {
      await saveNote(lessonId, patch);
      setStatus(pending.current === null ? 'saved' : 'saving');
    } catch {
      setStatus('failed');
    }
  }

  useEffect(() => {
    if (pending.current === null) return;
    const timer = window.setTimeout(() => {
      const text = pending.current;
      pending.current = null;
      if (text !== null) void send({ body: text });
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts the pause on every keystroke
  }, [body]);

  // Leaving the lesson (another lesson, another page) sends what is still waiting.
  useEffect(
    () => () => {
      if (pending.current !== null) void saveNote(lessonId, { body: pending.current }).catch(() => undefined);
    },
    [lessonId],
  );

  function toggleBookmark() {
    const next = !bookmarked;
    setBookmarked(next);
    void send({ bookmarked: next });
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-10 rounded-2xl border border-stone-200 p-5 sm:p-6"
      data-testid="lesson-note"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-lg font-bold">
          {t.title}
        </h3>
        <button type="button" className="btn-secondary" aria-pressed={bookmarked} onClick={toggleBookmark}>
          {bookmarked ? (
            <BookmarkCheck className="size-5 text-brand-700" aria-hidden="true" />
          ) : (
            <Bookmark className="size-5" aria-hidden="true" />
          )}
          {bookmarked ? t.bookmarked : t.bookmark}
        </button>
      </div>
      <label htmlFor={`${id}-body`} className="mt-4 block font-medium">
        {t.noteLabel}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {t.noteHint}
      </p>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => {
          pending.current = e.target.value;
          setBody(e.target.value);
        }}
        placeholder={t.placeholder}
        maxLength={NOTE_MAX_LENGTH}
        rows={5}
        aria-describedby={`${id}-hint ${id}-status`}
        className="mt-2 block w-full rounded-xl border border-stone-300 px-3 py-2"
      />
      <p
        id={`${id}-status`}
        role="status"
        className={`mt-2 min-h-5 text-sm ${status === 'failed' ? 'text-red-700' : 'text-muted'}`}
      >
        {status === 'saving' ? t.saving : status === 'saved' ? t.saved : status === 'failed' ? t.failed : ''}
      </p>
    </section>
  );
}
