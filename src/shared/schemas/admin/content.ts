/** Contracts of the content manager's API (/api/admin/content/*): modules and lessons as the admin edits them. */
import { CONTENT_STATUSES, DIFFICULTIES, LESSON_TYPES } from '#db/schema/enums';
import { adminContent, contentValidation as v } from '#shared/copy/admin/content';
import { validation } from '#shared/copy/validation';
import { videoSource } from '#shared/video';
import { z } from '#shared/zod';
import { multiLine, singleLine } from '#shared/schemas/common';
import type { LessonFields, ModuleFields } from '#shared/schemas/guide';

/** The gradients a module card may have (the guide draws them); the first is a new module's. */
export const MODULE_COLORS = Object.keys(adminContent.colors) as [
  keyof typeof adminContent.colors,
  ...(keyof typeof adminContent.colors)[],
];

/**
 * A new module's defaults besides its order (count + 1) and id (from the title); tests/e2e/admin-content.spec.ts creates one
 * and reads them back.
 */
export const MODULE_DEFAULTS = { icon: '📚', color: MODULE_COLORS[0], isPremium: false, difficulty: 'beginner' } as const;

/** Ids appear in addresses (/guide/lessons/{id}): lower-case letters, digits and single hyphens. */
const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const idSchema = (max: number) => z.string({ error: v.idInvalid }).trim().max(max, v.idInvalid).regex(ID_PATTERN, v.idInvalid);

const title = z.string({ error: v.titleRequired }).trim().min(1, v.titleRequired).max(120, v.titleTooLong).check(singleLine());
const description = z.string({ error: v.descriptionTooLong }).trim().max(2000, v.descriptionTooLong).check(multiLine());
const order = z.number({ error: v.orderInteger }).int(v.orderInteger).min(1, v.orderMin).max(999, v.orderMax);
const flag = z.boolean({ error: v.booleanRequired });
const difficulty = z.enum(DIFFICULTIES, { error: v.difficultyUnknown });
/** An emoji (a few code units, e.g. 👩‍💻) or nothing. */
const icon = z
  .string({ error: v.iconTooLong })
  .trim()
  .max(16, v.iconTooLong)
  .check(singleLine())
  .nullable()
  .transform((s) => s || null);
const color = z.enum(MODULE_COLORS, { error: v.colorUnknown }).nullable();
const status = z.enum(CONTENT_STATUSES, { error: v.statusUnknown });
/** When a published row appears to learners: an ISO instant (the admin enters Oslo time, the form sends UTC), or null for at once. */
const publishAt = z.iso.datetime({ offset: true, error: v.publishAtInvalid }).nullable();
/** Drafts and scheduling (docs/decisions/0023-lessons-video-files-drafts.md): a new module or lesson starts as a draft. */
const publication = { status: status.default('draft'), publishAt: publishAt.default(null) };

export const moduleCreateSchema = z.strictObject({
  /** Defaults to the title as a slug (see slugify); the form suggests a free one. */
  id: idSchema(60).optional(),
  title,
  description: description.default(''),
  icon: icon.default(MODULE_DEFAULTS.icon),
  color: color.default(MODULE_DEFAULTS.color),
  /** Defaults to the number of modules + 1. */
  order: order.optional(),
  isPremium: flag.default(MODULE_DEFAULTS.isPremium),
  difficulty: difficulty.default(MODULE_DEFAULTS.difficulty),
  ...publication,
});

const nonEmpty = (patch: object) => Object.keys(patch).length > 0;

/** PATCH: any of a module's fields (its id is fixed: it is in learners' links and progress). */
export const modulePatchSchema = z
  .strictObject({ title, description, icon, color, order, isPremium: flag, difficulty, status, publishAt })
  .partial()
  .refine(nonEmpty, { error: validation.nothingToSave });
export type ModulePatch = z.input<typeof modulePatchSchema>;

const resourceSchema = z
  .strictObject({
    title: z
      .string({ error: v.resourceTitleRequired })
      .trim()
      .min(1, v.resourceTitleRequired)
      .max(120, v.titleTooLong)
      .check(singleLine()),
    url: z
      .string({ error: v.resourceUrlInvalid })
      .trim()
      .max(500, v.resourceUrlInvalid)
      .check(singleLine())
      .refine((s) => s === '' || (/^https?:\/\//i.test(s) && URL.canParse(s)), v.resourceUrlInvalid)
      .optional()
      .transform((s) => s || undefined),
    /** An uploaded file (POST /api/admin/files); the guide links it through /api/files/{id}. */
    fileId: z
      .string({ error: v.resourceFileInvalid })
      .refine((s) => s === '' || /^[a-z0-9]{10,40}$/.test(s), v.resourceFileInvalid)
      .optional(),
  })
  .transform(({ fileId, url, title }) => (fileId ? { title, fileId } : { title, url }));
export type LessonResourceInput = z.input<typeof resourceSchema>;

/** Question and option ids: short, stable within their quiz (the statistics count by question id). */
const quizId = z.string({ error: v.quizIdInvalid }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, v.quizIdInvalid);
const hasDuplicates = (ids: string[]) => new Set(ids).size !== ids.length;

const quizOptionSchema = z.strictObject({
  id: quizId,
  text: z
    .string({ error: v.optionTextRequired })
    .trim()
    .min(1, v.optionTextRequired)
    .max(300, v.optionTextTooLong)
    .check(multiLine()),
  correct: flag,
});

const quizQuestionSchema = z
  .strictObject({
    id: quizId,
    text: z
      .string({ error: v.questionTextRequired })
      .trim()
      .min(1, v.questionTextRequired)
      .max(500, v.questionTextTooLong)
      .check(multiLine()),
    multiple: flag,
    options: z.array(quizOptionSchema, { error: v.tooFewOptions }).min(2, v.tooFewOptions).max(10, v.tooManyOptions),
    explanation: z
      .string({ error: v.explanationRequired })
      .trim()
      .min(1, v.explanationRequired)
      .max(1000, v.explanationTooLong)
      .check(multiLine()),
  })
  .superRefine((q, ctx) => {
    const correct = q.options.filter((o) => o.correct).length;
    if (correct === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: v.noCorrectOption });
    else if (!q.multiple && correct > 1) ctx.addIssue({ code: 'custom', path: ['options'], message: v.singleOneCorrect });
    if (hasDuplicates(q.options.map((o) => o.id))) ctx.addIssue({ code: 'custom', path: ['options'], message: v.quizIdTaken });
  });

/**
 * A quiz lesson's questions (docs/decisions/0048-quizzes.md): a pass mark in percent, at least one
 * question, each with two options or more, at least one of them right (exactly one when the question
 * takes a single answer), and an explanation shown after the attempt.
 */
export const quizSchema = z
  .strictObject({
    passMark: z.number({ error: v.passMarkInvalid }).int(v.passMarkInvalid).min(1, v.passMarkInvalid).max(100, v.passMarkInvalid),
    questions: z
      .array(quizQuestionSchema, { error: v.quizNoQuestions })
      .min(1, v.quizNoQuestions)
      .max(30, v.quizTooManyQuestions),
  })
  .superRefine((quiz, ctx) => {
    if (hasDuplicates(quiz.questions.map((q) => q.id)))
      ctx.addIssue({ code: 'custom', path: ['questions'], message: v.quizIdTaken });
  });
export type QuizInput = z.input<typeof quizSchema>;

const lessonFields = {
  title,
  description,
  content: z.string({ error: v.contentTooLong }).max(50_000, v.contentTooLong).check(multiLine()),
  order,
  type: z.enum(LESSON_TYPES, { error: v.typeUnknown }),
  isPremium: flag,
  duration: z
    .number({ error: v.durationInteger })
    .int(v.durationInteger)
    .min(1, v.durationMin)
    .max(600, v.durationMax)
    .nullable(),
  resources: z.array(resourceSchema, { error: v.resourceTitleRequired }).max(20, v.resourcesTooMany),
  videoUrl: z
    .string({ error: v.videoUrlInvalid })
    .trim()
    .max(500, v.videoUrlInvalid)
    .check(singleLine())
    .refine((s) => s === '' || videoSource(s) !== null, v.videoUrlInvalid)
    .nullable()
    .transform((s) => s || null),
  transcript: z.string({ error: v.transcriptTooLong }).max(100_000, v.transcriptTooLong).check(multiLine()),
  /** An own video's WebVTT captions, uploaded through POST /api/admin/files (docs/decisions/0050-captions.md); '' or null for none. */
  captionsFileId: z
    .string({ error: v.captionsFileInvalid })
    .refine((s) => s === '' || /^[a-z0-9]{10,40}$/.test(s), v.captionsFileInvalid)
    .nullable()
    .transform((s) => s || null),
  /** A `quiz` lesson's questions; null for the other types. */
  quiz: quizSchema.nullable(),
  status,
  publishAt,
};

/** A quiz lesson needs its questions (when the request sets the type to quiz, it must carry them or keep them null-free). */
const quizWithType = (l: { type?: string; quiz?: unknown }, ctx: z.RefinementCtx) => {
  if (l.type === 'quiz' && l.quiz === null) ctx.addIssue({ code: 'custom', path: ['quiz'], message: v.quizRequired });
};

export const lessonCreateSchema = z
  .strictObject({
    moduleId: z.string({ error: v.moduleNotFound }).min(1, v.moduleNotFound).max(60, v.moduleNotFound).check(singleLine()),
    /** Defaults to '{moduleId}-lesson-{timestamp}'. */
    id: idSchema(100).optional(),
    title: lessonFields.title,
    description: lessonFields.description.default(''),
    content: lessonFields.content.default(''),
    /** Defaults to the module's lesson count + 1. */
    order: lessonFields.order.optional(),
    type: lessonFields.type.default('text'),
    /** Defaults to the module's own premium flag. */
    isPremium: lessonFields.isPremium.optional(),
    duration: lessonFields.duration.default(null),
    resources: lessonFields.resources.default([]),
    videoUrl: lessonFields.videoUrl.default(null),
    transcript: lessonFields.transcript.default(''),
    captionsFileId: lessonFields.captionsFileId.default(null),
    quiz: lessonFields.quiz.default(null),
    ...publication,
  })
  .superRefine(quizWithType);

/** POST /api/admin/content/preview: lesson Markdown as the guide will show it, rendered by the server's one renderer. */
export const markdownPreviewSchema = z.strictObject({ markdown: lessonFields.content });
export type MarkdownPreviewResponse = { html: string };

/** PUT /api/admin/content/order: the modules, or one module's lessons, in their new order (1, 2, 3 …). */
export const reorderSchema = z.union(
  [
    z.strictObject({
      modules: z.array(z.string().min(1).max(60).check(singleLine()), { error: v.reorderInvalid }).min(1).max(200),
    }),
    z.strictObject({
      moduleId: z.string({ error: v.moduleNotFound }).min(1).max(60).check(singleLine()),
      lessons: z.array(z.string().min(1).max(100).check(singleLine()), { error: v.reorderInvalid }).min(1).max(500),
    }),
  ],
  { error: v.reorderInvalid },
);
export type ReorderRequest = z.input<typeof reorderSchema>;

export const lessonPatchSchema = z
  .strictObject(lessonFields)
  .partial()
  .refine(nonEmpty, { error: validation.nothingToSave })
  .superRefine(quizWithType);

/** A lesson as the admin sees it, with how many learners have completed it. */
export type AdminLesson = LessonFields &
  Publication & {
    content: string;
    resources: { title: string; url?: string; fileId?: string }[];
    videoUrl: string | null;
    transcript: string;
    /** The video's WebVTT captions file, or null. */
    captionsFileId: string | null;
    quiz: z.output<typeof quizSchema> | null;
    /** Per quiz question: learners' first attempts, and how many of them got it wrong. */
    quizStats: QuizQuestionStats[];
    completedBy: number;
  };
export type QuizQuestionStats = { questionId: string; firstAnswers: number; firstWrong: number };

/** A draft is seen by admins only; a published row from `publishAt` (ISO, UTC) when set. */
export type Publication = { status: (typeof CONTENT_STATUSES)[number]; publishAt: string | null };

/**
 * A module's statistics from real progress. A learner has completed at least one of its lessons;
 * progress counts the lessons available to them (all for premium users, the free ones otherwise).
 */
export type ModuleStats = {
  learners: number;
  /** Learners at 100 %. */
  completed: number;
  /** completed / learners, in whole percent. */
  completionRate: number;
  /** Mean progress of the learners, in whole percent. */
  averageProgress: number;
  /** Learners who completed one of its lessons within the last 7 days. */
  activeLearners: number;
};

export type AdminModule = ModuleFields &
  Publication & {
    lessons: AdminLesson[];
    /** Learners who have completed any of its lessons, now (a deletion takes their progress in it). */
    learners: number;
    /** As of the statistics job's last full pass. */
    stats: ModuleStats;
  };

/** GET /api/admin/content/modules: every module by order, with its lessons by order. */
export type AdminModulesResponse = { modules: AdminModule[] };

/** POST /api/admin/files: an uploaded file, for a resource's `fileId`. */
export type UploadedFile = { id: string; name: string; size: number; contentType: string };
