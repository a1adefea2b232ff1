import type { Lesson, Module } from '#db/schema';
import type { AdminLesson, AdminModule } from '#shared/schemas/admin/content';

export type ModuleRecord = Omit<AdminModule, 'lessons' | 'learners' | 'stats'>;
export type LessonRecord = Omit<AdminLesson, 'completedBy' | 'quizStats'>;

export const toModule = (m: Module): ModuleRecord => ({
  id: m.id,
  order: m.order,
  title: m.title,
  description: m.description,
  icon: m.icon,
  color: m.color,
  isPremium: m.isPremium,
  difficulty: m.difficulty,
  ...publicationOf(m),
});

const publicationOf = (row: Module | Lesson) => ({ status: row.status, publishAt: row.publishAt?.toISOString() ?? null });

export const toLesson = (l: Lesson): LessonRecord => ({
  id: l.id,
  moduleId: l.moduleId,
  title: l.title,
  description: l.description,
  content: l.content,
  order: l.order,
  type: l.type,
  isPremium: l.isPremium,
  duration: l.duration,
  resources: l.resources,
  videoUrl: l.videoUrl,
  transcript: l.transcript,
  captionsFileId: l.captionsFileId,
  quiz: l.quiz,
  ...publicationOf(l),
});

/** The API's `publishAt` (ISO text) as the column stores it (a Date); absent stays absent. */
export const withPublishAt = <T extends { publishAt?: string | null }>({ publishAt, ...rest }: T) => ({
  ...rest,
  ...(publishAt === undefined ? {} : { publishAt: publishAt === null ? null : new Date(publishAt) }),
});
