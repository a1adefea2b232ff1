/** Contracts of the admin's inbox of questions (/api/admin/questions). */
import { z } from '#shared/zod';

export const QUESTION_STATUSES = ['unanswered', 'reported', 'all'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const ADMIN_QUESTIONS_PAGE_SIZE = 20;

/** GET /api/admin/questions: which questions (unanswered oldest first; reported and all newest first), and the page. */
export const adminQuestionListQuerySchema = z.object({
  status: z.enum(QUESTION_STATUSES).default('unanswered'),
  page: z.coerce.number().int().min(1).max(500).default(1),
});
export type AdminQuestionListQuery = z.output<typeof adminQuestionListQuerySchema>;

/** PUT /api/admin/questions/posts/{id}/hidden. */
export const postHiddenSchema = z.strictObject({ hidden: z.boolean() });
/** PUT /api/admin/questions/authors/{userId}/blocked. */
export const authorBlockedSchema = z.strictObject({ blocked: z.boolean() });

export type AdminPost = {
  id: string;
  author: { id: string; name: string; email: string; blocked: boolean };
  body: string;
  createdAt: string;
  official: boolean;
  hidden: boolean;
  reports: number;
};
export type AdminQuestion = AdminPost & {
  lesson: { id: string; moduleId: string; title: string };
  answered: boolean;
  answers: AdminPost[];
};
export type AdminQuestionList = { questions: AdminQuestion[]; page: number; hasMore: boolean };
export type PostHiddenResponse = { post: { id: string; hidden: boolean } };
export type PostDeletedResponse = { deleted: true };
export type ReportsDismissedResponse = { dismissed: number };
export type AuthorBlockedResponse = { userId: string; blocked: boolean };
