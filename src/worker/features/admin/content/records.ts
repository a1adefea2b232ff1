import type { Lesson, Module } from '#db/schema';
import type { AdminLesson, AdminModule } from '#shared/schemas/admin-content';

export type ModuleRecord = Omit<AdminModule, 'lessons' | 'stats'>;
export type LessonRecord = Omit<AdminLesson, 'completedBy'>;

export const toModule = (m: Module): ModuleRecord => ({
  id: m.id,
  order: m.order,
  title: m.title,
  description: m.description,
  icon: m.icon,
  color: m.color,
  isPremium: m.isPremium,
});

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
});
