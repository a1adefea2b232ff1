import { ClipboardList, Clock, FileText, ListChecks, Sparkles, Video } from 'lucide-react';
import { lessonsPage } from '#shared/copy/guide';
import type { LessonType } from '#shared/schemas/guide';

const t = lessonsPage;
const TYPE_ICONS = { text: FileText, video: Video, interactive: ClipboardList, 'ai-prompt': Sparkles, quiz: ListChecks } as const;

/**
 * A lesson's type (icon and name), minutes and Premium badge, as items of the caller's flex row
 * (the lesson list and the lesson heading size them differently).
 */
export default function LessonMeta({
  lesson,
  iconClass,
}: {
  lesson: { type: LessonType; duration: number | null; isPremium: boolean };
  iconClass: string;
}) {
  const TypeIcon = TYPE_ICONS[lesson.type];
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <TypeIcon className={iconClass} aria-hidden="true" />
        {t.types[lesson.type]}
      </span>
      {lesson.duration != null && (
        <span className="inline-flex items-center gap-1">
          <Clock className={iconClass} aria-hidden="true" />
          {t.minutes(lesson.duration)}
        </span>
      )}
      {lesson.isPremium && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t.premiumBadge}</span>
      )}
    </>
  );
}
