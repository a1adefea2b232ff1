import { z } from '#shared/zod';
import { NOTE_MAX_LENGTH, SEARCH } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { multiLine, singleLine } from '#shared/schemas/common';
import type { AchievementId, AwardKind } from '#shared/gamification';
import type { DIFFICULTIES, LESSON_TYPES } from '#db/schema/enums';
import type { CertificateStatus } from '#shared/schemas/certificates';

/** Module and lesson ids: short slugs such as `mindset` or `mindset-quick-win`. */
const contentId = z.string().trim().min(1).max(120).check(singleLine());

/**
 * POST /api/guide/progress. `completedSections` are the module's completed lesson ids; a
 * lesson once completed stays completed, so ids left out are not un-completed.
 * `completionPercentage` is accepted for compatibility and ignored: the server computes it.
 */
export const progressRequestSchema = z.object({
  moduleId: contentId,
  completedSections: z
    .array(contentId)
    .max(500)
    .transform((ids) => [...new Set(ids)]),
  completionPercentage: z.number().min(0).max(100).optional(),
});
export type ProgressRequest = z.input<typeof progressRequestSchema>;

/** POST /api/guide/action: a lesson completed (Reading B) or a section completed (the tabbed reading). */
export const actionRequestSchema = z.discriminatedUnion('actionType', [
  z.object({
    actionType: z.literal('lesson_completed'),
    actionData: z.object({ lessonId: contentId }),
    moduleId: contentId,
  }),
  z.object({
    actionType: z.literal('section_completed'),
    actionData: z.object({ sectionId: contentId }),
    moduleId: contentId,
  }),
]);
export type ActionRequest = z.input<typeof actionRequestSchema>;

/** The guide's reads: `?preview=user` shows an admin the guide as a free user sees it (drafts hidden, no premium). */
export const guideReadQuerySchema = z.object({ preview: z.literal('user').optional() });

/** GET /api/guide/search?q=: words to find in module and lesson titles, descriptions and (for lessons the user may open) text. */
export const searchQuerySchema = guideReadQuerySchema.extend({
  q: z
    .string({ error: validation.searchTooShort })
    .trim()
    .min(SEARCH.minLength, { error: validation.searchTooShort })
    .max(SEARCH.maxLength, { error: validation.searchTooLong })
    .check(singleLine()),
});

/** PUT /api/guide/lessons/{id}/position: where the video stopped, in whole seconds (at most 24 hours). */
export const videoPositionSchema = z.object({ seconds: z.number().int().min(0).max(86_400) });
export type VideoPositionResponse = { seconds: number };

/**
 * PUT /api/guide/lessons/{id}/note: the learner's private note on the lesson (`body`, '' clears
 * it) and/or its bookmark. What is left out stays as it was; a note with neither text nor a
 * bookmark is removed.
 */
export const noteRequestSchema = z
  .object({
    body: z.string({ error: validation.noteTooLong }).max(NOTE_MAX_LENGTH, validation.noteTooLong).check(multiLine()),
    bookmarked: z.boolean({ error: validation.noteBookmark }),
  })
  .partial()
  .refine((n) => n.body !== undefined || n.bookmarked !== undefined, { error: validation.nothingToSave });
export type NoteRequest = z.input<typeof noteRequestSchema>;

/**
 * POST /api/guide/lessons/{id}/quiz: the chosen option ids, one list per question in the quiz's
 * order (docs/decisions/0048-quizzes.md). A count other than the quiz's questions is a 400.
 */
export const quizAttemptSchema = z.strictObject({
  answers: z.array(z.array(contentId).max(20)).min(1).max(50),
});
export type QuizAttemptRequest = z.input<typeof quizAttemptSchema>;

// ── responses ──────────────────────────────────────────────────────────────────────────────

export type LessonType = (typeof LESSON_TYPES)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A lesson as the overview lists it: metadata only. */
export type LessonSummary = {
  id: string;
  title: string;
  order: number;
  type: LessonType;
  isPremium: boolean;
  duration: number | null;
  /** Premium content this user cannot open. */
  isLocked: boolean;
  completed: boolean;
};

/** A module's own fields, as stored: what an admin edits and the guide shows. */
export type ModuleFields = {
  id: string;
  order: number;
  title: string;
  description: string;
  icon: string | null;
  color: string | null;
  isPremium: boolean;
  /** The admin's choice, never the module's position. */
  difficulty: Difficulty;
};

export type ModuleSummary = ModuleFields & {
  /** Premium module and this user has no premium access: the card leads to /premium. */
  isPremiumRequired: boolean;
  /** First module, the previous module complete, or already started (never a premium module without premium); admins: all. */
  unlocked: boolean;
  /** Completed once (stays so when more lessons become available, e.g. after an upgrade): counts as finished and opens the next module. */
  completed: boolean;
  /** Completed share of the lessons available to this user, 0–100. */
  progress: number;
  lessonCount: number;
  /** Minutes: the sum of its lessons' durations (a lesson without one adds nothing). */
  duration: number;
  availableLessonCount: number;
  completedCount: number;
  lessons: LessonSummary[];
};
/** Where "Fortsett der du slapp" leads: the first lesson, in course order, the user may open and has not done. */
export type NextLesson = { moduleId: string; moduleOrder: number; moduleTitle: string; lessonId: string; lessonTitle: string };
export type ModulesResponse = {
  modules: ModuleSummary[];
  /** Null when every lesson the user may open is done. */
  next: NextLesson | null;
  /** Every module open to the user is completed: GET /api/guide/certificate answers with the PDF. */
  certificateReady: boolean;
  /** The certificate once issued (its first download or publication), with whether its page is public. */
  certificate: CertificateStatus | null;
};

/** A lesson's own fields, as stored, without its content: what an admin edits and the guide lists. */
export type LessonFields = {
  id: string;
  moduleId: string;
  title: string;
  description: string;
  order: number;
  type: LessonType;
  isPremium: boolean;
  duration: number | null;
};
type LessonBase = LessonFields & { completed: boolean };

/** A quiz as the learner sees it before answering: no `correct` marks and no explanations. */
export type QuizView = {
  passMark: number;
  questions: { id: string; text: string; multiple: boolean; options: { id: string; text: string }[] }[];
  /** The learner's latest attempt (null before the first) and whether any attempt passed. */
  last: { score: number; total: number; passed: boolean } | null;
  passed: boolean;
};
/** A lesson on the module page: content only when this user may read it, never otherwise. */
export type LessonView =
  | (LessonBase & {
      isLocked: false;
      /** The lesson's Markdown rendered and sanitized on the server ('' when it has none). */
      html: string;
      /** A link out (`url`, only http(s), mailto or a path here), or an uploaded file's download link (`href`, signed, valid a few minutes). */
      resources: { title: string; url?: string; href?: string }[];
      /** Only for a lesson this user may open: a premium video's address is premium content. */
      videoUrl: string | null;
      /** The captions/transcript, rendered like `html`. */
      transcriptHtml: string;
      /** An own video's WebVTT captions: a signed /api/files link for its <track> (valid a few minutes), or null. */
      captionsHref: string | null;
      /** Where this user stopped in the video, in seconds (0 when never started). */
      videoPosition: number;
      /** This user's private note and bookmark ('' and false when none). */
      note: { body: string; bookmarked: boolean };
      /** A quiz lesson's questions (null for other types). */
      quiz: QuizView | null;
    })
  | (LessonBase & { isLocked: true });

/**
 * The lesson before the module's first or after its last, in the module before or after
 * (`lessonId` null: that module has no lesson yet). `locked` says why it cannot be opened now;
 * only its title is sent, never its content.
 */
export type NeighbourLesson = {
  moduleId: string;
  moduleTitle: string;
  lessonId: string | null;
  lessonTitle: string | null;
  locked: 'premium' | 'module' | null;
};

export type ModuleDetail = Omit<ModuleSummary, 'lessons'> & {
  completedSections: string[];
  lessons: LessonView[];
  neighbours: { previous: NeighbourLesson | null; next: NeighbourLesson | null };
};
export type ModuleResponse = { module: ModuleDetail };

export type ProgressEntry = { moduleId: string; completedSections: string[]; completionPercentage: number };
export type ProgressListResponse = { progress: ProgressEntry[] };

/** XP given by one request (only what is new: a repeat awards nothing). */
export type Award = { kind: AwardKind; points: number; achievementId?: AchievementId };
export type ProgressResponse = { progress: ProgressEntry; awarded: Award[] };

/**
 * A graded quiz attempt: `score` questions right of `total`, passed at `passMark` percent; per
 * question whether it was right and why the right answer is right. A pass completes the lesson,
 * so the answer carries the module's progress and the XP awarded, as POST /api/guide/progress does.
 */
export type QuizAttemptResponse = ProgressResponse & {
  passed: boolean;
  score: number;
  total: number;
  passMark: number;
  results: { questionId: string; correct: boolean; explanation: string }[];
};

export type StreakResponse = {
  /** Days in a row up to today or yesterday (Oslo time); 0 once a day has been missed. */
  currentStreak: number;
  longestStreak: number;
  xp: number;
  achievements: { id: AchievementId; unlockedAt: string }[];
};
export type StreakUpdateResponse = StreakResponse & { awarded: Award[] };

export type ActionResponse = { recorded: true };

/** One search hit: a module (`lessonId` null) or a lesson. A locked one's snippet comes from its title or description only. */
export type SearchResult = {
  moduleId: string;
  moduleTitle: string;
  lessonId: string | null;
  title: string;
  snippet: string;
  locked: boolean;
};
export type SearchResponse = { results: SearchResult[] };

/** A learner's note on a lesson; `updatedAt` ISO. */
export type LessonNote = { lessonId: string; body: string; bookmarked: boolean; updatedAt: string };
export type NoteResponse = { note: LessonNote };
/** GET /api/guide/notes: the learner's notes and bookmarks, newest first, with where they belong (for links). */
export type NotesResponse = {
  notes: (LessonNote & { lessonTitle: string; moduleId: string; moduleTitle: string })[];
};
