import type { Lesson, Module } from '#db/schema';
import type { AdminLesson, AdminModule } from '#shared/schemas/admin-content';
import { AppError } from '#worker/http/errors';

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

/** Which constraint SQLite refused `err` (or what it wraps) with: a duplicate key, a missing required value, or none. */
function refusedConstraint(err: unknown): 'unique' | 'not-null' | null {
  for (let e = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('SQLITE_CONSTRAINT')) continue;
    if (/UNIQUE constraint|PRIMARYKEY|_UNIQUE$/.test(`${e.message} ${code}`)) return 'unique';
    if (/NOT NULL constraint|_NOTNULL$/.test(`${e.message} ${code}`)) return 'not-null';
  }
  return null;
}

/** Runs a write whose chosen id may already be taken; a duplicate becomes a 409 with `message`. */
export async function withFreeId<T>(write: () => Promise<T>, message: string, onMissing?: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const refused = refusedConstraint(err);
    if (refused === 'unique') throw new AppError('conflict', 409, message);
    if (refused === 'not-null' && onMissing) throw onMissing();
    throw err;
  }
}
