import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import type { QuizInput, QuizQuestionStats } from '#shared/schemas/admin/content';
import type { FieldErrors } from '#browser/forms';
import { CheckboxField } from '../../ui/Field';
import { IconButton } from '../../ui/IconButton';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';

const f = adminContent.quizFields;

type Question = QuizInput['questions'][number];
type Option = Question['options'][number];
/** The editor's quiz: the pass mark as typed. */
export type QuizDraft = { passMark: string; questions: Question[] };

/** A new id not among `taken`: q1, q2 … for questions, a, b … for options. */
function freshId(taken: string[], kind: 'question' | 'option'): string {
  for (let n = 0; ; n++) {
    const id = kind === 'question' ? `q${n + 1}` : n < 26 ? String.fromCharCode(97 + n) : `o${n}`;
    if (!taken.includes(id)) return id;
  }
}

const blankOption = (options: Option[]): Option => ({
  id: freshId(
    options.map((o) => o.id),
    'option',
  ),
  text: '',
  correct: false,
});
const blankQuestion = (questions: Question[]): Question => {
  const a = { id: 'a', text: '', correct: true };
  return {
    id: freshId(
      questions.map((q) => q.id),
      'question',
    ),
    text: '',
    multiple: false,
    options: [a, { id: 'b', text: '', correct: false }],
    explanation: '',
  };
};

/** A quiz lesson's starting point: pass mark 75 %, one question with two options. */
export const newQuizDraft = (): QuizDraft => ({ passMark: '75', questions: [blankQuestion([])] });

/** "34 % feil første gang (120 svar)": the share of learners whose first attempt got the question wrong. */
export function wrongFirstText(stats: QuizQuestionStats | undefined): string {
  if (!stats?.firstAnswers) return f.noAnswers;
  return f.wrongFirst(Math.round((stats.firstWrong / stats.firstAnswers) * 100), stats.firstAnswers);
}

/**
 * The lesson dialog's quiz: the pass mark, and per question its text, one or several right answers,
 * the options with their "Riktig" mark, the explanation, and how learners did on their first attempt.
 * Errors come from the schema at `quiz.…` paths.
 */
export function QuizEditor({
  quiz,
  onChange,
  errors,
  stats,
}: {
  quiz: QuizDraft;
  onChange: (next: QuizDraft) => void;
  errors: FieldErrors | null;
  stats: QuizQuestionStats[];
}) {
  const id = useId();
  const setQuestion = (i: number, patch: Partial<Question>) =>
    onChange({ ...quiz, questions: quiz.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
  const setOption = (i: number, k: number, patch: Partial<Option>) => {
    const q = quiz.questions[i]!;
    // A single-answer question keeps one right option: marking another moves the mark.
    const options = q.options.map((o, m) =>
      m === k ? { ...o, ...patch } : patch.correct && !q.multiple ? { ...o, correct: false } : o,
    );
    setQuestion(i, { options });
  };
  const error = (path: string) => errors?.[`quiz.${path}`];

  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 p-4" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="px-1 text-base font-bold">
        {f.legend}
      </legend>
      <TextField
        label={f.passMark}
        hint={f.passMarkHint}
        className="max-w-48"
        {...WHOLE_NUMBER}
        min={1}
        max={100}
        value={quiz.passMark}
        onChange={(passMark) => onChange({ ...quiz, passMark })}
        error={error('passMark')}
      />
      <ol className="space-y-4">
        {quiz.questions.map((q, i) => {
          const n = i + 1;
          const questionStats = stats.find((s) => s.questionId === q.id);
          return (
            <li key={q.id}>
              <fieldset className="space-y-3 rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4">
                <legend className="px-1 text-sm font-bold">{f.question(n)}</legend>
                <div className="flex items-start justify-between gap-2">
                  <p className="text-sm text-muted" data-testid="quiz-question-stats">
                    {wrongFirstText(questionStats)}
                  </p>
                  <IconButton
                    label={f.removeQuestion(n)}
                    icon={Trash2}
                    danger
                    onClick={() => onChange({ ...quiz, questions: quiz.questions.filter((_, j) => j !== i) })}
                  />
                </div>
                <TextField
                  label={f.questionText}
                  value={q.text}
                  onChange={(text) => setQuestion(i, { text })}
                  error={error(`questions.${i}.text`)}
                  multiline
                  rows={2}
                />
                <CheckboxField label={f.multiple} checked={q.multiple} onChange={(multiple) => setQuestion(i, { multiple })} />
                <ul className="space-y-2">
                  {q.options.map((o, k) => (
                    <li key={o.id} className="flex items-end gap-2">
                      <div className="min-w-0 flex-1">
                        <TextField
                          label={f.option(k + 1)}
                          value={o.text}
                          onChange={(text) => setOption(i, k, { text })}
                          error={error(`questions.${i}.options.${k}.text`)}
                        />
                      </div>
                      <label className="mb-2.5 flex min-h-11 items-center gap-2 text-sm font-semibold">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-700"
                          checked={o.correct}
                          aria-label={f.correctLabel(k + 1)}
                          onChange={(e) => setOption(i, k, { correct: e.target.checked })}
                        />
                        <span aria-hidden="true">{f.correct}</span>
                      </label>
                      <div className="mb-0.5">
                        <IconButton
                          label={f.removeOption(k + 1)}
                          icon={Trash2}
                          danger
                          onClick={() => setQuestion(i, { options: q.options.filter((_, m) => m !== k) })}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
                {error(`questions.${i}.options`) && (
                  <p className="text-sm font-medium text-red-700">{error(`questions.${i}.options`)}</p>
                )}
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => setQuestion(i, { options: [...q.options, blankOption(q.options)] })}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {f.addOption}
                </button>
                <TextField
                  label={f.explanation}
                  hint={f.explanationHint}
                  value={q.explanation}
                  onChange={(explanation) => setQuestion(i, { explanation })}
                  error={error(`questions.${i}.explanation`)}
                  multiline
                  rows={2}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {(error('questions') ?? error('')) && (
        <p className="text-sm font-medium text-red-700">{error('questions') ?? errors?.quiz}</p>
      )}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onChange({ ...quiz, questions: [...quiz.questions, blankQuestion(quiz.questions)] })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {f.addQuestion}
      </button>
    </fieldset>
  );
}
