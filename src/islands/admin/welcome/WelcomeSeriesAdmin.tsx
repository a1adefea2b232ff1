import { ArrowDown, ArrowUp, Mail, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { WelcomeSeries, WelcomeStep } from '#shared/schemas/admin/welcome';
import { api, call } from '#browser/api';
import { toastFailure } from '#browser/failure';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { IconButton } from '../../ui/IconButton';
import { Loadable, useLoad } from '../../ui/Loadable';
import AdminFrame from '../AdminFrame';
import { SectionHeader } from '../SectionHeader';
import { StepDialog } from './StepDialog';
import { adminWelcome } from '#shared/copy/admin/welcome';

const t = adminWelcome;

/** /admin/velkomstserie ('Velkomstserie') inside the admin frame, which turns non-admins away. */
export default function WelcomeSeriesAdmin() {
  return (
    <AdminFrame active="welcome">
      <Series />
    </AdminFrame>
  );
}

function Series() {
  const { state, reload } = useLoad<WelcomeSeries>(
    () => call(api.admin['welcome-series'].$get()),
    'welcome-series',
    t.loadFailed,
  );
  // null: closed; { step: null }: a new one.
  const [editing, setEditing] = useState<{ step: WelcomeStep | null } | null>(null);
  const [deleting, setDeleting] = useState<WelcomeStep | null>(null);

  async function remove(step: WelcomeStep) {
    await call(api.admin['welcome-series'][':id'].$delete({ param: { id: step.id } }));
    toast({ title: t.deleted, description: step.subject });
    reload();
  }

  const add = (
    <button type="button" className="btn-primary" onClick={() => setEditing({ step: null })}>
      <Plus aria-hidden="true" className="size-5" />
      {t.add}
    </button>
  );
  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} actions={add} />
      <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
        {({ steps }) => <StepList initial={steps} onEdit={(step) => setEditing({ step })} onDelete={setDeleting} />}
      </Loadable>
      {editing && (
        <StepDialog
          step={editing.step}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        subject={deleting}
        title={t.confirmDeleteTitle}
        message={t.confirmDeleteText}
        confirmLabel={t.delete}
        destructive
        failed={{ title: t.errorTitle, message: t.failed }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

type Move = { id: string; direction: -1 | 1 };

/** IconButton's look; these take a ref, so focus can follow the step they moved. */
const MOVE_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-stone-100 hover:text-ink';

/**
 * The steps in order. Moving one up or down (buttons, so the keyboard does it) saves the new
 * order at once, keeps focus on the moved step's button and says where it went.
 */
function StepList({
  initial,
  onEdit,
  onDelete,
}: {
  initial: WelcomeSeries['steps'];
  onEdit: (step: WelcomeStep) => void;
  onDelete: (step: WelcomeStep) => void;
}) {
  const [steps, setSteps] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const [moved, setMoved] = useState<Move | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => setSteps(initial), [initial]);

  useEffect(() => {
    if (!moved) return;
    const index = steps.findIndex((s) => s.id === moved.id);
    // At the top or bottom the button it was moved with is gone; the other one takes focus.
    const atEdge = (moved.direction === -1 && index === 0) || (moved.direction === 1 && index === steps.length - 1);
    const direction = atEdge ? -moved.direction : moved.direction;
    buttons.current.get(`${moved.id}:${direction}`)?.focus();
  }, [moved, steps]);

  async function move(index: number, direction: -1 | 1) {
    const before = steps;
    const next = [...steps];
    const [step] = next.splice(index, 1);
    next.splice(index + direction, 0, step!);
    setSteps(next);
    setMoved({ id: step!.id, direction });
    try {
      await call(api.admin['welcome-series'].order.$put({ json: { ids: next.map((s) => s.id) } }));
      setAnnouncement(t.moved(step!.subject, index + direction + 1, next.length));
      toast({ title: t.reordered });
    } catch (err) {
      setSteps(before);
      toastFailure(err, { title: t.errorTitle, message: t.failed });
    }
  }

  if (steps.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 py-10 text-center">
        <Mail aria-hidden="true" className="size-8 text-brand-700" />
        <p className="text-muted">{t.empty}</p>
      </div>
    );
  }
  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };
  return (
    <>
      <ol aria-label={t.title} className="space-y-3">
        {steps.map((step, i) => (
          <li key={step.id} className="card flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4">
              <span className="inline-flex shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                {t.day(step.delayDays)}
              </span>
              <div className="min-w-0">
                <h2 className="font-bold break-words">{step.subject}</h2>
                <p className="text-sm text-muted">
                  {t.sent(step.sent)} · {t.effect(step.clicks, step.signups, step.purchases)}
                </p>
              </div>
            </div>
            <div className="flex items-center gap-1 self-end sm:self-auto">
              {i > 0 && (
                <button
                  ref={ref(`${step.id}:-1`)}
                  type="button"
                  className={MOVE_BUTTON}
                  aria-label={t.moveUp(step.subject)}
                  onClick={() => void move(i, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-5" />
                </button>
              )}
              {i < steps.length - 1 && (
                <button
                  ref={ref(`${step.id}:1`)}
                  type="button"
                  className={MOVE_BUTTON}
                  aria-label={t.moveDown(step.subject)}
                  onClick={() => void move(i, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-5" />
                </button>
              )}
              <IconButton label={t.editLabel(step.subject)} icon={Pencil} onClick={() => onEdit(step)} />
              <IconButton label={t.deleteLabel(step.subject)} icon={Trash2} onClick={() => onDelete(step)} danger />
            </div>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
