import { CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { quiz as t } from '#shared/copy/guide/quiz';
import type { QuizAttemptResponse, QuizView } from '#shared/schemas/guide';
import { errorMessage } from '#browser/api';
import { submitQuiz } from '#browser/stores/quiz';

type Answers = Record<string, string[]>;

/**
 * A quiz lesson (docs/decisions/0048-quizzes.md): a fieldset per question (radio buttons for one
 * answer, checkboxes for several), "Sjekk svarene", then per question right or wrong with the
 * explanation and the score, announced; "Prøv igjen" starts over. A pass completes the lesson:
 * `onPassed` gives the module page the answer for its usual completion toast.
 */
export default function LessonQuiz({
  moduleId,
  lessonId,
  quiz,
  onPassed,
}: {
  moduleId: string;
  lessonId: string;
  quiz: QuizView;
  onPassed: (result: QuizAttemptResponse) => void;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<QuizAttemptResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const total = quiz.questions.length;

  function choose(questionId: string, optionId: string, multiple: boolean, on: boolean) {
    setProblem(null);
    setAnswers((prev) => {
      const now = prev[questionId] ?? [];
      const next = multiple ? (on ? [...now, optionId] : now.filter((id) => id !== optionId)) : [optionId];
      return { ...prev, [questionId]: next };
    });
  }

  async function check(e: FormEvent) {
    e.preventDefault();
    const missing = quiz.questions.filter((q) => !answers[q.id]?.length);
    if (missing.length) {
      setProblem(t.unanswered(missing.length));
      form.current?.querySelector<HTMLInputElement>(`[name="quiz-${missing[0]!.id}"]`)?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const graded = await submitQuiz(
        moduleId,
        lessonId,
        quiz.questions.map((q) => answers[q.id] ?? []),
      );
      setResult(graded);
      requestAnimationFrame(() => summary.current?.focus());
      if (graded.passed) onPassed(graded);
    } catch (err) {
      setProblem(errorMessage(err, t.failed));
    } finally {
      setBusy(false);
    }
  }

  function retry() {
    setResult(null);
    setAnswers({});
    requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('input')?.focus());
  }

  const resultOf = (i: number) => result?.results[i];
  return (
    <section aria-labelledby="quiz-title" className="mt-8 space-y-6">
      <div>
        <h3 id="quiz-title" className="text-xl font-bold">
          {t.title}
        </h3>
        <p className="mt-1 text-muted">{t.intro(total, quiz.passMark)}</p>
        {!result && quiz.last && (
          <p className="mt-2 text-sm font-medium" data-testid="quiz-last">
            {quiz.passed ? t.passedBefore : t.lastResult(quiz.last.score, quiz.last.total, quiz.last.passed)}
          </p>
        )}
      </div>

      <form ref={form} onSubmit={check} noValidate className="space-y-5">
        {quiz.questions.map((q, i) => {
          const graded = resultOf(i);
          return (
            <fieldset
              key={q.id}
              aria-describedby={`quiz-${q.id}-hint${graded ? ` quiz-${q.id}-result` : ''}`}
              className={`rounded-2xl border-2 p-4 sm:p-5 ${
                graded
                  ? graded.correct
                    ? 'border-emerald-600 bg-emerald-50/50'
                    : 'border-red-600 bg-red-50/50'
                  : 'border-stone-200'
              }`}
            >
              <legend className="px-1 text-sm font-semibold text-muted">{t.questionLegend(i + 1, total)}</legend>
              <p className="font-semibold text-pretty">{q.text}</p>
              <p id={`quiz-${q.id}-hint`} className="mt-1 text-sm text-muted">
                {q.multiple ? t.pickAll : t.pickOne}
              </p>
              <div className="mt-3 space-y-2">
                {q.options.map((o) => {
                  const checked = answers[q.id]?.includes(o.id) ?? false;
                  return (
                    <label
                      key={o.id}
                      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 ${
                        checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 bg-white'
                      } ${result ? 'cursor-default' : 'hover:border-brand-400'}`}
                    >
                      <input
                        type={q.multiple ? 'checkbox' : 'radio'}
                        name={`quiz-${q.id}`}
                        value={o.id}
                        checked={checked}
                        disabled={result !== null || busy}
                        onChange={(e) => choose(q.id, o.id, q.multiple, e.target.checked)}
                        className="size-5 shrink-0 accent-brand-700"
                      />
                      <span>{o.text}</span>
                    </label>
                  );
                })}
              </div>
              {graded && (
                <div id={`quiz-${q.id}-result`} className="mt-3 space-y-1">
                  <p
                    className={`inline-flex items-center gap-1.5 font-bold ${graded.correct ? 'text-emerald-800' : 'text-red-800'}`}
                  >
                    {graded.correct ? (
                      <CircleCheck aria-hidden="true" className="size-5" />
                    ) : (
                      <CircleX aria-hidden="true" className="size-5" />
                    )}
                    {graded.correct ? t.right : t.wrong}
                  </p>
                  <p className="leading-7">{graded.explanation}</p>
                </div>
              )}
            </fieldset>
          );
        })}

        <div aria-live="polite" role="status">
          {problem && <p className="font-medium text-red-800">{problem}</p>}
        </div>

        <div
          ref={summary}
          tabIndex={-1}
          aria-live="polite"
          data-testid="quiz-result"
          className={result ? 'rounded-2xl bg-stone-50 p-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-600' : ''}
        >
          {result && (
            <>
              <h4 className="text-lg font-bold">{t.resultTitle}</h4>
              <p className={`mt-1 text-lg font-semibold ${result.passed ? 'text-emerald-800' : 'text-red-800'}`}>
                {t.scoreLine(result.score, result.total)} — {result.passed ? t.passed : t.notPassed(result.passMark)}
              </p>
            </>
          )}
        </div>

        <div className="flex flex-wrap gap-3">
          {result ? (
            <button type="button" className="btn-secondary" onClick={retry}>
              <RotateCcw aria-hidden="true" className="size-5" />
              {t.retry}
            </button>
          ) : (
            <button type="submit" className="btn-primary" disabled={busy}>
              <CircleCheck aria-hidden="true" className="size-5" />
              {busy ? t.checking : t.check}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
