/** Contracts of questions and answers under lessons (/api/guide/lessons/{id}/questions, /api/guide/questions, /api/guide/posts). */
import { QUESTIONS } from '#shared/constants';
import { questions as t } from '#shared/copy/guide/questions';
import { z } from '#shared/zod';
import { multiLine } from '#shared/schemas/common';

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
export const threadQuerySchema = z.object({ before: z.string().trim().min(1).max(64).optional() });

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

/** Whether a text holds a link (`https://…`, `www.…`): accounts younger than QUESTIONS.linksAfterDays may not post one. */
export const hasLink = (text: string) => /\bhttps?:\/\/|\bwww\./i.test(text);

/** A post's text cut into plain text and links (http/https only), for showing it without HTML. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(/\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]'»]/gi)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    const url = match[0];
    parts.push({ text: url, href: /^www\./i.test(url) ? `https://${url}` : url });
    last = match.index + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
