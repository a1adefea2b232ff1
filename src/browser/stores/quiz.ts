/*
 * A quiz attempt from the lesson page: its own module, so /guide's overview (which shares the
 * guide store) does not carry it (tests/build/page-weight.test.ts).
 */
import type { ModuleResponse, QuizAttemptResponse } from '#shared/schemas/guide';
import { api, call } from '#browser/api';
import { $module, $modules, withProgress } from './guide';

/**
 * Sends a quiz attempt (POST /api/guide/lessons/{id}/quiz). The module page's copy takes the
 * answer: the lesson's latest result, and on a pass its completion and the module's progress;
 * the overview is refreshed.
 */
export async function submitQuiz(moduleId: string, lessonId: string, answers: string[][]): Promise<QuizAttemptResponse> {
  const result = await call(
    api.guide.lessons[':id'].quiz.$post({ param: { id: encodeURIComponent(lessonId) }, json: { answers } }),
  );
  const cached = $module.get().data;
  if (cached && cached.module.id === moduleId)
    $module.mutate(withQuizResult(withProgress(cached, result.progress), lessonId, result));
  void $modules.revalidate();
  return result;
}

function withQuizResult({ module }: ModuleResponse, lessonId: string, r: QuizAttemptResponse): ModuleResponse {
  const lessons = module.lessons.map((l) =>
    l.id === lessonId && !l.isLocked && l.quiz
      ? {
          ...l,
          quiz: { ...l.quiz, last: { score: r.score, total: r.total, passed: r.passed }, passed: l.quiz.passed || r.passed },
        }
      : l,
  );
  return { module: { ...module, lessons } };
}
