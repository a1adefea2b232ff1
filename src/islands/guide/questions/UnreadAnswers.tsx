import { MessageCircleReply } from 'lucide-react';
import { useEffect, useState } from 'react';
import { questions as t } from '#shared/copy/guide/questions';
import { lessonPath, QUESTIONS_ANCHOR } from '#shared/paths';
import type { UnreadResponse } from '#shared/schemas/questions';
import { api, call } from '#browser/api';

/**
 * The guide header's badge: "2 nye svar på spørsmålene dine", linking to the thread with the
 * newest of them (opening it clears the count). Nothing while there is none, or if it cannot be read.
 */
export default function UnreadAnswers() {
  const [unread, setUnread] = useState<UnreadResponse | null>(null);
  useEffect(() => {
    call(api.guide.questions.unread.$get())
      .then(setUnread)
      .catch(() => setUnread(null));
  }, []);
  const first = unread?.lessons[0];
  if (!unread || !first) return null;
  return (
    <li>
      <a
        href={`${lessonPath(first.moduleId, first.lessonId)}#${QUESTIONS_ANCHOR}`}
        data-testid="unread-answers"
        className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 px-3 py-1.5 text-brand-800 underline-offset-2 hover:underline"
      >
        <MessageCircleReply className="size-4" aria-hidden="true" />
        {t.newAnswersLink(unread.total)}
      </a>
    </li>
  );
}
