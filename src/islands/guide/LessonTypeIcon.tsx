import { ClipboardList, FileText, Sparkles, Video, type LucideProps } from 'lucide-react';
import type { LessonType } from '#shared/schemas/guide';

const ICONS = { text: FileText, video: Video, interactive: ClipboardList, 'ai-prompt': Sparkles } as const;

/** The icon of a lesson type (decorative: the type's name is always written beside it). */
export default function LessonTypeIcon({ type, ...props }: { type: LessonType } & LucideProps) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" {...props} />;
}
