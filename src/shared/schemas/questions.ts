/** Contracts of questions and answers under lessons (/api/guide/lessons/{id}/questions, /api/guide/questions, /api/guide/posts). */
import { QUESTIONS } from '#shared/constants';
import { questions as t } from '#shared/copy/guide/questions';
import { z } from '#shared/zod';
import { multiLine, singleLine } from '#shared/schemas/common';

/** A question or an answer: plain text with line breaks (links are shown as links by the browser; no HTML). */
export const postBodySchema = z.object({
  body: z
    .string({ error: t.notText })
    .trim()
    .min(QUESTIONS.minLength, t.tooShort)
    .max(QUESTIONS.maxLength, t.tooLong)
    .check(multiLine()),
});
export type PostBody = z.input<typeof postBodySchema>;

/** GET /api/guide/lessons/{id}/questions: the newest questions, or those before `before` (a question's id: the next page). */
export const threadQuerySchema = z.object({ before: z.string().trim().min(1).max(64).check(singleLine()).optional() });

/** Who wrote a post, as learners see it: a first name, "Deltaker", or (an official answer) "Svar fra Soloprenør". */
export type PostAuthor = { name: string };

export type Answer = {
  id: string;
  author: PostAuthor;
  body: string;
  /** ISO 8601. */
  createdAt: string;
  /** Written by Soloprenør (an admin). */
  official: boolean;
  /** Written by the viewer (no "Rapporter" on it). */
  mine: boolean;
};
export type Question = Answer & { answers: Answer[] };
export type ThreadResponse = { questions: Question[]; hasMore: boolean };
export type QuestionResponse = { question: Question };
export type AnswerResponse = { answer: Answer };
export type ReportResponse = { reported: true };

/** GET /api/guide/questions/unread: the viewer's questions with answers they have not seen (the guide's badge). */
export type UnreadResponse = { total: number; lessons: { lessonId: string; moduleId: string; count: number }[] };
