/*
 * Drafts and scheduled content (docs/decisions/0023-lessons-video-files-drafts.md): learners see a
 * module or lesson only once it is published and its `publishAt`, if any, has passed. Kept apart
 * from the unlock rules in rules.ts: `available` asks this as one more condition, so a draft lesson
 * counts nowhere (progress, completion, unlocks) and a draft module has nothing to complete, so it
 * never holds back the module after it.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Who is asking, as far as publication cares. */
export type PublicationViewer = {
  /** Admins see drafts, except when they preview the guide as a user. */
  seesDrafts: boolean;
  /** The request's clock, epoch ms: scheduled content appears when it passes. */
  now: number;
};

const col = (alias: string, column: string) => sql.raw(`"${alias}"."${column}"`);

/** Row `alias` (a module or a lesson) is visible to the viewer. */
export const published = (v: PublicationViewer, alias: string): SQL =>
  v.seesDrafts
    ? sql.raw('1')
    : sql`(${col(alias, 'status')} = 'published' AND (${col(alias, 'publish_at')} IS NULL OR ${col(alias, 'publish_at')} <= ${v.now}))`;
