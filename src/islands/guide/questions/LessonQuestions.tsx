import { Flag, MessageCircleQuestion, Reply } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { questions as t } from '#shared/copy/guide/questions';
import { QUESTIONS_ANCHOR } from '#shared/paths';
import type { Answer, Question } from '#shared/schemas/questions';
import { api, call, errorMessage } from '#browser/api';
import { formatRelative } from '#browser/format';
import { toast } from '#browser/stores/toast';
import { PostComposer } from '../../ui/PostComposer';
import { PostText } from '../../ui/PostText';

type Thread = { questions: Question[]; hasMore: boolean };
type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; thread: Thread };

const lessonApi = () => api.guide.lessons[':id'].questions;
/** A small text button under a post. */
const SMALL_BUTTON = 'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold hover:bg-stone-100';

/**
 * "Spørsmål og svar" under an open lesson: ask, read the thread (newest questions first, older on
 * request), reply to a question, report someone else's post. Soloprenør's answers stand out.
 */
export default function LessonQuestions({ lessonId }: { lessonId: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    call(lessonApi().$get({ param: { id: lessonId }, query: {} }))
      .then((thread) => live && setLoad({ status: 'ready', thread }))
      .catch(() => live && setLoad({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [lessonId, round]);

  const update = (change: (thread: Thread) => Thread) =>
    setLoad((cur) => (cur.status === 'ready' ? { status: 'ready', thread: change(cur.thread) } : cur));

  async function ask(body: string) {
    const { question } = await call(lessonApi().$post({ param: { id: lessonId }, json: { body } }));
    update((thread) => ({ ...thread, questions: [question, ...thread.questions] }));
    toast({ title: t.asked });
  }

  async function older(before: string) {
    const next = await call(lessonApi().$get({ param: { id: lessonId }, query: { before } }));
    update((thread) => ({ questions: [...thread.questions, ...next.questions], hasMore: next.hasMore }));
  }

  const addAnswer = (questionId: string, answer: Answer) =>
    update((thread) => ({
      ...thread,
      questions: thread.questions.map((q) => (q.id === questionId ? { ...q, answers: [...q.answers, answer] } : q)),
    }));

  return (
    <section id={QUESTIONS_ANCHOR} aria-labelledby="questions-title" className="card mt-6 scroll-mt-24 p-5 sm:p-8">
      <h2 id="questions-title" className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
        <MessageCircleQuestion className="size-6 text-brand-700" aria-hidden="true" />
        {t.title}
      </h2>
      <p className="mt-2 text-muted">{t.intro}</p>
      <div className="mt-5">
        <PostComposer
          label={t.askLabel}
          hint={t.askHint}
          submitLabel={t.ask}
          busyLabel={t.asking}
          failed={t.loadFailed}
          onSend={ask}
        />
      </div>
      {load.status === 'loading' && (
        <p role="status" className="py-6 text-center text-muted">
          {t.loading}
        </p>
      )}
      {load.status === 'error' && (
        <div role="alert" className="mt-6 flex flex-wrap items-center gap-3">
          <p className="font-medium text-red-800">{t.loadFailed}</p>
          <button type="button" className="btn-secondary" onClick={() => setRound((r) => r + 1)}>
            {t.retry}
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          {load.thread.questions.length === 0 ? (
            <p className="mt-6 rounded-2xl bg-stone-50 p-5 text-center text-muted">{t.noQuestions}</p>
          ) : (
            <ol className="mt-6 space-y-5" aria-label={t.title}>
              {load.thread.questions.map((q) => (
                <QuestionItem key={q.id} question={q} onAnswered={(a) => addAnswer(q.id, a)} />
              ))}
            </ol>
          )}
          {load.thread.hasMore && (
            <button
              type="button"
              className="btn-secondary mt-5"
              onClick={() =>
                void older(load.thread.questions.at(-1)!.id).catch(() => toast({ title: t.loadFailed, variant: 'destructive' }))
              }
            >
              {t.older}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function QuestionItem({ question, onAnswered }: { question: Question; onAnswered: (answer: Answer) => void }) {
  const [replying, setReplying] = useState(false);

  async function reply(body: string) {
    const { answer } = await call(api.guide.questions[':id'].answers.$post({ param: { id: question.id }, json: { body } }));
    onAnswered(answer);
    setReplying(false);
    toast({ title: t.replied });
  }

  return (
    <li className="rounded-2xl border border-stone-200 p-4 sm:p-5">
      <article aria-label={`${question.author.name}: ${question.body.slice(0, 60)}`}>
        <PostHeader post={question} />
        <PostText body={question.body} className="mt-2" />
        <PostActions post={question}>
          <button type="button" className={SMALL_BUTTON} aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
            <Reply className="size-4" aria-hidden="true" />
            {t.reply}
          </button>
        </PostActions>
      </article>
      {question.answers.length > 0 && (
        <ol className="mt-4 space-y-3 border-l-2 border-stone-200 pl-4" aria-label={t.answers(question.answers.length)}>
          {question.answers.map((a) => (
            <li key={a.id} className={a.official ? 'rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200' : ''}>
              <article>
                <PostHeader post={a} />
                <PostText body={a.body} className="mt-1.5" />
                <PostActions post={a} />
              </article>
            </li>
          ))}
        </ol>
      )}
      {replying && (
        <div className="mt-4">
          <PostComposer
            label={t.replyLabel}
            submitLabel={t.reply}
            busyLabel={t.replying}
            failed={t.loadFailed}
            onSend={reply}
            onCancel={() => setReplying(false)}
            cancelLabel={t.cancel}
          />
        </div>
      )}
    </li>
  );
}

function PostHeader({ post }: { post: Answer }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className={`font-bold ${post.official ? 'text-brand-800' : ''}`}>
        {post.mine && !post.official ? t.you : post.author.name}
      </span>
      <time dateTime={post.createdAt} className="text-muted">
        {formatRelative(post.createdAt)}
      </time>
    </p>
  );
}

/** The post's buttons: `children`, and "Rapporter" on someone else's post. */
function PostActions({ post, children }: { post: Answer; children?: ReactNode }) {
  const [reported, setReported] = useState(false);
  async function report() {
    try {
      await call(api.guide.posts[':id'].report.$post({ param: { id: post.id } }));
      setReported(true);
      toast({ title: t.reported });
    } catch (err) {
      toast({ title: errorMessage(err, t.loadFailed), variant: 'destructive' });
    }
  }
  if (!children && (post.mine || reported)) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {children}
      {!post.mine && !reported && (
        <button
          type="button"
          className={`${SMALL_BUTTON} text-muted`}
          aria-label={t.reportLabel(post.author.name)}
          onClick={() => void report()}
        >
          <Flag className="size-4" aria-hidden="true" />
          {t.report}
        </button>
      )}
    </div>
  );
}
