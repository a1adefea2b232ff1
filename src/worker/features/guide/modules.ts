import { and, eq, sql } from 'drizzle-orm';
import { certificates, lessonNotes, lessons, modules, videoPositions, type LessonResource } from '#db/schema';
import type { LessonView, ModuleResponse, ModulesResponse } from '#shared/schemas/guide';
import { videoSource } from '#shared/video';
import type { ServiceCtx } from '#worker/context';
import { renderMarkdown, safeHref } from '#worker/markdown/render-markdown';
import { catalogQueries, moduleStates, requireOpenModule } from './catalog';
import { certificateUrl } from './certificate';
import { certificateReady, nextLesson, unpassedQuizzesQuery } from './continue';
import { signedFileHref } from './file-link';
import { neighbourQueries, toNeighbours } from './neighbours';
import { quizView } from './quiz';
import { available, type Viewer } from './rules';

/** Every module with the viewer's unlock state and progress, in order. */
export async function listModules(ctx: ServiceCtx<'config'>, { viewer }: { viewer: Viewer }): Promise<ModulesResponse> {
  const { db } = ctx;
  const [moduleRows, lessonRows, completions, unpassed, [certificate]] = await db.batch([
    ...catalogQueries(db, viewer),
    unpassedQuizzesQuery(db, viewer),
    db
      .select({ id: certificates.id, public: certificates.public })
      .from(certificates)
      .where(eq(certificates.userId, viewer.userId)),
  ]);
  const states = moduleStates(viewer, [moduleRows, lessonRows, completions]);
  return {
    modules: states.map((s) => s.summary),
    next: nextLesson(states),
    certificateReady: certificateReady(states, unpassed),
    certificate: certificate ? { ...certificate, url: certificateUrl(ctx.config.PUBLIC_URL, certificate.id) } : null,
  };
}

/**
 * One module with its lessons. Content and resources are read only for lessons the viewer
 * may open: premium content never leaves the database for a user without premium.
 */
export async function getModule(
  ctx: ServiceCtx<'config'>,
  { viewer, moduleId }: { viewer: Viewer; moduleId: string },
): Promise<ModuleResponse> {
  const { db } = ctx;
  const [moduleRows, lessonRows, completions, contents, previous, next] = await db.batch([
    ...catalogQueries(db, viewer, moduleId),
    db
      .select({
        id: lessons.id,
        content: lessons.content,
        resources: lessons.resources,
        videoUrl: lessons.videoUrl,
        transcript: lessons.transcript,
        captionsFileId: lessons.captionsFileId,
        videoPosition: videoPositions.seconds,
        noteBody: lessonNotes.body,
        bookmarked: lessonNotes.bookmarked,
        quiz: lessons.quiz,
        // A quiz's latest attempt by this learner, and whether one passed (by quiz_attempts_user_lesson_idx).
        lastAttempt: sql<
          string | null
        >`CASE WHEN ${lessons.type} = 'quiz' THEN (SELECT json_object('score', a.score, 'passed', a.passed)
          FROM quiz_attempts a WHERE a.user_id = ${viewer.userId} AND a.lesson_id = ${lessons.id} ORDER BY a.created_at DESC, a.rowid DESC LIMIT 1) END`,
        quizPassed:
          sql`EXISTS (SELECT 1 FROM quiz_attempts a WHERE a.user_id = ${viewer.userId} AND a.lesson_id = ${lessons.id} AND a.passed = 1)`.mapWith(
            Boolean,
          ),
      })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .leftJoin(videoPositions, and(eq(videoPositions.lessonId, lessons.id), eq(videoPositions.userId, viewer.userId)))
      .leftJoin(lessonNotes, and(eq(lessonNotes.lessonId, lessons.id), eq(lessonNotes.userId, viewer.userId)))
      .where(and(eq(lessons.moduleId, moduleId), available(viewer))),
    ...neighbourQueries(db, viewer, moduleId),
  ]);
  const state = requireOpenModule(moduleStates(viewer, [moduleRows, lessonRows, completions]));
  const now = ctx.now();
  const resourceView = async ({ title, url, fileId }: LessonResource) =>
    fileId ? { title, href: await signedFileHref(ctx.config, viewer.userId, fileId, now) } : { title, url: safeHref(url) };
  const content = new Map(
    await Promise.all(
      contents.map(
        async (c) =>
          [
            c.id,
            {
              ...c,
              videoPosition: c.videoPosition ?? 0,
              resources: await Promise.all(c.resources.map(resourceView)),
              // Captions play as the <track> of an own video only; an embedded player brings its own.
              captionsHref:
                c.captionsFileId && c.videoUrl && videoSource(c.videoUrl)?.kind === 'file'
                  ? await signedFileHref(ctx.config, viewer.userId, c.captionsFileId, now)
                  : null,
            },
          ] as const,
      ),
    ),
  );

  const lessonViews = state.lessons.map((l): LessonView => {
    const base = {
      id: l.id,
      moduleId: l.moduleId,
      title: l.title,
      description: l.description,
      order: l.order,
      type: l.type,
      isPremium: l.isPremium,
      duration: l.duration,
      completed: l.completed,
    };
    const readable = l.available ? content.get(l.id) : undefined;
    return readable
      ? {
          ...base,
          isLocked: false,
          html: renderMarkdown(readable.content),
          resources: readable.resources,
          videoUrl: readable.videoUrl,
          transcriptHtml: renderMarkdown(readable.transcript),
          captionsHref: readable.captionsHref,
          videoPosition: readable.videoPosition,
          note: { body: readable.noteBody ?? '', bookmarked: readable.bookmarked ?? false },
          quiz:
            l.type === 'quiz'
              ? quizView(readable.quiz, readable.lastAttempt ? JSON.parse(readable.lastAttempt) : null, readable.quizPassed)
              : null,
        }
      : { ...base, isLocked: true };
  });
  const { lessons: _summaries, ...summary } = state.summary;
  const neighbours = toNeighbours(previous, next);
  return { module: { ...summary, completedSections: state.completedSections, lessons: lessonViews, neighbours } };
}
