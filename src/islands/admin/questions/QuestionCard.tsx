import { Ban, Eye, EyeOff, Flag, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { adminQuestions as t } from '#shared/copy/admin/questions';
import { lessonPath, QUESTIONS_ANCHOR } from '#shared/paths';
import type { AdminPost, AdminQuestion } from '#shared/schemas/admin/questions';
import { errorMessage } from '#browser/api';
import { formatDateTime } from '#browser/format';
import { toast } from '#browser/stores/toast';
import { Badge } from '../../ui/Badge';
import { PostComposer } from '../../ui/PostComposer';
import { PostText } from '../../ui/PostText';
import type { PostAction } from './QuestionsSection';

type Act = (action: PostAction) => Promise<void>;

const SMALL_BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-50';

/** One thread in the inbox: the question, its answers (hidden and reported ones marked), and the admin's answer box. */
export function QuestionCard({
  question,
  onAction,
  onDelete,
}: {
  question: AdminQuestion;
  onAction: Act;
  onDelete: (post: AdminPost) => void;
}) {
  const { lesson } = question;
  return (
    <li className="card p-4 sm:p-6">
      <article aria-labelledby={`q-${question.id}`}>
        <p className="text-sm text-muted">
          {t.lesson}:{' '}
          <a
            href={`${lessonPath(lesson.moduleId, lesson.id)}#${QUESTIONS_ANCHOR}`}
            className="font-medium text-brand-800 underline underline-offset-2"
            aria-label={t.openLesson(lesson.title)}
          >
            {lesson.title}
          </a>
        </p>
        <Post post={question} id={`q-${question.id}`} onAction={onAction} onDelete={onDelete}>
          {!question.answered && <Badge tone="brand">{t.unanswered}</Badge>}
        </Post>
        {question.answers.length > 0 && (
          <ol className="mt-4 space-y-3 border-l-2 border-stone-200 pl-4">
            {question.answers.map((a) => (
              <li key={a.id} className={a.official ? 'rounded-xl bg-brand-50 p-3' : ''}>
                <Post post={a} onAction={onAction} onDelete={onDelete} />
              </li>
            ))}
          </ol>
        )}
        <div className="mt-5 border-t border-stone-200 pt-4">
          <PostComposer
            label={t.answerLabel}
            submitLabel={t.answer}
            busyLabel={t.answering}
            failed={t.actionFailed}
            onSend={(body) => onAction({ kind: 'answer', questionId: question.id, body })}
          />
        </div>
      </article>
    </li>
  );
}

function Post({
  post,
  id,
  onAction,
  onDelete,
  children,
}: {
  post: AdminPost;
  id?: string;
  onAction: Act;
  onDelete: (post: AdminPost) => void;
  children?: ReactNode;
}) {
  const run = (action: PostAction) => () =>
    void onAction(action).catch((err: unknown) => toast({ title: errorMessage(err, t.actionFailed), variant: 'destructive' }));
  return (
    <div className="mt-2">
      <p id={id} className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-bold">{post.official ? t.answerLabel : post.author.name || post.author.email}</span>
        {!post.official && <span className="break-all text-muted">{post.author.email}</span>}
        <time dateTime={post.createdAt} className="text-muted">
          {formatDateTime(post.createdAt)}
        </time>
        {children}
        {post.hidden && <Badge>{t.hidden}</Badge>}
        {post.author.blocked && <Badge tone="purple">{t.blockedBadge}</Badge>}
        {post.reports > 0 && (
          <Badge tone="purple" icon={Flag}>
            {t.reports(post.reports)}
          </Badge>
        )}
      </p>
      <PostText body={post.body} className={`mt-1.5 ${post.hidden ? 'text-muted line-through' : ''}`} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={SMALL_BUTTON} onClick={run({ kind: 'hide', post, hidden: !post.hidden })}>
          {post.hidden ? <Eye className="size-4" aria-hidden="true" /> : <EyeOff className="size-4" aria-hidden="true" />}
          {post.hidden ? t.show : t.hide}
        </button>
        <button type="button" className={SMALL_BUTTON} onClick={() => onDelete(post)}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t.delete}
        </button>
        {post.reports > 0 && (
          <button type="button" className={SMALL_BUTTON} onClick={run({ kind: 'dismiss', post })}>
            {t.dismiss}
          </button>
        )}
        {!post.official && (
          <button type="button" className={SMALL_BUTTON} onClick={run({ kind: 'block', post, blocked: !post.author.blocked })}>
            <Ban className="size-4" aria-hidden="true" />
            {post.author.blocked ? t.unblock : t.block}
          </button>
        )}
      </div>
    </div>
  );
}
