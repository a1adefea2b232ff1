import { Eye } from 'lucide-react';
import { nb } from '#shared/copy/nb';
import { isPreview } from '#browser/stores/guide';

/** Tells an admin in "Forhåndsvis som bruker" that they see the guide as a free user (no drafts, no premium). */
export default function PreviewBanner() {
  if (!isPreview()) return null;
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-2xl border border-sky-300 bg-sky-50 p-4 text-sm font-medium text-sky-900"
    >
      <Eye className="size-5 shrink-0" aria-hidden="true" />
      {nb.guide.previewBanner}
    </p>
  );
}

/** A guide address that keeps the preview on. */
export const inPreview = (path: string) => (isPreview() ? `${path}${path.includes('?') ? '&' : '?'}preview=user` : path);
