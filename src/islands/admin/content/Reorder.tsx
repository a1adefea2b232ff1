import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useState, type DragEvent } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import { $adminModules } from '#browser/stores/admin/content';
import { toast } from '#browser/stores/toast';

const t = adminContent;

type Item = { id: string; title: string };

/**
 * Reordering a list by drag and drop and by keyboard
 * (docs/decisions/0023-lessons-video-files-drafts.md): every move saves the whole new order in one
 * request (PUT /api/admin/content/order) and is announced in a live region. The list shows the new
 * order at once; a failed save puts the old one back and says so.
 */
export function useReorder<T extends Item>(items: T[], save: (ids: string[]) => Promise<unknown>) {
  const [pending, setPending] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  // A fresh list from the server is the truth again.
  useEffect(() => setPending(null), [items]);

  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = pending?.length === items.length ? pending.flatMap((id) => byId.get(id) ?? []) : items;
  const ids = ordered.map((item) => item.id);

  async function commit(next: string[], moved: T) {
    setPending(next);
    setAnnouncement(t.moved(moved.title, next.indexOf(moved.id) + 1, next.length));
    try {
      await save(next);
      $adminModules.revalidate();
    } catch {
      setPending(null);
      setAnnouncement(t.reorderFailed);
      toast({ title: t.saveFailedTitle, description: t.reorderFailed, variant: 'destructive' });
    }
  }

  function moveTo(item: T, to: number) {
    const from = ids.indexOf(item.id);
    if (from === to || to < 0 || to >= ids.length) return;
    const next = ids.filter((id) => id !== item.id);
    next.splice(to, 0, item.id);
    void commit(next, item);
  }

  const dragProps = (item: T) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      setDragging(item.id);
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', item.title);
    },
    onDragOver: (e: DragEvent) => {
      if (dragging) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const moved = dragging ? byId.get(dragging) : undefined;
      if (moved) moveTo(moved, ids.indexOf(item.id));
      setDragging(null);
    },
    onDragEnd: () => setDragging(null),
  });

  return {
    ordered,
    announcement,
    dragging,
    dragProps,
    move: (item: T, delta: number) => moveTo(item, ids.indexOf(item.id) + delta),
  };
}

/**
 * Move up and move down, for the keyboard and screen readers. At the ends the button stays
 * focusable (aria-disabled), so focus is never lost from under the admin's fingers.
 */
export function MoveButtons({
  title,
  index,
  count,
  onMove,
}: {
  title: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
}) {
  const button = (delta: number, label: string, Icon: typeof ArrowUp, edge: boolean) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={edge}
      onClick={() => !edge && onMove(delta)}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-stone-100 hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
  return (
    <span className="flex shrink-0">
      {button(-1, t.moveUp(title), ArrowUp, index === 0)}
      {button(1, t.moveDown(title), ArrowDown, index === count - 1)}
    </span>
  );
}

/** The drag handle: a visual cue only (the row itself is draggable); keyboard users have MoveButtons. */
export function DragHandle() {
  return <GripVertical aria-hidden="true" className="size-5 shrink-0 cursor-grab text-stone-400" />;
}

/** Where moves are announced. */
export function ReorderAnnouncer({ text }: { text: string }) {
  return (
    <p className="sr-only" role="status" aria-live="polite">
      {text}
    </p>
  );
}
