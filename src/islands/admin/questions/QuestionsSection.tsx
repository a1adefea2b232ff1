import { useState } from 'react';
import { adminQuestions as t } from '#shared/copy/admin/questions';
import { QUESTION_STATUSES, type AdminPost, type AdminQuestionList, type QuestionStatus } from '#shared/schemas/admin/questions';
import { api, call } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loadable, useLoad } from '../../ui/Loadable';
import { Tabs } from '../../ui/Tabs';
import { SectionHeader } from '../SectionHeader';
import { QuestionCard } from './QuestionCard';

const admin = () => api.admin.questions;

/** What the admin does to a post or its author, as the cards ask for it. */
export type PostAction =
  | { kind: 'answer'; questionId: string; body: string }
  | { kind: 'hide'; post: AdminPost; hidden: boolean }
  | { kind: 'dismiss'; post: AdminPost }
  | { kind: 'block'; post: AdminPost; blocked: boolean };

/**
 * "Spørsmål": learners' questions under the lessons. Unanswered first (oldest first), reported
 * posts, or everything; each thread with answer, hide, delete, dismiss reports and blocking its writers.
 */
export default function QuestionsSection() {
  const [status, setStatus] = useState<QuestionStatus>('unanswered');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminPost | null>(null);
  const { state, reload } = useLoad<AdminQuestionList>(
    () => call(admin().$get({ query: { status, page: String(page) } })),
    `${status}:${page}`,
    t.loadFailed,
  );

  async function act(action: PostAction) {
    switch (action.kind) {
      case 'answer':
        await call(admin()[':id'].answers.$post({ param: { id: action.questionId }, json: { body: action.body } }));
        toast({ title: t.answered });
        break;
      case 'hide':
        await call(admin().posts[':id'].hidden.$put({ param: { id: action.post.id }, json: { hidden: action.hidden } }));
        toast({ title: action.hidden ? t.hiddenDone : t.shownDone });
        break;
      case 'dismiss':
        await call(admin().posts[':id'].reports.$delete({ param: { id: action.post.id } }));
        toast({ title: t.dismissed });
        break;
      case 'block':
        await call(
          admin().authors[':id'].blocked.$put({ param: { id: action.post.author.id }, json: { blocked: action.blocked } }),
        );
        toast({ title: action.blocked ? t.blockedDone : t.unblockedDone });
        break;
    }
    reload();
  }

  async function remove(post: AdminPost) {
    await call(admin().posts[':id'].$delete({ param: { id: post.id } }));
    toast({ title: t.deleted });
    reload();
  }

  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <Tabs
        label={t.statusLabel}
        tabs={QUESTION_STATUSES.map((id) => ({ id, label: t.statuses[id] }))}
        active={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      >
        <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
          {(list) =>
            list.questions.length === 0 ? (
              <p className="card text-muted">{t.empty[status]}</p>
            ) : (
              <>
                <ul className="space-y-4">
                  {list.questions.map((q) => (
                    <QuestionCard key={q.id} question={q} onAction={act} onDelete={setDeleting} />
                  ))}
                </ul>
                {(list.hasMore || page > 1) && (
                  <div className="mt-4 flex gap-2">
                    {page > 1 && (
                      <button type="button" className="btn-secondary" onClick={() => setPage((p) => p - 1)}>
                        {t.previous}
                      </button>
                    )}
                    {list.hasMore && (
                      <button type="button" className="btn-secondary" onClick={() => setPage((p) => p + 1)}>
                        {t.more}
                      </button>
                    )}
                  </div>
                )}
              </>
            )
          }
        </Loadable>
      </Tabs>
      <ConfirmDialog
        subject={deleting}
        title={t.delete}
        message={t.deleteConfirm}
        confirmLabel={t.delete}
        destructive
        failed={{ title: t.actionFailed, message: t.actionFailed }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
