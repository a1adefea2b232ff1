import { atom } from 'nanostores';
import { GUIDE_REFRESH_MS } from '#shared/constants';
import { guide, lessonsPage } from '#shared/copy/guide';
import type {
  ActionRequest,
  ModuleDetail,
  ModuleResponse,
  ModulesResponse,
  LessonNote,
  NoteRequest,
  NoteResponse,
  ProgressEntry,
  ProgressRequest,
  ProgressResponse,
  StreakResponse,
} from '#shared/schemas/guide';
import { api, call, errorMessage } from '#browser/api';
import { createFetcherStore, createMutatorStore } from './query';
import { toast } from './toast';

const MODULES = 'guide/modules';

/** An admin's "Forhåndsvis som bruker" (`?preview=user` on the page): the guide's reads ask for what a free user sees. */
export const isPreview = () =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('preview') === 'user';
const previewQuery = () => (isPreview() ? { preview: 'user' as const } : {});
const STREAK = 'guide/streak';
const MODULE = 'guide/module/';

/** The overview's modules, refreshed every 60 s while the page is open. */
export const $modules = createFetcherStore<ModulesResponse>(MODULES, {
  fetcher: () => call(api.guide.modules.$get({ query: previewQuery() })),
  revalidateInterval: GUIDE_REFRESH_MS,
});

/**
 * Set once today's visit is recorded. The streak is read only after that, so it never
 * shows the count from before today's visit.
 */
const $visitRecorded = atom<true | null>(null);

/**
 * The visit's answer is the streak after it (docs/decisions/0045-speed.md): the first read
 * takes it instead of asking again, so entering /guide is one call to /api/guide/streak, not two.
 */
let visitAnswer: StreakResponse | undefined;

/** Streak, XP and achievements, refreshed every 60 s. */
export const $streak = createFetcherStore<StreakResponse>([STREAK, $visitRecorded], {
  fetcher: () => {
    const answer = visitAnswer;
    visitAnswer = undefined;
    return answer ? Promise.resolve(answer) : call(api.guide.streak.$get());
  },
  revalidateInterval: GUIDE_REFRESH_MS,
});

/** Entering /guide counts today's visit (streak, daily XP; docs/decisions/0011-guide.md); a failure is only logged. */
export async function recordVisit(): Promise<void> {
  try {
    visitAnswer = await call(api.guide.streak.$post());
  } catch (err) {
    console.error(guide.streakFailed, err);
  } finally {
    $visitRecorded.set(true);
  }
}

/** The module page's module id (from the address); null until the visitor is known to be signed in. */
export const $moduleId = atom<string | null>(null);

export const $module = createFetcherStore<ModuleResponse>([MODULE, $moduleId], {
  // The typed client puts the param into the path as it is; ids from admins may hold any character.
  fetcher: (_prefix, id) =>
    call(api.guide.modules[':id'].$get({ param: { id: encodeURIComponent(String(id)) }, query: previewQuery() })),
});

/** The module with a progress answer applied, so the page shows it before the refetch lands. */
export function withProgress({ module }: ModuleResponse, progress: ProgressEntry): ModuleResponse {
  const done = new Set(progress.completedSections);
  const lessons = module.lessons.map((l) => ({ ...l, completed: done.has(l.id) }));
  const updated: ModuleDetail = {
    ...module,
    lessons,
    completedSections: progress.completedSections,
    progress: progress.completionPercentage,
    completedCount: lessons.filter((l) => l.completed && !l.isLocked).length,
  };
  return { module: updated };
}

/** Saves a module's completed lessons; on success the module and the overview are refreshed. */
export const $saveProgress = createMutatorStore<ProgressRequest, ProgressResponse>(
  async ({ data, getCacheUpdater, revalidate }) => {
    const result = await call(api.guide.progress.$post({ json: data }));
    const [update, cached] = getCacheUpdater<ModuleResponse>(MODULE + data.moduleId);
    if (cached) update(withProgress(cached, result.progress));
    revalidate(MODULES);
    return result;
  },
  {
    throttleCalls: true,
    onError: (err) =>
      toast({
        title: lessonsPage.saveFailedTitle,
        description: errorMessage(err, lessonsPage.saveFailed),
        variant: 'destructive',
      }),
  },
);

/**
 * Saves a lesson's note and/or bookmark (PUT /api/guide/lessons/{id}/note). The module page's
 * copy of the lesson takes the answer, so the note is there when the learner comes back to it.
 */
export async function saveNote(lessonId: string, json: NoteRequest): Promise<NoteResponse> {
  const result = await call(api.guide.lessons[':id'].note.$put({ param: { id: encodeURIComponent(lessonId) }, json }));
  const cached = $module.get().data;
  if (cached) $module.mutate(withNote(cached, result.note));
  return result;
}

function withNote({ module }: ModuleResponse, { lessonId, body, bookmarked }: LessonNote): ModuleResponse {
  const lessons = module.lessons.map((l) => (l.id === lessonId && !l.isLocked ? { ...l, note: { body, bookmarked } } : l));
  return { module: { ...module, lessons } };
}

/** Records a lesson or section as done (POST /api/guide/action); the answer is not needed, a failure is only logged. */
export function recordAction(action: ActionRequest): void {
  call(api.guide.action.$post({ json: action })).catch((err) => console.error('Guide action failed', err));
}
