import { questions as t } from '#shared/copy/guide/questions';
import type { Answer } from '#shared/schemas/questions';

/** A post as read from the database, with its author's first name. */
export type PostRow = {
  id: string;
  questionId: string | null;
  body: string;
  createdAt: number;
  authorId: string;
  official: number;
  firstName: string | null;
};

/** Columns of `PostRow` for a post `p` joined with its author `u`. */
export const POST_COLUMNS = `p.id AS id, p.question_id AS questionId, p.body AS body, p.created_at AS createdAt,
  p.author_id AS authorId, p.official AS official, u.first_name AS firstName`;

/**
 * A post as learners see it: an admin's answer speaks for Soloprenør (never the admin's own name);
 * anyone else by first name, or "Deltaker" without one. Nothing else about the author leaves the server.
 */
export const toAnswer = (row: PostRow, viewerId: string): Answer => ({
  id: row.id,
  author: { name: row.official ? t.official : row.firstName?.trim() || t.anonymous },
  body: row.body,
  createdAt: new Date(row.createdAt).toISOString(),
  official: Boolean(row.official),
  mine: row.authorId === viewerId,
});
